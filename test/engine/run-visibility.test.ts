import test from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RunWriter } from '../../src/engine/run-writer.js';
import { createLogger } from '../../src/log.js';
import type { Store } from '../../src/store/orm.js';
import { engineName, freshStore } from '../support/database.js';
import { tenant } from './helpers.js';

/**
 * A run that leaves its check's state as it was does not touch the check's row, so the list's
 * index-only walk to a deep page keeps reading the index alone: an update of the row would clear
 * the all-visible bit of its heap page until the next vacuum, and the walk would fetch that page
 * for every entry on it that it skips.
 */

const CHECKS = 1200;

/** Heap pages the list's walk to `offset` fetched, as EXPLAIN ANALYZE counts them, the walk forced to an index-only scan. */
async function heapFetches(store: Store, workspaceId: number, offset: number): Promise<number> {
  return (store.em.fork() as EntityManager).transactional(async (em) => {
    const connection = em.getConnection();
    for (const plan of ['seqscan', 'bitmapscan', 'indexscan', 'sort', 'incremental_sort']) {
      await connection.execute(`set local enable_${plan} = off`, [], 'run', em.getTransactionContext());
    }
    const plan = await connection.execute<Array<Record<string, string>>>(
      `explain (analyze, costs off, timing off) select id from uptime_checks where workspace_id = ${workspaceId} order by name, id offset ${offset} limit 50`,
      [],
      'all',
      em.getTransactionContext(),
    );
    const text = plan.map((row) => Object.values(row)[0]).join('\n');
    const fetches = [...text.matchAll(/Heap Fetches: (\d+)/g)];
    if (fetches.length === 0) throw new Error(`not an index-only walk:\n${text}`);
    return fetches.reduce((sum, match) => sum + Number(match[1]), 0);
  });
}

test(`runs that keep their checks' states leave the list's deep pages to the index on ${engineName()}`, async (t) => {
  const { store, close } = await freshStore();
  const writer = new RunWriter(store, createLogger('silent'), { flushIntervalMs: 10_000, maxBatch: 500 });
  try {
    const owner = await tenant(store.em.fork() as EntityManager);
    const connection = store.em.fork().getConnection();
    const rows = await connection.execute<Array<{ id: number }>>(`
      insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, state, created_at, updated_at)
      select ${owner.workspace.id}, 'check ' || lpad(i::text, 5, '0'), 'ping', 'example.com', 5, 10000, '["eu-west"]', 1, '[]', 'up', now(), now()
      from generate_series(1, ${CHECKS}) i
      returning id`);
    await connection.execute('vacuum (analyze) uptime_checks');
    t.is(await heapFetches(store, owner.workspace.id, 1000), 0, 'after a vacuum');

    const start = Date.now();
    for (const round of [0, 1, 2]) {
      for (const { id } of rows) writer.setCheckState(id, 'up', start + round * 60_000);
      await writer.flush();
    }
    t.is(await heapFetches(store, owner.workspace.id, 1000), 0, 'after three rounds of runs that kept every state');
    const [{ written }] = await connection.execute<Array<{ written: number }>>(`select count(*)::int as written from uptime_check_last_runs where last_run_at = ?`, [new Date(start + 120_000)]);
    t.is(written, CHECKS, 'every run wrote its last-run time');

    for (const { id } of rows) writer.setCheckState(id, 'down', start + 180_000);
    await writer.flush();
    t.true((await heapFetches(store, owner.workspace.id, 1000)) > 0, 'a round that changed every state is seen by the measure');
  } finally {
    await writer.stop();
    await close();
  }
});
