import test from 'ava';
import { cycleKey } from '../../src/store/location-results-codec.js';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { Clock } from '../../src/engine/clock.js';
import { RetentionWorker } from '../../src/engine/retention-worker.js';
import { RunWriter } from '../../src/engine/run-writer.js';
import { createLogger } from '../../src/log.js';
import { DailyAvailability, HourlyAvailability, Run } from '../../src/store/entities/run.js';
import { migrationsList } from '../../src/store/migrations/index.js';
import { closeStore, migrate, openStore } from '../../src/store/orm.js';
import { freshDatabase, type TestDatabase } from '../support/database.js';
import { httpCheck, tenant } from '../engine/helpers.js';

const logger = createLogger('silent');

async function countRows(db: Knex, table: string): Promise<number> {
  const result = await db.raw<{ rows: Array<{ n: string | number }> }>('select count(*) as n from ??', [table]);
  return Number(result.rows[0]!.n);
}
const dayMs = 86_400_000;
const hourMs = 3_600_000;

/**
 * Run on both databases in every run: PostgreSQL when DATABASE_URL names one, and always an
 * in-memory PGlite, the embedded default, whose partitioning and catalogue must upgrade the same.
 */
const upgradesInPlace = test.macro(async (t, engine: 'postgresql' | 'pglite') => {
  const database: TestDatabase = engine === 'postgresql' ? await freshDatabase() : { databaseUrl: undefined, drop: async () => {} };
  const store = await openStore({ databaseUrl: database.databaseUrl });
  t.teardown(async () => {
    await closeStore(store);
    await database.drop();
  });
  const em = () => store.em.fork() as EntityManager;
  const db = (): Knex => store.em.getConnection().getKnex();
  await store.getMigrator().up({ to: 'Migration20261122003148' });

  // Yesterday's shape: one table, written as the old run writer did (a run every 30 minutes for 3 days, one DOWN each day).
  const owner = await tenant(em());
  const check = await httpCheck(em(), owner, 'Old', 'old.example.net');
  const start = Date.UTC(2026, 9, 30, 22);
  const oldRuns: Array<{ at: number; state: string; latency: number | null }> = [];
  for (let at = start; at < start + 3 * dayMs; at += 30 * 60_000) {
    const down = (at - start) % dayMs === 2 * hourMs;
    oldRuns.push({ at, state: down ? 'DOWN' : 'UP', latency: down ? null : 100 + ((at / 60_000) % 7) });
  }
  for (const run of oldRuns) {
    await db().raw(
      `insert into runs (check_id, cycle_id, started_at, finished_at, state, failing_locations, latency_ms, results) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
      [check.id, `old.${check.id}.${run.at}`, new Date(run.at).toISOString(), new Date(run.at + 500).toISOString(), run.state, run.state === 'DOWN' ? 2 : 0, run.latency, JSON.stringify([{ location: 'eu-west', state: run.state === 'UP' ? 'up' : 'down', reason: null, latencyMs: run.latency, phases: {}, late: false }])],
    );
  }
  await db().raw(`insert into daily_availability (check_id, day, up_runs, down_runs) select check_id, to_char(started_at at time zone 'UTC', 'YYYY-MM-DD'), count(*) filter (where state = 'UP'), count(*) filter (where state = 'DOWN') from runs group by 1, 2`);
  const before = await db().raw<{ rows: Array<{ id: string | number; cycle_id: string }> }>('select id, cycle_id from runs order by id');

  t.deepEqual(await migrate(store), migrationsList.slice(1).map((migration) => migration.name), 'every migration after the first runs');

  const after = await db().raw<{ rows: Array<{ id: string | number; cycle_key: string | number }> }>('select id, cycle_key::text as cycle_key from runs order by id');
  t.deepEqual(
    after.rows.map((row) => [Number(row.id), String(row.cycle_key)]),
    before.rows.map((row) => [Number(row.id), cycleKey(row.cycle_id)]),
    'every run kept with its id, its cycle keyed as the writer keys it',
  );
  const partitions = await db().raw<{ rows: Array<{ name: string; bound: string }> }>(
    `select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'runs'::regclass order by 1`,
  );
  t.deepEqual(partitions.rows.map((row) => row.name), ['runs_default', 'runs_p20261030', 'runs_p20261031', 'runs_p20261101', 'runs_p20261102'], 'one partition per day of the old runs');
  t.is(await countRows(db(), 'runs_default'), 0);
  t.is((await store.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false })).trim(), '', 'the upgraded schema is the entities\' schema');
  const read = await em().find(Run, { check: check.id }, { orderBy: { startedAt: 'asc' } });
  t.is(read.length, oldRuns.length);
  t.deepEqual(read[0]!.results, [{ location: 'eu-west', state: 'up', reason: null, latencyMs: oldRuns[0]!.latency, phases: {}, late: false }], 'the results kept in the compact form');
  const downRun = read.find((run) => run.state === 'DOWN')!;
  t.like(downRun.results[0], { state: 'down', latencyMs: null });

  // Rollups backfilled from the old runs.
  const hourly = await em().find(HourlyAvailability, { check: check.id });
  t.is(hourly.reduce((sum, row) => sum + row.upRuns + row.downRuns, 0), oldRuns.length);
  const downHour = hourly.find((row) => row.hour.getTime() === start + 2 * hourMs)!;
  t.like(downHour, { upRuns: 1, downRuns: 1, latencyRuns: 1 });
  const daily = await em().find(DailyAvailability, { check: check.id }, { orderBy: { day: 'asc' } });
  const firstDay = oldRuns.filter((run) => run.at < Date.UTC(2026, 9, 31));
  t.like(daily[0], { day: '2026-10-30', upRuns: 4, downRuns: 0, latencyRuns: 4, latencySumMs: firstDay.reduce((sum, run) => sum + (run.latency ?? 0), 0) });

  // The new writer works on the upgraded table: the sequence goes on, and an old cycle replayed is not stored twice.
  const clock: Clock = { now: () => start + 3 * dayMs, setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  const retention = new RetentionWorker({ store, logger, clock, policy: { runDays: 31, hourlyRollupDays: 400, outboxDays: 30, activityDays: 365 } });
  t.teardown(() => retention.stop());
  await retention.runPass();
  const writer = new RunWriter(store, logger, { flushIntervalMs: 10 });
  const base = { checkId: check.id, state: 'UP' as const, failingLocations: 0, latencyMs: 90, results: [], inMaintenance: false, onDemand: false };
  writer.addRun({ ...base, cycleId: `new.${check.id}`, startedAt: start + 3 * dayMs + 60_000, finishedAt: start + 3 * dayMs + 60_500 });
  writer.addRun({ ...base, cycleId: `old.${check.id}.${start}`, startedAt: start + 1000, finishedAt: start + 1500 });
  await writer.stop();
  t.is(await em().count(Run, { check: check.id }), oldRuns.length + 1);
  const newest = await em().findOneOrFail(Run, { cycleKey: cycleKey(`new.${check.id}`) });
  t.true(newest.id > Math.max(...before.rows.map((row) => Number(row.id))));

  // Once past the retention, the old days are dropped like any day; the rollups stay.
  const later = new RetentionWorker({ store, logger, clock: { ...clock, now: () => start + 40 * dayMs }, policy: { runDays: 31, hourlyRollupDays: 400, outboxDays: 30, activityDays: 365 } });
  t.teardown(() => later.stop());
  await retention.stop();
  const report = (await later.runPass())!;
  t.deepEqual(report.dropped, ['runs_p20261030', 'runs_p20261031', 'runs_p20261101', 'runs_p20261102']);
  t.is(await em().count(Run, { check: check.id }), 0);
  t.is(await em().count(HourlyAvailability, { check: check.id }), hourly.length + 1);
  t.is(await em().count(DailyAvailability, { check: check.id }), 4);
  const sequence = await db().raw<{ rows: unknown[] }>(`select 1 from pg_class where relname = 'runs_id_seq'`);
  t.is(sequence.rows.length, 1, 'the id sequence outlived the old table');
});

const title = (engine: string): string => `a database made by the first migration, with runs in it, upgrades to the partitioned layout without losing history on ${engine}`;
if (process.env.DATABASE_URL) test(title('postgresql'), upgradesInPlace, 'postgresql');
test(title('pglite'), upgradesInPlace, 'pglite');
