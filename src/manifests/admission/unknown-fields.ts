import { childPath, indexPath } from './field-errors.js';
import { fieldSchema, isResourceNode } from './schema-tree.js';
import { isJsonObject, type JsonSchemaProps } from './types.js';

/**
 * The paths of fields the schema does not declare (what pruning would drop). With `prune`, they are
 * also deleted from `value`, which is how the API server treats unknown fields of custom resources
 * unless field validation is Strict.
 */
export function unknownFields(schema: JsonSchemaProps, value: unknown, options: { prune: boolean }, path = '', root = true): string[] {
  if (Array.isArray(value)) {
    if (!schema.items) return [];
    return value.flatMap((item, index) => unknownFields(schema.items!, item, options, indexPath(path, index), false));
  }
  if (!isJsonObject(value)) return [];
  const found: string[] = [];
  const resourceNode = isResourceNode(schema, root);
  const additional = typeof schema.additionalProperties === 'object';
  for (const [name, child] of Object.entries(value)) {
    const here = additional && !schema.properties?.[name] ? indexPath(path, name) : childPath(path, name);
    const childSchema = fieldSchema(schema, name, resourceNode);
    if (childSchema === undefined) {
      found.push(here);
      if (options.prune) delete value[name];
    } else if (childSchema !== 'any') {
      found.push(...unknownFields(childSchema, child, options, here, false));
    }
  }
  return found;
}
