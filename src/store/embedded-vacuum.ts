import { PGliteConnection } from 'mikro-orm-pglite';
import type { Store } from './orm.js';

/**
 * The embedded database (PGlite) is PostgreSQL in single-user mode: no autovacuum runs in it. Rows
 * that retention deletes and the row versions every run's update of its check leaves behind are
 * then never reclaimed: the files grow with every row ever written, even with retention, and the
 * planner's statistics are never refreshed. A server's autovacuum does this for PostgreSQL.
 */
export const vacuumsItself = (store: Store): boolean => !(store.em.getConnection() instanceof PGliteConnection);

/** Reclaims dead rows and refreshes the statistics of every table (outside a transaction, as VACUUM must be). */
export async function vacuumEmbedded(store: Store): Promise<void> {
  await store.em.getConnection().execute('vacuum (analyze)');
}

/** A vacuum is due when none has run in this process yet or the last one is `everyMs` old. */
export const vacuumDue = (lastAtMs: number | null, nowMs: number, everyMs: number): boolean => lastAtMs === null || nowMs - lastAtMs >= everyMs;
