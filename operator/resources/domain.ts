import { Type } from '@sinclair/typebox';
import { commonStatus, NotificationGroupNames, type ResourceDefinition } from './common.js';

/** The Domain custom resource: a hostname whose TLS certificate is watched. */
export const DomainSpec = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 253, description: 'the host name whose certificate is watched' }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  notificationGroups: Type.Optional(NotificationGroupNames),
  active: Type.Optional(Type.Boolean({ description: 'false stops the scheduled checks' })),
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
    { name: 'Expires', type: 'date', jsonPath: '.status.certificateNotAfter' },
    { name: 'Days', type: 'integer', jsonPath: '.status.daysUntilExpiry' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ],
};
