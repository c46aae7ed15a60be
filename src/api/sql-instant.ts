/**
 * A timestamptz column as the API writes instants (`Date.prototype.toISOString`: UTC,
 * milliseconds, `Z`), formatted by the database: the drivers hand raw timestamps back as strings
 * in the session's format (pg, as MikroORM configures it) or as Date objects (PGlite).
 */
export const isoInstant = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
