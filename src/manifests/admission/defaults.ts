import { fieldSchema, isResourceNode } from './schema-tree.js';
import { isJsonObject, type JsonSchemaProps } from './types.js';

/**
 * Structural defaulting as the API server does it on decoding: a null in a non-nullable field is
 * dropped, then every absent property with a `default` gets a copy of it, depth first through
 * objects, maps and list items. Mutates `value` in place.
 */
export function applyDefaults(schema: JsonSchemaProps, value: unknown, root = false): void {
  if (Array.isArray(value)) {
    if (schema.items) for (const item of value) applyDefaults(schema.items, item);
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (value[name] === null && !property.nullable) delete value[name];
    if (value[name] === undefined && property.default !== undefined) value[name] = structuredClone(property.default);
  }
  const resourceNode = isResourceNode(schema, root);
  for (const [name, child] of Object.entries(value)) {
    const childSchema = fieldSchema(schema, name, resourceNode);
    if (childSchema === undefined || childSchema === 'any') continue;
    if (child === null && !childSchema.nullable) delete value[name];
    else applyDefaults(childSchema, child);
  }
}
