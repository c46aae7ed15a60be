import { isCelError, type CelResult } from '@bufbuild/cel';
import { childPath, indexPath, invalid, ruleFailure } from '../field-errors.js';
import { canonicalJson } from '../canonical-json.js';
import { fieldSchema, isResourceNode } from '../schema-tree.js';
import { isJsonObject, type AdmissionCause, type JsonSchemaProps, type ValidationRule } from '../types.js';
import { compileCel } from './compile.js';
import { toCelInput } from './values.js';

/** Compiles every x-kubernetes-validations rule (and messageExpression) of a schema; throws on the first bad one. */
export function compileSchemaRules(schema: JsonSchemaProps, path = ''): void {
  for (const rule of schema['x-kubernetes-validations'] ?? []) {
    try {
      compileRule(rule);
    } catch (error) {
      throw new Error(`x-kubernetes-validations at ${path === '' ? '<root>' : path}: ${(error as Error).message}`);
    }
  }
  for (const [name, child] of Object.entries(schema.properties ?? {})) compileSchemaRules(child, childPath(path, name));
  if (typeof schema.additionalProperties === 'object') compileSchemaRules(schema.additionalProperties, indexPath(path, '*'));
  if (schema.items) compileSchemaRules(schema.items, indexPath(path, '*'));
}

function compileRule(rule: ValidationRule) {
  if (rule.optionalOldSelf) throw new Error(`rule ${JSON.stringify(rule.rule)}: optionalOldSelf needs CEL optional types, which this test validator does not have`);
  const compiled = compileCel(rule.rule);
  if (rule.messageExpression !== undefined) compileCel(rule.messageExpression);
  return compiled;
}

/**
 * Evaluates the x-kubernetes-validations rules of every present node, depth first. `oldValue` is the
 * correlated value of the previous object on update: transition rules (those reading oldSelf) run only
 * where it exists. Old values correlate through object fields, map values, and map-list items by key.
 */
export function ruleCauses(schema: JsonSchemaProps, value: unknown, oldValue: unknown, path = '', root = true): AdmissionCause[] {
  if (value === undefined) return [];
  const causes: AdmissionCause[] = [];
  for (const rule of schema['x-kubernetes-validations'] ?? []) {
    const cause = evaluateRule(rule, schema, value, oldValue, path);
    if (cause) causes.push(cause);
  }
  if (Array.isArray(value) && schema.items) {
    const oldItems = correlatedItems(schema, value, oldValue);
    value.forEach((item, index) => causes.push(...ruleCauses(schema.items!, item, oldItems[index], indexPath(path, index), false)));
  }
  if (isJsonObject(value)) {
    const resourceNode = isResourceNode(schema, root);
    const additional = typeof schema.additionalProperties === 'object';
    for (const [name, child] of Object.entries(value)) {
      const childSchema = fieldSchema(schema, name, resourceNode);
      if (typeof childSchema !== 'object') continue;
      const here = additional && !schema.properties?.[name] ? indexPath(path, name) : childPath(path, name);
      causes.push(...ruleCauses(childSchema, child, isJsonObject(oldValue) ? oldValue[name] : undefined, here, false));
    }
  }
  return causes;
}

/** For x-kubernetes-list-type map, the old item with the same keys as each new item; nothing otherwise. */
function correlatedItems(schema: JsonSchemaProps, value: unknown[], oldValue: unknown): unknown[] {
  if (schema['x-kubernetes-list-type'] !== 'map' || !Array.isArray(oldValue)) return [];
  const keys = schema['x-kubernetes-list-map-keys'] ?? [];
  const identity = (item: unknown) => canonicalJson(keys.map((key) => (isJsonObject(item) ? item[key] : undefined)));
  const oldByKey = new Map(oldValue.map((item) => [identity(item), item]));
  return value.map((item) => oldByKey.get(identity(item)));
}

function evaluateRule(rule: ValidationRule, schema: JsonSchemaProps, value: unknown, oldValue: unknown, path: string): AdmissionCause | undefined {
  const compiled = compileRule(rule);
  if (compiled.readsOldSelf && oldValue === undefined) return undefined;
  const bindings = { self: toCelInput(schema, value), ...(compiled.readsOldSelf ? { oldSelf: toCelInput(schema, oldValue) } : {}) };
  const result: CelResult = compiled.evaluate(bindings);
  const where = path === '' ? '<root>' : path;
  const schemaType = schema.type ?? 'object';
  if (isCelError(result)) return invalid(where, schemaType, `${result.message} evaluating rule: ${rule.rule}`);
  if (typeof result !== 'boolean') return invalid(where, schemaType, `rule did not evaluate to a bool: ${rule.rule}`);
  if (result) return undefined;
  return ruleFailure(fieldOf(path, rule.fieldPath), rule.reason, schemaType, failureMessage(rule, bindings));
}

function failureMessage(rule: ValidationRule, bindings: Record<string, ReturnType<typeof toCelInput>>): string {
  if (rule.messageExpression !== undefined) {
    const message = compileCel(rule.messageExpression).evaluate(bindings);
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return rule.message ?? `failed rule: ${rule.rule}`;
}

/** The cause's field: the rule's node, extended by its fieldPath (`.a.b`, `['key']`, `[0]`). */
function fieldOf(path: string, fieldPath: string | undefined): string {
  if (!fieldPath) return path === '' ? '<root>' : path;
  const relative = fieldPath.startsWith('.') ? fieldPath.slice(1) : fieldPath;
  if (path === '') return relative;
  return relative.startsWith('[') ? `${path}${relative}` : `${path}.${relative}`;
}
