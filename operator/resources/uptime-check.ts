import { Type } from '@sinclair/typebox';
import {
  BANNER_OPERATORS,
  CHECK_FREQUENCIES,
  CHECK_LIMITS,
  DNS_RECORD_TYPES,
  PROTOCOLS,
  REQUEST_METHODS,
  RESPONSE_CLASSES,
} from '../../src/domain/check-options.js';
import { CHECK_STATES, CHECK_TYPES } from '../../src/store/entities/uptime-check.js';
import { commonStatus, NotificationGroupNames, type ResourceDefinition } from './common.js';

const oneOf = (values: readonly (string | number)[]) => Type.Union(values.map((value) => Type.Literal(value)));

/**
 * The UptimeCheck custom resource: the API's check fields in camelCase. The same bounds as the
 * API come from src/domain/check-options.ts; rules across fields (quorum, per-type fields) are
 * checked by the operator with the API's validation when it upserts the row.
 */
export const UptimeCheckSpec = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: CHECK_LIMITS.nameMaxLength, description: 'display name; default: metadata.name' })),
  checkType: oneOf(CHECK_TYPES),
  hostname: Type.String({ minLength: 1, maxLength: CHECK_LIMITS.hostnameMaxLength }),
  protocol: Type.Optional(oneOf(PROTOCOLS)),
  path: Type.Optional(Type.String({ pattern: '^/', maxLength: CHECK_LIMITS.pathMaxLength })),
  checkFrequency: oneOf(CHECK_FREQUENCIES),
  requestMethod: Type.Optional(oneOf(REQUEST_METHODS)),
  responseTimeout: Type.Optional(
    Type.Integer({ minimum: CHECK_LIMITS.responseTimeoutMinMs, maximum: CHECK_LIMITS.responseTimeoutMaxMs, description: 'milliseconds' }),
  ),
  triggerLocations: Type.Array(Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$' }), { minItems: 1 }),
  minFailingLocations: Type.Integer({ minimum: 1 }),
  responseClasses: Type.Optional(Type.Array(oneOf(RESPONSE_CLASSES), { minItems: 1 })),
  flagFollowRedirect: Type.Optional(Type.Boolean()),
  notificationGroups: Type.Optional(NotificationGroupNames),
  dnsRecordType: Type.Optional(oneOf(DNS_RECORD_TYPES)),
  dnsExpectedValues: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: CHECK_LIMITS.dnsExpectedValueMaxBytes }), {
      minItems: CHECK_LIMITS.dnsExpectedValuesMin,
      maxItems: CHECK_LIMITS.dnsExpectedValuesMax,
    }),
  ),
  port: Type.Optional(Type.Integer({ minimum: CHECK_LIMITS.portMin, maximum: CHECK_LIMITS.portMax, not: Type.Literal(25) })),
  bannerMatchOperator: Type.Optional(oneOf(BANNER_OPERATORS)),
  bannerMatchValue: Type.Optional(Type.String({ maxLength: CHECK_LIMITS.bannerMatchValueMaxBytes })),
  paused: Type.Optional(Type.Boolean()),
});

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
  printerColumns: [
    { name: 'Type', type: 'string', jsonPath: '.spec.checkType' },
    { name: 'Host', type: 'string', jsonPath: '.spec.hostname' },
    { name: 'State', type: 'string', jsonPath: '.status.state' },
    { name: 'Incident', type: 'integer', jsonPath: '.status.openIncidentId' },
    { name: 'Last run', type: 'date', jsonPath: '.status.lastRunAt' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
};
