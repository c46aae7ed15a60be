import test from 'ava';
import { pino } from 'pino';
import { systemClock } from '../../src/engine/clock.js';
import { RetentionWorker } from '../../src/engine/retention-worker.js';
import { closeStore, migrate, openStore } from '../../src/store/orm.js';
import { PrivatePostgres } from '../support/private-postgres.js';

test('the retention loop survives PostgreSQL going away and coming back, logging each transition once', async (t) => {
  t.timeout(90_000);
  const postgres = await PrivatePostgres.start();
  const store = await openStore({ databaseUrl: postgres.url });
  await migrate(store);
  const lines: Array<{ msg: string }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const worker = new RetentionWorker({
    store,
    logger,
    clock: systemClock,
    policy: { runDays: 31, hourlyRollupDays: 400, outboxDays: 30, activityDays: 365 },
    intervalMs: 200,
    retry: { baseMs: 100, maxMs: 400 },
  });
  t.teardown(async () => {
    await worker.stop();
    await closeStore(store).catch(() => undefined);
    await postgres.dispose();
  });
  const lastPass = async (): Promise<number> => {
    const result = await store.em.getConnection().getKnex().raw<{ rows: Array<{ at: Date | string | null }> }>(`select last_pass_at as at from maintenance_leases where name = 'retention'`);
    const at = result.rows[0]?.at;
    return at ? new Date(at).getTime() : 0;
  };
  const until = async (what: () => Promise<boolean> | boolean) => {
    while (!(await what())) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  worker.start();
  await until(async () => (await lastPass()) > 0);
  await postgres.stop('immediate');
  await until(() => lines.some((line) => line.msg === 'retention pass failed; retrying'));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await postgres.resume();
  const resumedAt = Date.now();
  await until(async () => (await lastPass().catch(() => 0)) >= resumedAt - 1000);
  await until(() => lines.some((line) => line.msg === 'retention passes work again'));
  t.is(lines.filter((line) => line.msg === 'retention pass failed; retrying').length, 1, 'the outage is logged once, not once per retry');
  const made = await store.em.getConnection().getKnex().raw<{ rows: unknown[] }>(
    `select 1 from pg_inherits where inhparent = 'runs'::regclass`,
  );
  t.true(made.rows.length >= 4, 'the partitions ahead were made');
});
