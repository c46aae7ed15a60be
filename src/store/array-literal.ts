/** One element of a column passed as an array: a value of a run or a check state, never an object. */
export type ArrayElement = string | number | boolean | null;

const element = (value: ArrayElement): string =>
  value === null ? 'NULL' : typeof value === 'string' ? `"${value.replace(/[\\"]/g, '\\$&')}"` : String(value);

/**
 * A PostgreSQL array literal (`{1,"a \"b\"",NULL}`), sent as one text parameter and cast in the
 * statement (`?::int[]`). A batch written as a column of arrays unnested has one text whatever
 * its size, so it is parsed and planned once per connection instead of once per batch, and its
 * values are bound as ten parameters instead of ten per row. Strings are always quoted, so that a
 * string "NULL" stays a string; the same literal reads the same on PostgreSQL and PGlite.
 */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) literal += (i === 0 ? '' : ',') + element(values[i]!);
  return `${literal}}`;
}
