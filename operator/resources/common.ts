import { Type, type TSchema } from '@sinclair/typebox';

export const GROUP = 'monitoring.vantage.dev';
export const VERSION = 'v1';

/** Names of notification groups in the namespace's workspace (the API's ids, by name). */
export const NotificationGroupNames = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 });

/** metav1.Condition, as Kubernetes API conventions define it. */
export const Condition = Type.Object({
  type: Type.String(),
  status: Type.Union([Type.Literal('True'), Type.Literal('False'), Type.Literal('Unknown')]),
  observedGeneration: Type.Optional(Type.Integer()),
  lastTransitionTime: Type.String({ format: 'date-time' }),
  reason: Type.String(),
  message: Type.String(),
});

/** Status fields every Vantage resource carries (DESIGN.md, Kubernetes). */
export const commonStatus = {
  id: Type.Optional(Type.Integer({ description: 'id of the row in the Vantage API' })),
  observedGeneration: Type.Optional(Type.Integer()),
  conditions: Type.Optional(Type.Array(Condition, { description: 'Ready and Synced' })),
};

export interface PrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'date' | 'boolean';
  jsonPath: string;
  description?: string;
  priority?: number;
}

/** One custom resource kind: its names, schemas and the columns `kubectl get` prints. */
export interface ResourceDefinition {
  kind: string;
  plural: string;
  singular: string;
  shortNames: string[];
  spec: TSchema;
  status: TSchema;
  printerColumns: PrinterColumn[];
}
