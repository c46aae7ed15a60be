import type { TSchema } from '@sinclair/typebox';

type JsonSchema = Record<string, unknown>;

const isLiteral = (schema: JsonSchema): boolean => 'const' in schema;
const isNull = (schema: JsonSchema): boolean => schema.type === 'null';

/**
 * Turns a TypeBox schema into the structural OpenAPI v3 schema a CustomResourceDefinition
 * accepts: unions of literals become `enum`, a union with null becomes `nullable`, `const`
 * becomes a one-value `enum` (CRDs have no `const`), and TypeBox's own keys are dropped.
 */
export function toStructuralSchema(schema: TSchema): JsonSchema {
  return convert(JSON.parse(JSON.stringify(schema)) as JsonSchema);
}

function convert(schema: JsonSchema): JsonSchema {
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf) return convertUnion(schema, anyOf);
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && isLiteral(schema)) continue;
    if (key === 'const') {
      out.type = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
      out.enum = [value];
    } else if (key === 'properties') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([name, property]) => [name, convert(property)]));
    } else if (key === 'items' || key === 'not') {
      out[key] = key === 'not' ? notOf(value as JsonSchema) : convert(value as JsonSchema);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function convertUnion(schema: JsonSchema, anyOf: JsonSchema[]): JsonSchema {
  const { anyOf: _ignored, ...rest } = schema;
  const nullable = anyOf.some(isNull);
  const members = anyOf.filter((member) => !isNull(member));
  let converted: JsonSchema;
  if (members.every(isLiteral)) {
    const values = members.map((member) => member.const);
    converted = { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values };
  } else if (members.length === 1) {
    converted = convert(members[0]!);
  } else {
    throw new Error(`a CRD schema cannot express this union: ${JSON.stringify(anyOf)}`);
  }
  return { ...rest, ...converted, ...(nullable ? { nullable: true } : {}) };
}

/** Inside `not` a structural schema may not declare types: keep only the constraint. */
function notOf(schema: JsonSchema): JsonSchema {
  if (isLiteral(schema)) return { enum: [schema.const] };
  const { type: _type, ...rest } = convert(schema);
  return rest;
}
