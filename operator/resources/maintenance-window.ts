import { Type } from '@sinclair/typebox';
import { commonStatus, type ResourceDefinition } from './common.js';

/** The MaintenanceWindow custom resource: a one-time range that suppresses incidents. */
export const MaintenanceWindowSpec = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'display name; default: metadata.name' })),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  scope: Type.Union([Type.Literal('workspace'), Type.Literal('uptime_check')]),
  uptimeCheck: Type.Optional(Type.String({ minLength: 1, description: 'name of the UptimeCheck in this namespace; required with scope uptime_check' })),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  enabled: Type.Optional(Type.Boolean()),
});

export const MaintenanceWindowStatus = Type.Object({
  ...commonStatus,
  state: Type.Optional(Type.Union(['scheduled', 'active', 'completed', 'disabled'].map((s) => Type.Literal(s)))),
});

export const maintenanceWindowResource: ResourceDefinition = {
  kind: 'MaintenanceWindow',
  plural: 'maintenancewindows',
  singular: 'maintenancewindow',
  shortNames: ['mw'],
  spec: MaintenanceWindowSpec,
  status: MaintenanceWindowStatus,
  printerColumns: [
    { name: 'Scope', type: 'string', jsonPath: '.spec.scope' },
    { name: 'Starts', type: 'date', jsonPath: '.spec.startsAt' },
    { name: 'Ends', type: 'date', jsonPath: '.spec.endsAt' },
    { name: 'State', type: 'string', jsonPath: '.status.state' },
  ],
};
