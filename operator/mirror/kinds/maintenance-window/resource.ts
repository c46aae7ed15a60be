import { Type } from '@sinclair/typebox';
import { WINDOW_LIMITS } from '../../../../src/domain/maintenance-window-validation.js';
import { MAINTENANCE_SCOPES } from '../../../../src/store/entities/maintenance-window.js';
import { ageColumn, commonStatus, notBlank, ObjectName, readyColumn, resourceNameFits, type ResourceDefinition } from '../../../resources/common.js';

/** validateMaintenanceWindow's rules across fields; a window ending in the past is the operator's to refuse (CRD rules have no clock). */
const windowRules = [
  { rule: "self.scope != 'uptime_check' || has(self.uptimeCheck)", message: 'uptimeCheck is required when scope is uptime_check', fieldPath: '.uptimeCheck', reason: 'FieldValueRequired' },
  { rule: "self.scope != 'workspace' || !has(self.uptimeCheck)", message: 'uptimeCheck must be omitted when scope is workspace', fieldPath: '.uptimeCheck', reason: 'FieldValueForbidden' },
  { rule: 'self.endsAt > self.startsAt', message: 'endsAt must be after startsAt', fieldPath: '.endsAt' },
  {
    rule: `self.endsAt - self.startsAt <= duration('${WINDOW_LIMITS.maxDurationDays * 24}h')`,
    message: `endsAt must be at most ${WINDOW_LIMITS.maxDurationDays} days after startsAt`,
    fieldPath: '.endsAt',
  },
];

/** The MaintenanceWindow custom resource: a one-time range that suppresses incidents. */
export const MaintenanceWindowSpec = Type.Object(
  {
    name: Type.Optional(
      Type.String({ minLength: 1, maxLength: WINDOW_LIMITS.nameMax, description: 'display name; default: metadata.name', 'x-kubernetes-validations': [notBlank('name')] }),
    ),
    description: Type.Optional(Type.String({ maxLength: WINDOW_LIMITS.descriptionMax })),
    scope: Type.Union(MAINTENANCE_SCOPES.map((scope) => Type.Literal(scope))),
    uptimeCheck: Type.Optional({ ...ObjectName, description: 'name of the UptimeCheck in this namespace; required with scope uptime_check' }),
    startsAt: Type.String({ format: 'date-time' }),
    endsAt: Type.String({ format: 'date-time', description: 'after startsAt, at most 31 days later, and in the future when set' }),
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { 'x-kubernetes-validations': windowRules },
);

export const MaintenanceWindowStatus = Type.Object({
  ...commonStatus,
  state: Type.Optional(Type.Union(['scheduled', 'active', 'completed', 'disabled'].map((s) => Type.Literal(s)))),
});

export const maintenanceWindowResource: ResourceDefinition = {
  kind: 'MaintenanceWindow',
  plural: 'maintenancewindows',
  singular: 'maintenancewindow',
  shortNames: ['vmw'],
  spec: MaintenanceWindowSpec,
  status: MaintenanceWindowStatus,
  rootRules: [resourceNameFits(WINDOW_LIMITS.nameMax)],
  printerColumns: [
    { name: 'Scope', type: 'string', jsonPath: '.spec.scope' },
    { name: 'Starts', type: 'date', jsonPath: '.spec.startsAt' },
    { name: 'Ends', type: 'date', jsonPath: '.spec.endsAt' },
    readyColumn,
    { name: 'State', type: 'string', jsonPath: '.status.state' },
    ageColumn,
  ],
};
