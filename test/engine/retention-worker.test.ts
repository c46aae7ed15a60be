import test from 'ava';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { RunRecord } from '../../src/domain/check-actor-reducer.js';
import type { Clock } from '../../src/engine/clock.js';
import { RetentionWorker, type RetentionPolicy } from '../../src/engine/retention-worker.js';
import { RunWriter } from '../../src/engine/run-writer.js';
import { createLogger } from '../../src/log.js';
import { ActivityLogEntry } from '../../src/store/entities/activity-log.js';
import { DailyAvailability, HourlyAvailability, Run } from '../../src/store/entities/run.js';
import { closeStore, openStore, type Store } from '../../src/store/orm.js';
import { freshStore } from '../support/database.js';
import { httpCheck, tenant, type Tenant } from './helpers.js';

const logger = createLogger('silent');
const dayMs = 86_400_000;
const day0 = Date.UTC(2026, 0, 1);
const policy: RetentionPolicy = { runDays: 3, hourlyRollupDays: 400, outboxDays: 30, activityDays: 90 };

let store: Store;
let owner: Tenant;
let close: () => Promise<void>;
const em = () => store.em.fork() as EntityManager;
const db = (): Knex => store.em.getConnection().getKnex();

test.before(async () => {
  ({ store, close } = await freshStore());
  owner = await tenant(em());
});
test.after.always(async () => close());

class FakeClock implements Clock {
  constructor(public at: number) {}
  now = () => this.at;
  setTimeout = (callback: () => void, delayMs: number) => setTimeout(callback, delayMs);
  clearTimeout = (handle: object) => clearTimeout(handle as NodeJS.Timeout);
}

const workers: RetentionWorker[] = [];
const worker = (clock: Clock, extra: Partial<ConstructorParameters<typeof RetentionWorker>[0]> = {}) => {
  const made = new RetentionWorker({ store, logger, clock, policy, maxPartitionChanges: 10, ...extra });
  workers.push(made);
  return made;
};
// A failed test must not leave its lease held for the next one.
test.afterEach.always(async () => {
  await Promise.all(workers.splice(0).map((made) => made.stop()));
});

const run = (checkId: number, startedAt: number, state: RunRecord['state'] = 'UP'): RunRecord => ({
  checkId,
  cycleId: `t.${checkId}.${startedAt}`,
  startedAt,
  finishedAt: startedAt + 300,
  state,
  failingLocations: state === 'DOWN' ? 3 : 0,
  latencyMs: state === 'UP' ? 120 : null,
  results: ['eu-west', 'us-east', 'ap-south'].map((location) => ({
    location,
    state: state === 'UP' ? 'up' : 'down',
    reason: state === 'UP' ? null : 'connection refused',
    latencyMs: state === 'UP' ? 120 : null,
    phases: state === 'UP' ? { dnsMs: 3, connectMs: 20, tlsMs: 40, firstByteMs: 55 } : {},
    late: false,
  })),
  inMaintenance: false,
  onDemand: false,
});

async function partitionsOf(table: string): Promise<string[]> {
  const result = await db().raw<{ rows: Array<{ name: string }> }>(
    'select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = ?::regclass order by 1',
    [table],
  );
  return result.rows.map((row) => row.name);
}

async function runsBytes(): Promise<number> {
  const result = await db().raw<{ rows: Array<{ bytes: string | number }> }>(
    `select coalesce(sum(pg_total_relation_size(i.inhrelid)), 0) as bytes from pg_inherits i where i.inhparent = 'runs'::regclass`,
  );
  return Number(result.rows[0]!.bytes);
}

async function countIn(table: string): Promise<number> {
  const result = await db().raw<{ rows: Array<{ n: string | number }> }>('select count(*) as n from ??', [table]);
  return Number(result.rows[0]!.n);
}

