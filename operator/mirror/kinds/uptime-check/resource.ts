import { Type } from '@sinclair/typebox';
import {
  BANNER_OPERATORS,
  CHECK_DEFAULTS,
  CHECK_FREQUENCIES,
  CHECK_LIMITS,
  DNS_RECORD_TYPES,
  PROTOCOLS,
  REQUEST_METHODS,
  RESPONSE_CLASSES,
} from '../../../../src/domain/check-options.js';
import { NOT_IN_PATH_PATTERN } from '../../../../src/domain/check-validation.js';
import { CHECK_STATES, CHECK_TYPES } from '../../../../src/store/entities/uptime-check.js';
import { ageColumn, commonStatus, notBlank, notificationGroupNames, readyColumn, resourceNameFits, type ResourceDefinition } from '../../../resources/common.js';
import { celString } from '../../../resources/cel.js';
import { uptimeCheckRules } from './resource-rules.js';

const oneOf = (values: readonly (string | number)[], options: Record<string, unknown> = {}) => Type.Union(values.map((value) => Type.Literal(value)), options);

/** At most `max` bytes of UTF-8 (maxLength counts characters and bounds the rule's cost). */
const atMostBytes = (field: string, max: number) => ({ maxLength: max, 'x-kubernetes-validations': [{ rule: `size(bytes(self)) <= ${max}`, message: `${field} must be at most ${max} bytes` }] });

/**
 * The UptimeCheck custom resource: the API's check fields in camelCase, with the API's defaults
 * and every rule of src/domain/check-validation.ts a CRD can state. What only the installation knows
 * (offered locations, private targets, notification group names) the operator checks with the API's
 * own validation when it upserts the row.
 */
