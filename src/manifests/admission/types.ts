/** The parts of a CustomResourceDefinition (apiextensions.k8s.io/v1, as written in YAML) that admission reads. */
export interface CustomResourceDefinitionObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; [key: string]: unknown };
  spec: {
    group: string;
    scope: 'Namespaced' | 'Cluster';
    names: { kind: string; listKind?: string; plural: string; singular?: string; shortNames?: string[]; categories?: string[] };
    versions: CustomResourceVersion[];
  };
}

export interface CustomResourceVersion {
  name: string;
  served: boolean;
  storage: boolean;
  subresources?: { status?: Record<string, never>; scale?: Record<string, unknown> };
  additionalPrinterColumns?: PrinterColumn[];
  schema?: { openAPIV3Schema: JsonSchemaProps };
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
}

export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueRequired' | 'FieldValueDuplicate';
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

/** A structural OpenAPI v3 schema node with the Kubernetes extensions. */
export interface JsonSchemaProps {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  description?: string;
  properties?: Record<string, JsonSchemaProps>;
  additionalProperties?: JsonSchemaProps | boolean;
  items?: JsonSchemaProps;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  uniqueItems?: boolean;
  nullable?: boolean;
  default?: unknown;
  not?: JsonSchemaProps;
  allOf?: JsonSchemaProps[];
  anyOf?: JsonSchemaProps[];
  oneOf?: JsonSchemaProps[];
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  'x-kubernetes-validations'?: ValidationRule[];
}

export interface AdmissionCause {
  field: string;
  message: string;
  reason?: string;
}

export type AdmissionVerdict = { allowed: true; object: Record<string, unknown> } | { allowed: false; causes: AdmissionCause[] };

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