test.serial('days of runs across partition boundaries: old days are dropped whole, the size stops growing, rollups stay', async (t) => {
  const checks = [await httpCheck(em(), owner, 'Days A', 'a.example.net'), await httpCheck(em(), owner, 'Days B', 'b.example.net')];
  const clock = new FakeClock(day0);
  const retention = worker(clock);
  const sizes: number[] = [];
  for (let day = 0; day < 10; day++) {
    clock.at = day0 + day * dayMs;
    const report = await retention.runPass();
    t.truthy(report, 'the only worker holds the lease');
    const writer = new RunWriter(store, logger, { flushIntervalMs: 10 });
    // Every 5 minutes of the day, across midnight into the next partition's first minute.
    for (let at = clock.at; at < clock.at + dayMs; at += 300_000) for (const check of checks) writer.addRun(run(check.id, at, at % 3_600_000 === 0 ? 'DOWN' : 'UP'));
    await writer.stop();
    sizes.push(await runsBytes());
  }
  t.is(await countIn('runs_default'), 0, 'every run found its day partition');
  await retention.runPass();
  const partitions = await partitionsOf('runs');
  t.false(partitions.includes('runs_p20260101'));
  t.false(partitions.includes('runs_p20260106'), 'day 5 ended more than 3 days before day 9 began');
  t.true(partitions.includes('runs_p20260107') && partitions.includes('runs_p20260110') && partitions.includes('runs_p20260113'));
  t.is(await em().count(Run, {}), 4 * 288 * 2, 'raw runs of 4 days are left (days 6 to 9)');
  // Flat: once the retention holds, the runs' footprint stays within a small margin.
  const settled = sizes.slice(5);
  t.true(Math.max(...settled) <= Math.min(...settled) * 1.1, `sizes after retention: ${settled.join(', ')}`);
  t.true(sizes[9]! < sizes[4]! * 1.1);
  // The first day lives on in the rollups.
  const hourly = await em().find(HourlyAvailability, { check: checks[0]!.id, hour: { $lt: new Date(day0 + dayMs) } });
  t.is(hourly.length, 24);
  t.like(hourly.find((row) => row.hour.getTime() === day0), { upRuns: 11, downRuns: 1, latencyRuns: 11, latencySumMs: 11 * 120, latencyMinMs: 120, latencyMaxMs: 120 });
  const daily = await em().findOneOrFail(DailyAvailability, { check: checks[0]!.id, day: '2026-01-01' });
  t.like(daily, { upRuns: 264, downRuns: 24 });
  await retention.stop();
});

test.serial('a run whose day has no partition waits in the default partition and moves when its day is made', async (t) => {
  const check = await httpCheck(em(), owner, 'Stray', 'stray.example.net');
  const far = day0 + 40 * dayMs + 3_600_000;
  const writer = new RunWriter(store, logger, { flushIntervalMs: 10 });
  writer.addRun(run(check.id, far));
  writer.addRun(run(check.id, day0 - 400 * dayMs));
  await writer.stop();
  t.is(await countIn('runs_default'), 2);
  const retention = worker(new FakeClock(day0 + 20 * dayMs));
  const report = (await retention.runPass())!;
  t.true(report.created.includes('runs_p20260210'));
  t.is(report.strayRowsPurged, 2, 'the run past retention and its hourly rollup are deleted, not given partitions');
  t.is(await countIn('runs_default'), 0);
  t.is(await countIn('runs_p20260210'), 1);
  await retention.stop();
});

test.serial('a restart in the middle of a roll-over leaves nothing half done; the next pass completes it', async (t) => {
  const check = await httpCheck(em(), owner, 'Crash', 'crash.example.net');
  const at = day0 + 60 * dayMs;
  const writer = new RunWriter(store, logger, { flushIntervalMs: 10 });
  writer.addRun(run(check.id, at + 1000));
  await writer.stop();
  const clock = new FakeClock(at);
  const crashing = worker(clock, {
    beforeAttach: async () => {
      throw new Error('process killed');
    },
  });
  await t.throwsAsync(() => crashing.runPass(), { message: 'process killed' });
  t.false((await partitionsOf('runs')).includes('runs_p20260302'));
  t.is(await countIn('runs_default'), 1, 'the moved run is back where it was');
  const tables = await db().raw<{ rows: unknown[] }>(`select 1 from pg_class where relname = 'runs_p20260302'`);
  t.is(tables.rows.length, 0, 'no half-made table is left');
  await crashing.stop();
  const restarted = worker(clock);
  const report = (await restarted.runPass())!;
  t.true(report.created.includes('runs_p20260302'));
  t.is(await countIn('runs_p20260302'), 1);
  t.is(await countIn('runs_default'), 0);
  await restarted.stop();
});

