import { Type, type TSchema } from '@sinclair/typebox';
import type { ValidationRule } from './cel.js';

export const GROUP = 'monitoring.vantage.dev';
export const VERSION = 'v1';

/** `kubectl get vantage` lists every kind of this category. */
export const CATEGORY = 'vantage';

/** Names of notification groups in the namespace's workspace (the API's ids, by name). */
export const notificationGroupNames = (listType: 'set' | 'atomic') =>
  Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50, 'x-kubernetes-list-type': listType });

/** Name of another object in the namespace: a DNS subdomain, as Kubernetes names objects. */
export const ObjectName = Type.String({ minLength: 1, maxLength: 253, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$' });

/** Display names and descriptions: what the API trims must hold more than spaces. */
export const notBlank = (field: string) => ({ rule: "self.trim() != ''", message: `${field} must not be blank` });

/** metav1.Condition, with the bounds and patterns controller-gen emits for it. */
export const Condition = Type.Object(
  {
    type: Type.String({
      description: 'type of condition in CamelCase or in foo.example.com/CamelCase.',
      maxLength: 316,
      pattern: '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$',
    }),
    status: Type.Union([Type.Literal('True'), Type.Literal('False'), Type.Literal('Unknown')], { description: 'status of the condition, one of True, False, Unknown.' }),
    observedGeneration: Type.Optional(
      Type.Integer({
        description: 'observedGeneration represents the .metadata.generation that the condition was set based upon.',
        format: 'int64',
        minimum: 0,
      }),
    ),
    lastTransitionTime: Type.String({
      description: 'lastTransitionTime is the last time the condition transitioned from one status to another.',
      format: 'date-time',
    }),
    reason: Type.String({
      description: "reason contains a programmatic identifier indicating the reason for the condition's last transition.",
      maxLength: 1024,
      minLength: 1,
      pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$',
    }),
    message: Type.String({ description: 'message is a human readable message indicating details about the transition.', maxLength: 32768 }),
  },
  { description: 'Condition contains details for one aspect of the current state of this API Resource.' },
);

/** Status fields every Vantage resource carries (DESIGN.md, Kubernetes). */
export const commonStatus = {
  id: Type.Optional(Type.Integer({ description: 'id of the row in the Vantage API' })),
  observedGeneration: Type.Optional(Type.Integer()),
  conditions: Type.Optional(
    Type.Array(Condition, { description: 'Ready and Synced', 'x-kubernetes-list-type': 'map', 'x-kubernetes-list-map-keys': ['type'] }),
  ),
};

export interface PrinterColumn {
  name: string;
  type: 'string' | 'integer' | 'date' | 'boolean';
  jsonPath: string;
  description?: string;
  priority?: number;
}

/** Columns every kind prints: whether it is Ready, and its age. */
export const readyColumn: PrinterColumn = { name: 'Ready', type: 'string', jsonPath: '.status.conditions[?(@.type=="Ready")].status' };
export const ageColumn: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };

/** One custom resource kind: its names, schemas and the columns `kubectl get` prints. */
export interface ResourceDefinition {
  kind: string;
  plural: string;
  singular: string;
  shortNames: string[];
  spec: TSchema;
  status: TSchema;
  printerColumns: PrinterColumn[];
  /** Rules over the whole object (they may read metadata.name). */
  rootRules?: ValidationRule[];
}

/** Where `spec.name` defaults to `metadata.name`, that name must fit the display name's bound. */
export const resourceNameFits = (maxLength: number): ValidationRule => ({
  rule: `has(self.spec.name) || size(self.metadata.name) <= ${maxLength}`,
  message: `metadata.name is longer than ${maxLength} characters, the most a display name holds: set spec.name`,
  fieldPath: '.spec.name',
});
