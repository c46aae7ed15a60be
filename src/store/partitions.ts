import type { Knex } from '@mikro-orm/postgresql';
import { affectedRows, type AffectedRows } from './affected-rows.js';
import type { PartitionRange, PartitionUnit } from '../domain/partition-plan.js';

/** A table partitioned by a time column, with a default partition named `<table>_default`. */
export interface TimePartitionedTable {
  table: string;
  column: string;
  unit: PartitionUnit;
}

const fromBound = `extract(epoch from ((regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''([^'']+)''\\)'))[1])::timestamptz) * 1000`;
const toBound = `extract(epoch from ((regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1])::timestamptz) * 1000`;

/** The partitions of `table` with their bounds, from the catalog (the default partition left out). */
export async function listPartitions(db: Knex, table: string): Promise<PartitionRange[]> {
  const result = await db.raw<{ rows: Array<{ name: string; from_ms: string | number | null; to_ms: string | number | null }> }>(
    `select c.relname as name, ${fromBound} as from_ms, ${toBound} as to_ms
       from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ?::regclass`,
    [table],
  );
  return result.rows
    .filter((row) => row.from_ms !== null && row.to_ms !== null)
    .map((row) => ({ name: row.name, fromMs: Number(row.from_ms), toMs: Number(row.to_ms) }));
}

/** Starts of the units of rows waiting in the default partition (at most `limit` of them). */
export async function strayUnitStarts(db: Knex, target: TimePartitionedTable, limit: number): Promise<number[]> {
  const result = await db.raw<{ rows: Array<{ at: string | number }> }>(
    `select distinct extract(epoch from date_trunc(?, ?? at time zone 'UTC') at time zone 'UTC') * 1000 as at from ?? limit ?`,
    [target.unit, target.column, `${target.table}_default`, limit],
  );
  return result.rows.map((row) => Number(row.at));
}

/**
 * Makes the partition for `range` in one transaction: a new table, the rows of its range moved
 * out of the default partition into it, then attached. A crash anywhere in it leaves nothing
 * behind, and the next pass does it again.
 */
export async function createPartition(tx: Knex.Transaction, target: TimePartitionedTable, range: PartitionRange, beforeAttach?: (tx: Knex.Transaction) => Promise<void>): Promise<boolean> {
  // Steps are serialised by the lease row's lock: one planned on an older look is skipped here.
  if (await exists(tx, range.name)) return false;
  const from = new Date(range.fromMs).toISOString();
  const to = new Date(range.toMs).toISOString();
  const stray = `${target.table}_default`;
  await tx.raw('create table ?? (like ?? including defaults including constraints)', [range.name, target.table]);
  await tx.raw('insert into ?? select * from ?? where ?? >= ? and ?? < ?', [range.name, stray, target.column, from, target.column, to]);
  await tx.raw('delete from ?? where ?? >= ? and ?? < ?', [stray, target.column, from, target.column, to]);
  await beforeAttach?.(tx);
  await tx.raw(`alter table ?? attach partition ?? for values from ('${from}') to ('${to}')`, [target.table, range.name]);
  return true;
}

export async function dropPartition(tx: Knex.Transaction, range: PartitionRange): Promise<boolean> {
  if (!(await exists(tx, range.name))) return false;
  await tx.raw('drop table ??', [range.name]);
  return true;
}

async function exists(tx: Knex.Transaction, name: string): Promise<boolean> {
  const result = await tx.raw<{ rows: unknown[] }>(`select 1 from pg_class where relname = ? and relnamespace = current_schema()::regnamespace`, [name]);
  return result.rows.length > 0;
}

/** Deletes up to `limit` rows of the default partition older than the cutoff; answers how many. */
export async function purgeStrayRows(tx: Knex.Transaction, target: TimePartitionedTable, cutoffMs: number, limit: number): Promise<number> {
  const stray = `${target.table}_default`;
  const result = await tx.raw<AffectedRows>('delete from ?? where ctid in (select ctid from ?? where ?? < ? limit ?)', [
    stray,
    stray,
    target.column,
    new Date(cutoffMs).toISOString(),
    limit,
  ]);
  return affectedRows(result);
}
