import { Type } from '@sinclair/typebox';
import { DESCRIPTION_MAX } from '../../../../src/domain/domain-fields.js';
import { NOT_IN_DOMAIN_NAME_PATTERN } from '../../../../src/domain/domain-name.js';
import { ADDRESS_PATTERNS } from '../../../../src/domain/host-name.js';
import { celHostName, celString } from '../../../resources/cel.js';
import { ageColumn, commonStatus, notificationGroupNames, readyColumn, type ResourceDefinition } from '../../../resources/common.js';

const name = 'self.trim()';

/**
 * normaliseDomainName's rules on the trimmed name. International names are converted to ASCII by
 * the API (and the operator): CEL cannot, so their labels are the operator's to judge.
 */
const refusals = [
  { test: `${name} == ''`, message: 'name must not be blank' },
  { test: `${name}.matches(${celString(NOT_IN_DOMAIN_NAME_PATTERN)})`, message: 'name must be a host name, not a URL or host:port' },
  { test: `${name}.startsWith('*')`, message: 'name must be a host name; wildcards are not monitored' },
  { test: `${name}.matches(${celString(`^${ADDRESS_PATTERNS.ipv4}\\.?$`)})`, message: 'name must be a host name, not an IP address' },
];

/** Each refusal once: the host name rule holds its peace where an earlier one already speaks. */
const domainNameRules = [
  ...refusals.map(({ test, message }) => ({ rule: `!(${test})`, message })),
  {
    rule: `${refusals.map(({ test }) => test).join(' || ')} || !${name}.matches(${celString('^[\\x00-\\x7f]*$')}) || ${celHostName(name)}`,
    message: 'name must be a valid host name: labels of letters, digits and inner dashes, at most 63 characters each and 253 in all',
  },
];

/** The Domain custom resource: a hostname whose TLS certificate is watched. */
export const DomainSpec = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 253, description: 'the host name whose certificate is watched', 'x-kubernetes-validations': domainNameRules }),
  description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX })),
  notificationGroups: Type.Optional(notificationGroupNames('atomic')),
  active: Type.Optional(Type.Boolean({ default: true, description: 'false stops the scheduled checks' })),
});

export const DomainStatus = Type.Object({
  ...commonStatus,
  certificateNotAfter: Type.Optional(Type.String({ format: 'date-time' })),
  daysUntilExpiry: Type.Optional(Type.Integer()),
  lastCheckedAt: Type.Optional(Type.String({ format: 'date-time' })),
});

export const domainResource: ResourceDefinition = {
  kind: 'Domain',
  plural: 'domains',
  singular: 'domain',
  shortNames: ['vdom'],
  spec: DomainSpec,
  status: DomainStatus,
  printerColumns: [
    { name: 'Host', type: 'string', jsonPath: '.spec.name' },
    readyColumn,
    { name: 'Expires', type: 'date', jsonPath: '.status.certificateNotAfter' },
    { name: 'Days', type: 'integer', jsonPath: '.status.daysUntilExpiry' },
    ageColumn,
  ],
};