export const UptimeCheckSpec = Type.Object(
  {
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: CHECK_LIMITS.nameMaxLength, description: 'display name; default: metadata.name', 'x-kubernetes-validations': [notBlank('name')] }),
    ),
    checkType: oneOf(CHECK_TYPES, {
      description: 'http, ping, dns or tcp; fixed once the check exists',
      'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'checkType cannot be changed: delete the check and create it with the new type' }],
    }),
    hostname: Type.String({ minLength: 1, maxLength: CHECK_LIMITS.hostnameMaxLength, description: 'host name or IP address; HTTP checks may add :port' }),
    protocol: Type.Optional(oneOf(PROTOCOLS, { description: 'HTTP only; required there' })),
    path: Type.Optional(
      Type.String({
        pattern: '^/',
        maxLength: CHECK_LIMITS.pathMaxLength,
        default: CHECK_DEFAULTS.path,
        description: 'HTTP only: request path from /, no spaces',
        'x-kubernetes-validations': [{ rule: `!self.matches(${celString(NOT_IN_PATH_PATTERN)})`, message: 'path must not contain spaces or control characters' }],
      }),
    ),
    checkFrequency: Type.Optional(oneOf(CHECK_FREQUENCIES, { default: CHECK_DEFAULTS.checkFrequency, description: 'minutes' })),
    requestMethod: Type.Optional(oneOf(REQUEST_METHODS, { default: CHECK_DEFAULTS.requestMethod, description: 'HTTP only' })),
    responseTimeout: Type.Optional(
      Type.Integer({
        minimum: CHECK_LIMITS.responseTimeoutMinMs,
        maximum: CHECK_LIMITS.responseTimeoutMaxMs,
        default: CHECK_DEFAULTS.responseTimeout,
        description: 'milliseconds',
      }),
    ),
    triggerLocations: Type.Array(Type.String({ maxLength: CHECK_LIMITS.locationIdMaxLength, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' }), {
      minItems: 1,
      maxItems: CHECK_LIMITS.triggerLocationsMax,
      'x-kubernetes-list-type': 'set',
      description: 'locations that probe the target; each at most once',
    }),
    minFailingLocations: Type.Optional(
      Type.Integer({ minimum: 1, default: CHECK_DEFAULTS.minFailingLocations, description: 'failing locations that open an incident (quorum)' }),
    ),
    responseClasses: Type.Optional(
      Type.Array(oneOf(RESPONSE_CLASSES), {
        minItems: 1,
        maxItems: RESPONSE_CLASSES.length,
        'x-kubernetes-list-type': 'set',
        default: [...CHECK_DEFAULTS.responseClasses],
        description: 'HTTP only: accepted status classes',
      }),
    ),
    flagFollowRedirect: Type.Optional(Type.Boolean({ default: CHECK_DEFAULTS.flagFollowRedirect, description: 'HTTP only' })),
    notificationGroups: Type.Optional(notificationGroupNames('set')),
    dnsRecordType: Type.Optional(oneOf(DNS_RECORD_TYPES, { description: 'DNS only; required there' })),
    dnsExpectedValues: Type.Optional(
      Type.Array(Type.String({ minLength: 1, ...atMostBytes('each of dnsExpectedValues', CHECK_LIMITS.dnsExpectedValueMaxBytes) }), {
        minItems: CHECK_LIMITS.dnsExpectedValuesMin,
        maxItems: CHECK_LIMITS.dnsExpectedValuesMax,
        description: 'DNS only; required there: answers the record must hold',
        'x-kubernetes-validations': [
          {
            rule: `self.map(value, size(bytes(value))).sum() <= ${CHECK_LIMITS.dnsExpectedValuesMaxTotalBytes}`,
            message: `dnsExpectedValues must be at most ${CHECK_LIMITS.dnsExpectedValuesMaxTotalBytes} bytes combined`,
          },
        ],
      }),
    ),
    port: Type.Optional(
      Type.Integer({
        minimum: CHECK_LIMITS.portMin,
        maximum: CHECK_LIMITS.portMax,
        description: 'TCP only; required there',
        'x-kubernetes-validations': CHECK_LIMITS.forbiddenPorts.map((port) => ({ rule: `self != ${port}`, message: `port ${port} (SMTP) cannot be monitored` })),
      }),
    ),
    bannerMatchOperator: Type.Optional(oneOf(BANNER_OPERATORS, { default: CHECK_DEFAULTS.bannerMatchOperator, description: 'TCP only' })),
    bannerMatchValue: Type.Optional(
      Type.String({ ...atMostBytes('bannerMatchValue', CHECK_LIMITS.bannerMatchValueMaxBytes), description: 'TCP only: empty when bannerMatchOperator is none' }),
    ),
    paused: Type.Optional(Type.Boolean({ default: false })),
  },
  { 'x-kubernetes-validations': uptimeCheckRules },
);

export const UptimeCheckStatus = Type.Object({
  ...commonStatus,
  state: Type.Optional(oneOf([...CHECK_STATES, 'paused'])),
  lastRunAt: Type.Optional(Type.String({ format: 'date-time' })),
  openIncidentId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});

export const uptimeCheckResource: ResourceDefinition = {
  kind: 'UptimeCheck',
  plural: 'uptimechecks',
  singular: 'uptimecheck',
  shortNames: ['uc'],
  spec: UptimeCheckSpec,
  status: UptimeCheckStatus,
  rootRules: [resourceNameFits(CHECK_LIMITS.nameMaxLength)],
  printerColumns: [
    { name: 'Type', type: 'string', jsonPath: '.spec.checkType' },
    { name: 'Host', type: 'string', jsonPath: '.spec.hostname' },
    { name: 'Frequency', type: 'integer', jsonPath: '.spec.checkFrequency', description: 'minutes between runs' },
    readyColumn,
    { name: 'State', type: 'string', jsonPath: '.status.state' },
    { name: 'Incident', type: 'integer', jsonPath: '.status.openIncidentId' },
    { name: 'Last run', type: 'date', jsonPath: '.status.lastRunAt' },
    ageColumn,
  ],
};
