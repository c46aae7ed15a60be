import test from 'ava';
import pg from 'pg';
import { cycleKey } from '../../src/store/location-results-codec.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RunRecord } from '../../src/domain/check-actor-reducer.js';
import { CheckLoader } from '../../src/engine/check-loader.js';
import { IncidentWriter } from '../../src/engine/incident-writer.js';
import { RunWriter } from '../../src/engine/run-writer.js';
import { createLogger } from '../../src/log.js';
import { Incident } from '../../src/store/entities/incident.js';
import { OutboxDelivery, OutboxEvent } from '../../src/store/entities/outbox.js';
import { DailyAvailability, Run } from '../../src/store/entities/run.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { User } from '../../src/store/entities/user.js';
import type { Store } from '../../src/store/orm.js';
import { concurrentStore, freshStore } from '../support/database.js';
import { httpCheck, tenant, type Tenant } from './helpers.js';

let store: Store;
let owner: Tenant;
let close: () => Promise<void>;
const logger = createLogger('silent');
const em = () => store.em.fork() as EntityManager;
const day = Date.UTC(2026, 2, 10, 12);

test.before(async () => {
  ({ store, close } = await freshStore());
  owner = await tenant(em());
});
test.after.always(async () => close());

const run = (checkId: number, cycleId: string, state: RunRecord['state'], overrides: Partial<RunRecord> = {}): RunRecord => ({
  checkId,
  cycleId,
  startedAt: day,
  finishedAt: day + 500,
  state,
  failingLocations: state === 'DOWN' ? 2 : 0,
  latencyMs: state === 'UP' ? 40 : null,
  results: [
    { location: 'eu-west', state: state === 'DOWN' ? 'down' : 'up', reason: null, latencyMs: 40, phases: {}, late: false },
    { location: 'us-east', state: 'missing', reason: 'no answer before the deadline', latencyMs: null, phases: {}, late: false },
  ],
  inMaintenance: false,
  onDemand: false,
  ...overrides,
});

test.serial('runs are written in batches; replays, on-demand runs and deleted checks do not touch the rollup', async (t) => {
  const check = await httpCheck(em(), owner, 'Writer', 'writer.example.net');
  const gone = await httpCheck(em(), owner, 'Gone', 'gone.example.net');
  const writer = new RunWriter(store, logger, { flushIntervalMs: 10_000 });
  writer.addRun(run(check.id, 'w.1', 'UP'));
  writer.addRun(run(check.id, 'w.2', 'DOWN', { startedAt: day + 60_000 }));
  writer.addRun(run(check.id, 'w.3', 'UP', { inMaintenance: true, startedAt: day + 120_000 }));
  writer.addRun(run(check.id, 'w.4', 'UNKNOWN', { onDemand: true, startedAt: day + 130_000 }));
  writer.addRun(run(gone.id, 'g.1', 'UP'));
  await em().nativeDelete(UptimeCheck, { id: gone.id });
  writer.setCheckState(gone.id, 'up', day);
  writer.setCheckState(check.id, 'down', day + 60_000);
  writer.setCheckState(check.id, 'up', day);
  await writer.flush();
  writer.addRun(run(check.id, 'w.1', 'UP'));
  writer.recordLate('w.2', [...run(check.id, 'w.2', 'DOWN').results.slice(0, 1), { location: 'us-east', state: 'down', reason: 'late', latencyMs: 9, phases: {}, late: true }]);
  await writer.stop();

  t.is(await em().count(Run, { check: check.id }), 4, 'the replayed cycle is stored once');
  const [rollup] = await em().find(DailyAvailability, { check: check.id });
  t.like(rollup, { day: '2026-03-10', upRuns: 1, downRuns: 1, unknownRuns: 0, maintenanceRuns: 1 });
  const late = await em().findOneOrFail(Run, { cycleKey: cycleKey('w.2') });
  t.like(late.results[1], { state: 'down', late: true });
  t.is(late.state, 'DOWN');
  const stored = await em().findOneOrFail(UptimeCheck, check.id, { populate: ['lastRunAt'] });
  t.is(stored.state, 'down', 'an older run never overwrites a newer state');
  t.is(stored.lastRunAt?.getTime(), day + 60_000);
  t.is(stored.version, check.version, 'a run is not a configuration change');
});

