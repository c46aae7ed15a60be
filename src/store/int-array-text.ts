/**
 * An int[] parameter as PostgreSQL's array text (`{1,2,3}`, cast with `::int[]` in the SQL): one
 * value on PostgreSQL and on the embedded database alike, where knex would spread a JS array into
 * a list of parameters.
 */
export const intArrayText = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
