import test from 'ava';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { Clock } from '../../src/engine/clock.js';
import { RetentionWorker } from '../../src/engine/retention-worker.js';
import { createLogger } from '../../src/log.js';
import { vacuumDue, vacuumEmbedded, vacuumsItself } from '../../src/store/embedded-vacuum.js';
import { closeStore, migrate, openStore, type Store } from '../../src/store/orm.js';
import { freshStore } from '../support/database.js';
import { tenant } from '../engine/helpers.js';

const logger = createLogger('silent');
const dayMs = 86_400_000;
const now = Date.UTC(2026, 5, 1);
const clock: Clock = { now: () => now, setTimeout: (callback, delayMs) => setTimeout(callback, delayMs), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };
const policy = { runDays: 3, hourlyRollupDays: 400, outboxDays: 30, activityDays: 90 };

/**
 * Activity past retention written and deleted again, round after round, as months of a real
 * installation would: the table's size after each round, with the worker given `vacuumEveryMs`.
 */
async function churn(vacuumEveryMs: number): Promise<{ sizes: number[]; vacuumed: boolean[] }> {
  const store: Store = await openStore({});
  try {
    await migrate(store);
    const owner = await tenant(store.em.fork() as EntityManager);
    const db = (): Knex => store.em.getConnection().getKnex();
    const worker = new RetentionWorker({ store, logger, clock, policy, vacuumEveryMs, deleteBatch: 20_000 });
    const sizes: number[] = [];
    const vacuumed: boolean[] = [];
    for (let round = 0; round < 4; round++) {
      await db().raw(
        `insert into activity_log (client_id, action, resource_type, at) select ?, 'check.created', 'uptime_check', ? from generate_series(1, 10000)`,
        [owner.workspace.client.id, new Date(now - 100 * dayMs).toISOString()],
      );
      // As the worker does: passes follow each other while work is left over.
      const reports = [(await worker.runPass())!];
      while (reports.at(-1)!.more) reports.push((await worker.runPass())!);
      vacuumed.push(reports.some((report) => report.vacuumed));
      sizes.push(Number((await db().raw<{ rows: Array<{ bytes: string }> }>(`select pg_total_relation_size('activity_log') as bytes`)).rows[0]!.bytes));
    }
    await worker.stop();
    return { sizes, vacuumed };
  } finally {
    await closeStore(store);
  }
}

test('the embedded database has no autovacuum: without a vacuum, deleted rows keep their space for ever', async (t) => {
  const { sizes, vacuumed } = await churn(Number.POSITIVE_INFINITY);
  t.deepEqual(vacuumed, [true, false, false, false], 'only the first round of the process vacuumed');
  t.true(sizes[3]! > 2 * sizes[1]!, `sizes after each round: ${sizes.join(', ')}`);
});

test('on the embedded database, retention passes vacuum it: the same churn keeps the table at its size', async (t) => {
  const { sizes, vacuumed } = await churn(0);
  t.deepEqual(vacuumed, [true, true, true, true]);
  t.log(`sizes after each round: ${sizes.join(", ")}`);
  t.true(sizes[3]! <= 1.2 * sizes[1]!, `sizes after each round: ${sizes.join(', ')}`);
});

test('the embedded vacuum goes a table at a time: a statement sent while it runs is answered before it ends', async (t) => {
  const store: Store = await openStore({});
  t.teardown(() => closeStore(store));
  await migrate(store);
  const answered: string[] = [];
  const vacuum = vacuumEmbedded(store).then((statements) => {
    answered.push('vacuum');
    return statements;
  });
  const read = store.em.getConnection().execute('select count(*) from uptime_checks').then(() => answered.push('read'));
  const [statements] = await Promise.all([vacuum, read]);
  t.true(statements > 50, `${statements} tables and partitions, the catalogs' included`);
  t.deepEqual(answered, ['read', 'vacuum']);
});

test('a vacuum is due at the first pass, then once its interval has passed', (t) => {
  t.true(vacuumDue(null, 1_000, 3_600_000));
  t.false(vacuumDue(1_000, 3_600_999, 3_600_000));
  t.true(vacuumDue(1_000, 3_601_000, 3_600_000));
});

// PostgreSQL only, as every test that needs the server (.ci/run sets DATABASE_URL): PGlite is the other branch, above.
(process.env.DATABASE_URL ? test : test.skip)('PostgreSQL vacuums itself: the worker leaves it to its autovacuum, pass after pass', async (t) => {
  const { store, close } = await freshStore();
  t.teardown(close);
  t.true(vacuumsItself(store));
  const worker = new RetentionWorker({ store, logger, clock, policy, vacuumEveryMs: 0 });
  t.teardown(() => worker.stop());
  for (let pass = 0; pass < 2; pass++) t.like(await worker.runPass(), { vacuumed: false });
});