test.serial('two writers of the same checks (an ownership handover) leave each check with its newest run, whichever writes first', async (t) => {
  const checks = await Promise.all(Array.from({ length: 40 }, (_, i) => httpCheck(em(), owner, `Handover ${i}`, `handover-${i}.example.net`)));
  const leaving = new RunWriter(store, logger, { flushIntervalMs: 10_000, maxBatch: 7 });
  const taking = new RunWriter(store, logger, { flushIntervalMs: 10_000, maxBatch: 7 });
  const runAt = (i: number, round: number): number => day + round * 86_400_000 + i * 60_000;
  // Round 1 at once; round 2 the newer run first, round 3 the older run first. Even checks'
  // newer run is the new owner's, odd checks' the leaving owner's.
  for (const round of [1, 2, 3]) {
    const writes = checks.map((check, i) => {
      const [newer, older] = i % 2 === 0 ? [taking, leaving] : [leaving, taking];
      return { check, newer, older, at: runAt(i, round) };
    });
    const state = round === 2 ? 'down' : 'up';
    const stale = state === 'up' ? 'down' : 'up';
    if (round === 1) {
      for (const { check, newer, older, at } of writes) {
        older.setCheckState(check.id, stale, at);
        newer.setCheckState(check.id, state, at + 1);
      }
      await Promise.all([leaving.flush(), taking.flush()]);
    } else {
      const [first, second] = round === 2 ? (['newer', 'older'] as const) : (['older', 'newer'] as const);
      for (const turn of [first, second]) {
        for (const write of writes) write[turn].setCheckState(write.check.id, turn === 'newer' ? state : stale, turn === 'newer' ? write.at + 1 : write.at);
        await Promise.all([leaving.flush(), taking.flush()]);
      }
    }
    const stored = new Map((await em().find(UptimeCheck, { id: { $in: checks.map((check) => check.id) } }, { populate: ['lastRunAt'] })).map((check) => [check.id, check]));
    t.deepEqual(
      checks.map(({ id }) => [stored.get(id)?.state, stored.get(id)?.lastRunAt?.getTime()]),
      checks.map((_, i) => [state, runAt(i, round) + 1]),
      `round ${round}`,
    );
  }
  await Promise.all([leaving.stop(), taking.stop()]);
});

/** On PostgreSQL whatever the set-up (see concurrentStore): the deletion holds its transaction open beside the batch. */
test.serial('a check deleted while its state is written is skipped, without failing the batch', async (t) => {
  const concurrent = await concurrentStore();
  const sessionEm = () => concurrent.store.em.fork() as EntityManager;
  const holder = await tenant(sessionEm());
  const [kept, deleted] = [await httpCheck(sessionEm(), holder, 'Kept', 'kept.example.net'), await httpCheck(sessionEm(), holder, 'Deleted', 'deleted.example.net')];
  const deleting = new pg.Client({ connectionString: concurrent.databaseUrl });
  // A failed batch would be retried only after a minute: the flush below would not end in time.
  const writer = new RunWriter(concurrent.store, logger, { flushIntervalMs: 10_000, retry: { baseMs: 60_000, maxMs: 60_000 } });
  try {
    await deleting.connect();
    await deleting.query('begin');
    await deleting.query('delete from uptime_checks where id = $1', [deleted.id]);
    writer.setCheckState(kept.id, 'up', day);
    writer.setCheckState(deleted.id, 'up', day);
    const flushed = writer.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await deleting.query('commit');
    const started = Date.now();
    await flushed;
    t.true(Date.now() - started < 10_000, 'written at once, not retried');
    const rows = await sessionEm().getConnection().execute<Array<{ check_id: number }>>('select check_id from uptime_check_last_runs where check_id in (?, ?)', [kept.id, deleted.id]);
    t.deepEqual(rows.map((row) => row.check_id), [kept.id]);
    t.is((await sessionEm().findOneOrFail(UptimeCheck, kept.id)).state, 'up');
  } finally {
    await writer.stop(1000);
    await deleting.end();
    await concurrent.close();
  }
});

test.serial('an incident opens once per cycle and once per check, with its outbox event in the same transaction', async (t) => {
  const check = await httpCheck(em(), owner, 'Incidents', 'incidents.example.net');
  const writer = new IncidentWriter(store);
  const opening = { checkId: check.id, cycleId: 'i.1', at: day, severity: 'critical' as const, failures: [{ location: 'eu-west', reason: 'timeout' }], compatibleLocations: 1 };
  const first = await writer.open(opening);
  t.is(await writer.open(opening), first, 'a replay of the cycle returns the same incident');
  t.is(await writer.open({ ...opening, cycleId: 'i.2' }), first, 'a second cycle while one is open returns the open one');
  t.is(await em().count(Incident, { check: check.id }), 1);
  const events = await em().find(OutboxEvent, { eventType: 'uptime.check.failed', resource: { id: check.id } });
  t.is(events.length, 1);
  t.deepEqual(events[0]!.context, { incident_id: first, severity: 'critical', failed_locations: ['eu-west'] });

  await writer.resolve({ checkId: check.id, incidentId: first, openedByCycle: 'i.1', at: day + 60_000, notify: true });
  await writer.resolve({ checkId: check.id, incidentId: first, openedByCycle: 'i.1', at: day + 60_000, notify: true });
  const resolved = await em().findOneOrFail(Incident, first!, { populate: ['notes'] });
  t.is(resolved.status, 'resolved');
  t.is(resolved.resolvedBy, null);
  t.is(resolved.notes.length, 2);
  t.is(await em().count(OutboxEvent, { eventType: 'uptime.check.recovered', resource: { id: check.id } }), 1, 'a replayed recovery notifies once');
  t.is(await writer.open({ ...opening, cycleId: 'i.3' }) === first, false, 'after recovery a new failure is a new incident');
});

