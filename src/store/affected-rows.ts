/** What a raw knex statement answers about the rows it changed: `rowCount` from pg, `affectedRows` from PGlite. */
export interface AffectedRows {
  rowCount?: number | null;
  affectedRows?: number;
}

export const affectedRows = (result: AffectedRows): number => result.rowCount ?? result.affectedRows ?? 0;
