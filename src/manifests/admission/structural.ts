import { canonicalJson } from './canonical-json.js';
import { childPath, duplicate, indexPath, invalid, notSupported, required, tooLong, tooMany, typeInvalid } from './field-errors.js';
import { matchesFormat } from './formats.js';
import { fieldSchema, isResourceNode } from './schema-tree.js';
import { isJsonObject, type AdmissionCause, type JsonObject, type JsonSchemaProps } from './types.js';

/** The schema type a JSON value has, in the words of an OpenAPI error. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(schema: JsonSchemaProps, value: unknown): boolean {
  if (schema['x-kubernetes-int-or-string']) return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
  switch (schema.type) {
    case undefined:
      return true;
    case 'object':
      return isJsonObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === schema.type;
  }
}

/**
 * OpenAPI v3 value validation of a structural schema, as the API server runs it on custom resources:
 * every error found, each at its field path. Unknown fields are not this function's concern.
 */
export function validateStructure(schema: JsonSchemaProps, value: unknown, path = '', root = true): AdmissionCause[] {
  const where = path === '' ? '<root>' : path;
  if (value === null) {
    if (schema.nullable || (schema.type === undefined && schema['x-kubernetes-preserve-unknown-fields'])) return [];
    return [typeInvalid(where, 'null', `${where} in body must be of type ${schema.type ?? 'object'}: "null"`)];
  }
  if (!hasType(schema, value)) {
    const expected = schema['x-kubernetes-int-or-string'] ? 'integer or string' : schema.type;
    return [typeInvalid(where, jsonType(value), `${where} in body must be of type ${expected}: "${jsonType(value)}"`)];
  }
  const causes: AdmissionCause[] = [];
  if (schema.enum && !schema.enum.some((allowed) => canonicalJson(allowed) === canonicalJson(value))) causes.push(notSupported(where, value, schema.enum));
  if (typeof value === 'string') causes.push(...stringErrors(schema, value, where));
  if (typeof value === 'number') causes.push(...numberErrors(schema, value, where));
  if (Array.isArray(value)) causes.push(...arrayErrors(schema, value, path));
  if (isJsonObject(value)) causes.push(...objectErrors(schema, value, path, root));
  causes.push(...combinatorErrors(schema, value, path, root));
  return causes;
}

function stringErrors(schema: JsonSchemaProps, value: string, where: string): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) causes.push(invalid(where, value, `${where} in body should be at least ${schema.minLength} chars long`));
  if (schema.maxLength !== undefined && length > schema.maxLength) causes.push(tooLong(where, schema.maxLength));
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) causes.push(invalid(where, value, `${where} in body should match '${schema.pattern}'`));
  if (schema.format !== undefined && !matchesFormat(schema.format, value)) causes.push(invalid(where, value, `${where} in body must be of type ${schema.format}: ${JSON.stringify(value)}`));
  return causes;
}

function numberErrors(schema: JsonSchemaProps, value: number, where: string): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  if (schema.minimum !== undefined) {
    const below = schema.exclusiveMinimum ? value <= schema.minimum : value < schema.minimum;
    if (below) causes.push(invalid(where, value, `${where} in body should be greater than ${schema.exclusiveMinimum ? '' : 'or equal to '}${schema.minimum}`));
  }
  if (schema.maximum !== undefined) {
    const above = schema.exclusiveMaximum ? value >= schema.maximum : value > schema.maximum;
    if (above) causes.push(invalid(where, value, `${where} in body should be less than ${schema.exclusiveMaximum ? '' : 'or equal to '}${schema.maximum}`));
  }
  if (schema.multipleOf !== undefined && !Number.isInteger(value / schema.multipleOf)) causes.push(invalid(where, value, `${where} in body should be a multiple of ${schema.multipleOf}`));
  return causes;
}

function arrayErrors(schema: JsonSchemaProps, value: unknown[], path: string): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  if (schema.minItems !== undefined && value.length < schema.minItems) causes.push(invalid(path, value.length, `${path} in body should have at least ${schema.minItems} items`));
  if (schema.maxItems !== undefined && value.length > schema.maxItems) causes.push(tooMany(path, value.length, schema.maxItems));
  causes.push(...listTypeErrors(schema, value, path));
  if (schema.items) value.forEach((item, index) => causes.push(...validateStructure(schema.items!, item, indexPath(path, index), false)));
  return causes;
}

/** x-kubernetes-list-type set: items unique; map: the key fields present and unique together. */
function listTypeErrors(schema: JsonSchemaProps, value: unknown[], path: string): AdmissionCause[] {
  const listType = schema['x-kubernetes-list-type'] ?? (schema.uniqueItems ? 'set' : 'atomic');
  if (listType === 'atomic') return [];
  const causes: AdmissionCause[] = [];
  const seen = new Set<string>();
  const keys = schema['x-kubernetes-list-map-keys'] ?? [];
  value.forEach((item, index) => {
    let identity: unknown = item;
    if (listType === 'map') {
      const object = isJsonObject(item) ? item : {};
      const missing = keys.filter((key) => object[key] === undefined);
      for (const key of missing) causes.push(required(childPath(indexPath(path, index), key)));
      if (missing.length > 0) return;
      identity = Object.fromEntries(keys.map((key) => [key, object[key]]));
    }
    const text = canonicalJson(identity);
    if (seen.has(text)) causes.push(duplicate(indexPath(path, index), identity));
    seen.add(text);
  });
  return causes;
}

function objectErrors(schema: JsonSchemaProps, value: JsonObject, path: string, root: boolean): AdmissionCause[] {
  const causes: AdmissionCause[] = [];
  for (const name of schema.required ?? []) if (value[name] === undefined) causes.push(required(childPath(path, name)));
  const count = Object.keys(value).length;
  const where = path === '' ? '<root>' : path;
  if (schema.minProperties !== undefined && count < schema.minProperties) causes.push(invalid(where, count, `${where} in body should have at least ${schema.minProperties} properties`));
  if (schema.maxProperties !== undefined && count > schema.maxProperties) causes.push(tooMany(where, count, schema.maxProperties));
  const resourceNode = isResourceNode(schema, root);
  const additional = typeof schema.additionalProperties === 'object';
  for (const [name, child] of Object.entries(value)) {
    const childSchema = fieldSchema(schema, name, resourceNode);
    if (childSchema === undefined || childSchema === 'any') continue;
    const here = additional && !schema.properties?.[name] ? indexPath(path, name) : childPath(path, name);
    causes.push(...validateStructure(childSchema, child, here, false));
  }
  return causes;
}

/** not / allOf / anyOf / oneOf: value-only constraints a structural schema may add to a typed node. */
function combinatorErrors(schema: JsonSchemaProps, value: unknown, path: string, root: boolean): AdmissionCause[] {
  const where = path === '' ? '<root>' : path;
  const passes = (sub: JsonSchemaProps) => validateStructure(sub, value, path, root).length === 0;
  const causes: AdmissionCause[] = [];
  if (schema.not && passes(schema.not)) causes.push(invalid(where, value, `${where} in body must not validate the schema (not)`));
  for (const sub of schema.allOf ?? []) causes.push(...validateStructure(sub, value, path, root));
  if (schema.anyOf && !schema.anyOf.some(passes)) causes.push(invalid(where, value, `${where} in body must validate at least one schema (anyOf)`));
  if (schema.oneOf && schema.oneOf.filter(passes).length !== 1) causes.push(invalid(where, value, `${where} in body must validate one and only one schema (oneOf)`));
  return causes;
}