test.serial('a database session killed in the middle of a roll-over (PostgreSQL) leaves nothing half done', async (t) => {
  if (!process.env.DATABASE_URL) {
    t.pass('the embedded database has one session in the process: covered by the test above');
    return;
  }
  const check = await httpCheck(em(), owner, 'Killed', 'killed.example.net');
  const at = day0 + 70 * dayMs;
  const writer = new RunWriter(store, logger, { flushIntervalMs: 10 });
  writer.addRun(run(check.id, at + 5000));
  await writer.stop();
  const clock = new FakeClock(at);
  const killed = worker(clock, {
    beforeAttach: async (tx) => {
      await tx.raw('select pg_terminate_backend(pg_backend_pid())');
    },
  });
  await t.throwsAsync(() => killed.runPass());
  t.false((await partitionsOf('runs')).includes('runs_p20260312'));
  t.is(await countIn('runs_default'), 1, 'the moved run is back in the default partition');
  // The restarted process is a new holder: the lease the killed one held is let go (or would run out).
  await killed.stop();
  const restarted = worker(clock);
  t.true((await restarted.runPass())!.created.includes('runs_p20260312'));
  t.is(await countIn('runs_p20260312'), 1);
});

test.serial('two engines with their own connections: one retention pass', async (t) => {
  if (!process.env.DATABASE_URL) {
    t.pass('the embedded database is opened by one process');
    return;
  }
  const other = await openStore({ databaseUrl: store.config.get('clientUrl') as string });
  const clock = new FakeClock(day0 + 71 * dayMs);
  const first = worker(clock);
  const second = new RetentionWorker({ store: other, logger, clock, policy });
  t.teardown(async () => {
    await second.stop();
    await closeStore(other);
  });
  const reports = await Promise.all([first.runPass(), second.runPass()]);
  t.is(reports.filter((report) => report !== null).length, 1, 'one engine ran the pass, the other found the lease held');
});

test.serial('two engines: one retention pass; the other takes over when the first stops', async (t) => {
  const clock = new FakeClock(day0 + 61 * dayMs);
  const first = worker(clock);
  const second = worker(clock);
  const reports = await Promise.all([first.runPass(), second.runPass()]);
  t.is(reports.filter((report) => report !== null).length, 1);
  t.is(await (reports[0] ? second : first).runPass(), null, 'the lease is held');
  await (reports[0] ? first : second).stop();
  t.truthy(await (reports[0] ? second : first).runPass(), 'released on stop');
  await first.stop();
  await second.stop();
});

test.serial('finished notifications with their attempts and old activity are deleted in bounded batches', async (t) => {
  const now = day0 + 200 * dayMs;
  const old = new Date(now - 100 * dayMs).toISOString();
  const recent = new Date(now - dayMs).toISOString();
  const insertEvent = async (occurredAt: string, status: string) => {
    const event = await db().raw<{ rows: Array<{ id: number }> }>(
      `insert into outbox_events (client_id, workspace_id, event_type, occurred_at, resource) values (?, ?, 'uptime.check.failed', ?, '{}') returning id`,
      [owner.workspace.client.id, owner.workspace.id, occurredAt],
    );
    const eventId = event.rows[0]!.id;
    const delivery = await db().raw<{ rows: Array<{ id: number }> }>(
      `insert into outbox_deliveries (event_id, channel, destination, delivery_id, status, next_attempt_at, created_at) values (?, 'webhook', 'https://hooks.example.net', ?, ?, ?, ?) returning id`,
      [eventId, `d${eventId}`, status, occurredAt, occurredAt],
    );
    await db().raw(`insert into delivery_attempts (delivery_id, attempted_at, outcome, duration_ms) values (?, ?, 'ok', 5)`, [delivery.rows[0]!.id, occurredAt]);
    return eventId;
  };
  const oldDelivered = [await insertEvent(old, 'delivered'), await insertEvent(old, 'failed'), await insertEvent(old, 'delivered')];
  const oldPending = await insertEvent(old, 'pending');
  const recentDelivered = await insertEvent(recent, 'delivered');
  for (const at of [old, old, old, recent]) {
    await db().raw(`insert into activity_log (client_id, action, resource_type, at) values (?, 'check.created', 'uptime_check', ?)`, [owner.workspace.client.id, at]);
  }
  const retention = worker(new FakeClock(now), { deleteBatch: 2 });
  const first = (await retention.runPass())!;
  t.like(first, { notificationsDeleted: 2, activityDeleted: 2, more: true });
  const second = (await retention.runPass())!;
  t.like(second, { notificationsDeleted: 1, activityDeleted: 1, more: false });
  const left = await db().raw<{ rows: Array<{ id: number }> }>('select id from outbox_events order by id');
  t.deepEqual(
    left.rows.map((row) => row.id),
    [oldPending, recentDelivered],
  );
  t.false(oldDelivered.some((id) => left.rows.some((row) => row.id === id)));
  t.is(await countIn('delivery_attempts'), 2, 'attempts went with their deliveries');
  t.is(await em().count(ActivityLogEntry, {}), 1);
  await retention.stop();
});
