import type { CelInput } from '@bufbuild/cel';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { fieldSchema } from '../schema-tree.js';
import { isJsonObject, type JsonSchemaProps } from '../types.js';

/**
 * A JSON value as the Kubernetes CEL environment types it from the schema: integer → int,
 * number → double, string with format date-time/date → timestamp, format byte → bytes, objects →
 * maps keyed by field name, lists → lists. Where the schema says nothing (preserve-unknown-fields),
 * whole numbers are ints. Go-style duration strings stay strings.
 */
export function toCelInput(schema: JsonSchemaProps | undefined, value: unknown): CelInput {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => toCelInput(schema?.items, item));
  if (isJsonObject(value)) {
    const entries = Object.entries(value).map(([name, child]): [string, CelInput] => {
      const childSchema = schema ? fieldSchema(schema, name, true) : undefined;
      return [name, toCelInput(typeof childSchema === 'object' ? childSchema : undefined, child)];
    });
    return new Map(entries);
  }
  if (typeof value === 'number') return schema?.type === 'number' || !Number.isInteger(value) ? value : BigInt(value);
  if (typeof value === 'string' && schema?.type === 'string') {
    if (schema.format === 'date-time' || schema.format === 'datetime' || schema.format === 'date') return timestampFromDate(new Date(value));
    if (schema.format === 'byte') return new Uint8Array(Buffer.from(value, 'base64'));
  }
  return value as CelInput;
}