test.serial('recovery in maintenance resolves without an event; unknown checks are left alone', async (t) => {
  const check = await httpCheck(em(), owner, 'Quiet', 'quiet.example.net');
  const writer = new IncidentWriter(store);
  const id = await writer.open({ checkId: check.id, cycleId: 'q.1', at: day, severity: 'major', failures: [{ location: 'eu-west', reason: null }], compatibleLocations: 2 });
  await writer.resolve({ checkId: check.id, incidentId: null, openedByCycle: 'q.1', at: day + 1, notify: false });
  t.is((await em().findOneOrFail(Incident, id!)).status, 'resolved');
  t.is(await em().count(OutboxEvent, { eventType: 'uptime.check.recovered', resource: { id: check.id } }), 0);
  t.is(await writer.open({ checkId: 999_999, cycleId: 'q.x', at: day, severity: 'major', failures: [], compatibleLocations: 1 }), null);
});

test.serial('rebuilt state: the open incident, and a manual resolve while the last run still failed', async (t) => {
  const open = await httpCheck(em(), owner, 'Rebuild open', 'r1.example.net');
  const manual = await httpCheck(em(), owner, 'Rebuild manual', 'r2.example.net');
  const recovered = await httpCheck(em(), owner, 'Rebuild recovered', 'r3.example.net');
  const incidents = new IncidentWriter(store);
  const runs = new RunWriter(store, logger);
  const failures = [{ location: 'eu-west', reason: null }];
  const openId = await incidents.open({ checkId: open.id, cycleId: 'r.1', at: day, severity: 'major', failures, compatibleLocations: 2 });
  const manualId = await incidents.open({ checkId: manual.id, cycleId: 'r.2', at: day, severity: 'major', failures, compatibleLocations: 2 });
  const recoveredId = await incidents.open({ checkId: recovered.id, cycleId: 'r.3', at: day, severity: 'major', failures, compatibleLocations: 2 });
  const user = await em().findOneOrFail(User, { client: owner.workspace.client.id });
  for (const id of [manualId, recoveredId]) await em().nativeUpdate(Incident, { id: id! }, { status: 'resolved', resolvedAt: new Date(day + 1000), resolvedBy: user.id });
  runs.addRun(run(open.id, 'r.1', 'DOWN'));
  runs.addRun(run(manual.id, 'r.2', 'DOWN'));
  runs.addRun(run(recovered.id, 'r.3', 'DOWN'));
  runs.addRun(run(recovered.id, 'r.3b', 'UP', { startedAt: day + 60_000 }));
  await runs.stop();

  const loaded = await new CheckLoader(store).load([open.id, manual.id, recovered.id]);
  t.deepEqual(loaded.get(open.id)?.openIncident, { id: openId!, openedByCycle: 'r.1', status: 'open' });
  t.true(loaded.get(open.id)?.lastFailing);
  t.is(loaded.get(manual.id)?.openIncident, null);
  t.deepEqual(loaded.get(manual.id)?.awaitingRecovery, { incidentId: manualId! });
  t.is(loaded.get(recovered.id)?.awaitingRecovery, null, 'it recovered since the manual resolve');
  t.like(loaded.get(open.id)?.config, { id: open.id, workspaceId: owner.workspace.id, frequencyMinutes: 1, triggerLocations: ['eu-west', 'us-east'] });
  t.is(loaded.get(open.id)?.config.spec.type, 'http');
});

test.serial('with AMQP configured, an incident event is also queued for the client exchange', async (t) => {
  const check = await httpCheck(em(), owner, 'Queued', 'queued.example.net');
  const opening = { checkId: check.id, cycleId: 'amqp.1', at: day, severity: 'major' as const, failures: [{ location: 'eu-west', reason: 'timeout' }], compatibleLocations: 2 };
  await new IncidentWriter(store, { amqp: true }).open(opening);
  const [event] = await em().find(OutboxEvent, { eventType: 'uptime.check.failed', resource: { id: check.id } });
  t.is(await em().count(OutboxDelivery, { event: event!.id, channel: 'amqp' }), 1);
  await new IncidentWriter(store).open({ ...opening, checkId: (await httpCheck(em(), owner, 'Unqueued', 'unqueued.example.net')).id, cycleId: 'amqp.2' });
  t.is(await em().count(OutboxDelivery, { channel: 'amqp', event: { resource: { name: 'Unqueued' } } }), 0);
});
