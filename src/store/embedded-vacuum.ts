import { isEmbedded } from './embedded.js';
import type { Store } from './orm.js';

/**
 * The embedded database (PGlite) is PostgreSQL in single-user mode: no autovacuum runs in it. Rows
 * that retention deletes and the row versions every run's update of its check leaves behind are
 * then never reclaimed: the files grow with every row ever written, even with retention, and the
 * planner's statistics are never refreshed. A server's autovacuum does this for PostgreSQL.
 */
export const vacuumsItself = (store: Store): boolean => !isEmbedded(store);

/**
 * Reclaims dead rows and refreshes the statistics of every table, one table (or partition) per
 * statement, outside a transaction as VACUUM must be: a vacuum of the whole database held PGlite's
 * one connection for 0.3–0.4 s at 10,000 checks, and every request waited it out; between two
 * tables, the statements waiting for the connection go first. Partitioned tables are analysed
 * after their partitions: only that gives the planner their statistics as a whole, as a vacuum
 * of the whole database does. Returns how many statements it took.
 */
export async function vacuumEmbedded(store: Store): Promise<number> {
  const connection = store.em.getConnection();
  const relations = await connection.execute<Array<{ name: string; partitioned: boolean }>>(
    `select format('%I.%I', n.nspname, c.relname) as name, c.relkind = 'p' as partitioned
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'm', 'p') and n.nspname not like 'pg\\_temp%' and n.nspname not like 'pg\\_toast%'
    order by c.relkind = 'p', n.nspname, c.relname`,
  );
  for (const { name, partitioned } of relations) await connection.execute(`${partitioned ? 'analyze' : 'vacuum (analyze)'} ${name}`);
  return relations.length;
}

/** A vacuum is due when none has run in this process yet or the last one is `everyMs` old. */
export const vacuumDue = (lastAtMs: number | null, nowMs: number, everyMs: number): boolean => lastAtMs === null || nowMs - lastAtMs >= everyMs;
