import { isCelError, run } from '@bufbuild/cel';

type Schema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  required?: string[];
};

export interface AdmissionCause {
  field: string;
  message: string;
  reason: string;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

const typeOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value === 'number' ? 'number' : typeof value;

/** Characters as Kubernetes counts them for minLength/maxLength: code points. */
const length = (value: string) => [...value].length;

/** Fills in `default`s of absent properties, as the API server does before it validates. */
function applyDefaults(schema: Schema, value: unknown): unknown {
  if (typeOf(value) === 'object' && schema.properties) {
    const object = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(schema.properties)) {
      if (object[key] === undefined && child.default !== undefined) object[key] = structuredClone(child.default);
      if (object[key] !== undefined) object[key] = applyDefaults(child, object[key]);
    }
  } else if (Array.isArray(value) && schema.items) return value.map((item) => applyDefaults(schema.items!, item));
  return value;
}

interface Walk {
  causes: AdmissionCause[];
  strict: boolean;
  warnings: string[];
}

function celRules(schema: Schema, value: unknown, old: unknown, path: string, walk: Walk): void {
  const rules = schema['x-kubernetes-validations'] as Array<{ rule: string; message?: string; messageExpression?: string; fieldPath?: string; reason?: string }> | undefined;
  for (const rule of rules ?? []) {
    const transition = /\boldSelf\b/.test(rule.rule);
    if (transition && old === undefined) continue;
    const bindings = { self: value, ...(transition ? { oldSelf: old } : {}) } as Parameters<typeof run>[1];
    const result = run(rule.rule, bindings);
    if (isCelError(result)) {
      walk.causes.push({ field: path, reason: 'FieldValueInvalid', message: `rule compile/eval error: ${result.message}: ${rule.rule}` });
      continue;
    }
    if (result === true) continue;
    let message = rule.message ?? `failed rule: ${rule.rule}`;
    if (rule.messageExpression) {
      const computed = run(rule.messageExpression, bindings);
      if (typeof computed === 'string') message = computed;
    }
    walk.causes.push({ field: rule.fieldPath ? `${path}${rule.fieldPath}` : path, reason: rule.reason ?? 'FieldValueInvalid', message: `Invalid value: ${message}` });
  }
}

