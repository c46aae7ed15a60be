import type { JsonSchemaProps } from './types.js';

/** Fields every object at the root (and every x-kubernetes-embedded-resource) has without declaring them. */
export const IMPLICIT_RESOURCE_FIELDS = ['apiVersion', 'kind', 'metadata'];

/**
 * The schema of one field of an object node: its property schema, else the additionalProperties
 * schema, else `'any'` where unknown fields are kept (preserve-unknown-fields, additionalProperties:
 * true, or an implicit resource field), else undefined: the field is unknown.
 */
export function fieldSchema(schema: JsonSchemaProps, name: string, resourceRoot: boolean): JsonSchemaProps | 'any' | undefined {
  const declared = schema.properties?.[name];
  if (declared) return declared;
  if (typeof schema.additionalProperties === 'object') return schema.additionalProperties;
  if (schema.additionalProperties === true || schema['x-kubernetes-preserve-unknown-fields']) return 'any';
  if (resourceRoot && IMPLICIT_RESOURCE_FIELDS.includes(name)) return 'any';
  return undefined;
}

/** Whether an object node carries apiVersion/kind/metadata implicitly (the root, or an embedded resource). */
export const isResourceNode = (schema: JsonSchemaProps, root: boolean): boolean => root || schema['x-kubernetes-embedded-resource'] === true;
