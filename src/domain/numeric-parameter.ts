/** The bounds the API applies to integer parameters, from their OpenAPI schema. */
export interface IntegerSchema {
  format?: string;
  minimum?: number;
  maximum?: number;
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const SAFE = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

export function integerBounds(schema: IntegerSchema): { min: number; max: number } {
  const base = schema.format === 'int32' ? INT32 : SAFE;
  return { min: Math.max(base.min, schema.minimum ?? base.min), max: Math.min(base.max, schema.maximum ?? base.max) };
}

/**
 * Why a query-string value is not an integer the database can take, or null when it is:
 * only plain decimal digits (an optional minus) within the schema's bounds, so that `2^63`,
 * `1e400` or `0x10` are refused before they reach a query.
 */
export function integerTextProblem(text: string, schema: IntegerSchema): string | null {
  const { min, max } = integerBounds(schema);
  if (!/^-?\d{1,20}$/.test(text) || !Number.isSafeInteger(Number(text))) return `must be an integer from ${min} to ${max}`;
  const value = Number(text);
  return value < min || value > max ? `must be an integer from ${min} to ${max}` : null;
}

/** Whether a path segment names a resource id: a positive integer within the schema's bounds, written plainly. */
export const isResourceId = (text: string, schema: IntegerSchema): boolean =>
  /^[1-9]\d{0,19}$/.test(text) && Number.isSafeInteger(Number(text)) && Number(text) <= integerBounds(schema).max;