function check(schema: Schema, value: unknown, old: unknown, path: string, walk: Walk): void {
  const { causes } = walk;
  const fail = (message: string, reason = 'FieldValueInvalid') => causes.push({ field: path, message, reason });
  if (value === null && schema.nullable) return;
  const actual = typeOf(value);
  const expected = schema.type;
  if (schema['x-kubernetes-int-or-string']) {
    if (actual !== 'integer' && actual !== 'string') fail(`Invalid value: "${actual}": ${path} in body must be of type int-or-string`, 'FieldValueTypeInvalid');
  } else if (expected && !(expected === actual || (expected === 'number' && actual === 'integer'))) {
    fail(`Invalid value: "${actual}": ${path} in body must be of type ${expected}: "${actual}"`, 'FieldValueTypeInvalid');
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value))) {
    fail(`Unsupported value: ${JSON.stringify(value)}: supported values: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`, 'FieldValueNotSupported');
  }
  if (typeof value === 'string') {
    if (typeof schema.maxLength === 'number' && length(value) > schema.maxLength) fail(`Too long: may not be more than ${schema.maxLength} bytes`, 'FieldValueTooLong');
    if (typeof schema.minLength === 'number' && length(value) < schema.minLength) fail(`Invalid value: "${value}": ${path} in body should be at least ${schema.minLength} chars long`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) fail(`Invalid value: "${value}": ${path} in body should match '${schema.pattern}'`);
    if (schema.format === 'date-time' && !DATE_TIME.test(value)) fail(`Invalid value: "${value}": ${path} in body must be of type date-time: "${value}"`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && (schema.exclusiveMinimum ? value <= schema.minimum : value < schema.minimum)) fail(`Invalid value: ${value}: ${path} in body should be greater than or equal to ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && (schema.exclusiveMaximum ? value >= schema.maximum : value > schema.maximum)) fail(`Invalid value: ${value}: ${path} in body should be less than or equal to ${schema.maximum}`);
  }
  if (schema.not && typeof schema.not === 'object') {
    const inner: Walk = { causes: [], strict: false, warnings: [] };
    check(schema.not as Schema, value, undefined, path, inner);
    if (inner.causes.length === 0) fail(`Invalid value: ${JSON.stringify(value)}: ${path} in body must not validate the schema (not)`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) fail(`Too many: ${value.length}: must have at most ${schema.maxItems} items`, 'FieldValueTooMany');
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) fail(`Invalid value: ${path} in body should have at least ${schema.minItems} items`);
    if (schema['x-kubernetes-list-type'] === 'set') {
      const seen = new Set<string>();
      value.forEach((item, index) => {
        const key = JSON.stringify(item);
        if (seen.has(key)) causes.push({ field: `${path}[${index}]`, message: `Duplicate value: ${key}`, reason: 'FieldValueDuplicate' });
        seen.add(key);
      });
    }
    if (schema['x-kubernetes-list-type'] === 'map') {
      const keys = (schema['x-kubernetes-list-map-keys'] as string[] | undefined) ?? [];
      const seen = new Set<string>();
      value.forEach((item, index) => {
        const key = JSON.stringify(keys.map((k) => (item as Record<string, unknown>)?.[k]));
        if (seen.has(key)) causes.push({ field: `${path}[${index}]`, message: `Duplicate value: ${key}`, reason: 'FieldValueDuplicate' });
        seen.add(key);
      });
    }
    if (schema.items) value.forEach((item, index) => check(schema.items!, item, Array.isArray(old) ? old[index] : undefined, `${path}[${index}]`, walk));
  }
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    const oldObject = typeOf(old) === 'object' ? (old as Record<string, unknown>) : undefined;
    for (const name of schema.required ?? []) if (object[name] === undefined) causes.push({ field: `${path}.${name}`, message: 'Required value', reason: 'FieldValueRequired' });
    for (const [key, child] of Object.entries(object)) {
      const childSchema = schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
      if (childSchema) check(childSchema, child, oldObject?.[key], `${path}.${key}`, walk);
      else if (!schema['x-kubernetes-preserve-unknown-fields'] && schema.additionalProperties !== true) {
        if (walk.strict) causes.push({ field: `${path}.${key}`, message: `unknown field "${path.slice(1)}.${key}"`.replace('".', '"'), reason: 'FieldValueInvalid' });
        else {
          walk.warnings.push(`unknown field "${path.slice(1)}.${key}"`);
          delete object[key];
        }
      }
    }
  }
  celRules(schema, value, old, path, walk);
}

export type AdmissionVerdict =
  | { allowed: true; object: Record<string, unknown>; warnings: string[] }
  | { allowed: false; causes: AdmissionCause[] };

/**
 * What the API server does to a custom resource on create and update: defaults, structural
 * validation of the version's openAPIV3Schema (unknown fields refused under strict field
 * validation, pruned otherwise) and the `x-kubernetes-validations` CEL rules, evaluated with a
 * real CEL implementation; transition rules (`oldSelf`) only on update.
 */
export function admitCustomResource(schema: Record<string, unknown>, object: unknown, oldObject?: unknown, strict = true): AdmissionVerdict {
  const candidate = applyDefaults(schema as Schema, structuredClone(object)) as Record<string, unknown>;
  const walk: Walk = { causes: [], strict, warnings: [] };
  const withoutMetadata = { ...candidate };
  delete withoutMetadata.apiVersion;
  delete withoutMetadata.kind;
  delete withoutMetadata.metadata;
  const rootSchema = { ...(schema as Schema), properties: { ...((schema as Schema).properties ?? {}) } };
  delete rootSchema.properties.apiVersion;
  delete rootSchema.properties.kind;
  delete rootSchema.properties.metadata;
  const old = oldObject === undefined ? undefined : { ...(oldObject as Record<string, unknown>) };
  check(rootSchema, withoutMetadata, old, '', walk);
  if (walk.causes.length) return { allowed: false, causes: walk.causes.map((cause) => ({ ...cause, field: cause.field.replace(/^\./, '') })) };
  for (const key of Object.keys(candidate)) if (!['apiVersion', 'kind', 'metadata'].includes(key) && !(key in withoutMetadata)) delete candidate[key];
  return { allowed: true, object: candidate, warnings: walk.warnings };
}
