import test from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProbeRequestBatch, ProbeResultMessage } from '../../src/bus/messages.js';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { agentQueue, probeSubject } from '../../src/bus/subjects.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { deadlineMarginMs } from '../../src/domain/check-actor-reducer.js';
import { findLivenessGaps, tickMissing } from '../../src/domain/engine-liveness.js';
import { phaseOffset, slotAfter } from '../../src/domain/schedule.js';
import type { TimerHandle } from '../../src/engine/clock.js';
import { startEngine, type RunningEngine } from '../../src/engine/index.js';
import { OwnAllPartitions } from '../../src/engine/partition-leases.js';
import { createLogger } from '../../src/log.js';
import { metricsRegistry } from '../../src/metrics/registry.js';
import type { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { closeStore, migrate, openStore, type Store } from '../../src/store/orm.js';
import { PrivatePostgres } from '../support/private-postgres.js';
import { FakeClock } from './fake-clock.js';
import { httpCheck, tenant, until } from './helpers.js';

const logger = createLogger('silent');
const minute = 60_000;

test('the liveness decision: a tick missing, too far ahead or long overdue is a gap; a paused check needs none', (t) => {
  const now = 1_000_000;
  const base = { checkId: 1, paused: false, periodMs: minute };
  t.false(tickMissing({ ...base, tickAt: now + minute }, now, 5_000));
  t.false(tickMissing({ ...base, tickAt: now - 1_000 }, now, 5_000), 'a tick being handled right now');
  t.true(tickMissing({ ...base, tickAt: null }, now, 5_000));
  t.true(tickMissing({ ...base, tickAt: now + 2 * minute }, now, 5_000));
  t.true(tickMissing({ ...base, tickAt: now - 10_000 }, now, 5_000), 'a timer that never fired');
  t.false(tickMissing({ ...base, paused: true, tickAt: null }, now, 5_000));
  const gaps = findLivenessGaps({
    checks: [
      { ...base, checkId: 1, tickAt: null },
      { ...base, checkId: 2, tickAt: now + 100 },
    ],
    ownedPartitions: [3, 0, 1],
    consumedPartitions: new Set([1]),
    now,
    marginMs: 5_000,
  });
  t.deepEqual(gaps, { unarmedChecks: [1], partitionsWithoutConsumer: [0, 3] });
});

/** A fake clock that fails to arm the timer due at one instant, once, as a timer that cannot be armed would. */
class FaultyClock extends FakeClock {
  failWhenDue: number | null = null;
  override setTimeout(callback: () => void, delayMs: number): TimerHandle {
    if (this.failWhenDue !== null && this.now() + delayMs === this.failWhenDue) {
      this.failWhenDue = null;
      throw new Error('injected: the timer could not be armed');
    }
    return super.setTimeout(callback, delayMs);
  }
}

const unarmedCount = async (): Promise<number> => (await metricsRegistry.getSingleMetric('vantage_engine_checks_unarmed_total')?.get())?.values[0]?.value ?? 0;

let postgres: PrivatePostgres;
let store: Store;
let bus: InProcessBus;
let engine: RunningEngine | undefined;
const requests = new Map<number, number>();

test.before(async () => {
  postgres = await PrivatePostgres.start();
  store = await openStore({ databaseUrl: postgres.url });
  await migrate(store);
  bus = new InProcessBus(logger);
  bus.subscribe(
    probeSubject('eu-west'),
    async (_subject, data) => {
      for (const request of (data as ProbeRequestBatch).requests) {
        requests.set(request.subjectId, (requests.get(request.subjectId) ?? 0) + 1);
        const now = new Date().toISOString();
        const message: ProbeResultMessage = { ...request, agentId: 'stub', startedAt: now, finishedAt: now, result: { state: 'up', reason: null, latencyMs: 3, phases: {} } };
        await bus.publishDurable(request.resultSubject, message);
      }
    },
    { queue: agentQueue('eu-west') },
  );
});

test.after.always(async () => {
  await postgres?.resume();
  await engine?.stop().catch(() => undefined);
  await bus?.close();
  if (store) await closeStore(store).catch(() => undefined);
  await postgres?.dispose();
});

test.serial('an actor that loses its tick at the worst moment (a failing reload during its restart) is re-armed by the watchdog within one resync, and counted', async (t) => {
  t.timeout(90_000);
  const owner = await tenant(store.em.fork() as EntityManager);
  const check: UptimeCheck = await httpCheck(store.em.fork() as EntityManager, owner, 'Watched', 'watched.example.net', { triggerLocations: ['eu-west'] });
  // Half a period before the check's slot: its first cycle (and that cycle's deadline) is over well before its next.
  const clock = new FaultyClock(slotAfter(Date.now(), minute, phaseOffset(check.id, minute)) - minute / 2);
  engine = await startEngine({
    settings: loadSettings({ VANTAGE_PARTITIONS: '2' }),
    logger,
    store,
    bus,
    clock,
    resyncIntervalMs: 1_000,
    // Without the watchdog this actor would wait ten minutes before trying its restart again.
    actorRestartBackoff: { baseMs: 600_000, maxMs: 600_000 },
  });
  await until('the first cycle', async () => requests.get(check.id) === 1);
  const before = await unarmedCount();

  // The database goes away, and the deadline timer of the check's next cycle cannot be armed: the
  // actor fails in the middle of its tick (after the old tick fired, before the next is armed), and
  // its restart cannot reload the check.
  await postgres.stop('immediate');
  const nextSlot = slotAfter(clock.now(), minute, phaseOffset(check.id, minute));
  clock.failWhenDue = nextSlot + check.responseTimeout + deadlineMarginMs;
  clock.advanceTo(nextSlot);
  await until('the second cycle', async () => requests.get(check.id) === 2);
  clock.advance(2 * minute);
  t.is(requests.get(check.id), 2, 'nothing armed: no cycle ran for two periods');

  await until('the watchdog counts the check', async () => (await unarmedCount()) > before, 10_000);
  await until('the re-armed check runs its missed slot', async () => requests.get(check.id) === 3, 10_000);
  await until('its cycle closes', async () => engine!.engine.stateOfCheck(check.id)?.cycles.length === 0, 10_000);
  clock.advance(minute);
  await until('and keeps its schedule, the database still away', async () => requests.get(check.id) === 4, 10_000);
  t.is((await unarmedCount()) - before, 1);
  await postgres.resume();
});

test.serial('partitions taken while the database is away are brought up by the watchdog once it returns, and counted', async (t) => {
  t.timeout(90_000);
  await engine?.stop();
  engine = undefined;
  const owner = await tenant(store.em.fork() as EntityManager);
  const check = await httpCheck(store.em.fork() as EntityManager, owner, 'Late start', 'late.example.net', { triggerLocations: ['eu-west'] });
  const unconsumed = async (): Promise<number> => (await metricsRegistry.getSingleMetric('vantage_engine_partitions_unconsumed_total')?.get())?.values[0]?.value ?? 0;
  const before = await unconsumed();
  await postgres.stop('immediate');
  engine = await startEngine({ settings: loadSettings({ VANTAGE_PARTITIONS: '2' }), logger, store, bus, clock: new FakeClock(Date.now()), resyncIntervalMs: 500 });
  t.is(engine.engine.runningChecks, 0, 'nothing could be loaded');
  t.deepEqual(engine.engine.ownedPartitions, [0, 1], 'but the partitions are owned');
  await until('the watchdog notices the partitions without a consumer', async () => (await unconsumed()) > before, 10_000);
  await postgres.resume();
  await until('the check runs once the database is back', async () => (requests.get(check.id) ?? 0) >= 1, 30_000);
  t.true(engine.engine.runningChecks >= 1);
});

/** Every partition, with a lease window the test closes: as an owner that can no longer prove its lease. */
class ClosableLeases extends OwnAllPartitions {
  open = true;
  override mayAct(): boolean {
    return this.open;
  }
}

const fencedCount = async (): Promise<number> => (await metricsRegistry.getSingleMetric('vantage_engine_fenced_events_total')?.get())?.values[0]?.value ?? 0;

test.serial('an actor restarted while its partition’s lease window is closed is fenced: its restart starts no cycle', async (t) => {
  t.timeout(90_000);
  await engine?.stop();
  engine = undefined;
  const owner = await tenant(store.em.fork() as EntityManager);
  const check: UptimeCheck = await httpCheck(store.em.fork() as EntityManager, owner, 'Fenced restart', 'fenced.example.net', { triggerLocations: ['eu-west'] });
  // The checks of the tests before are paused: this engine's only timers are this check's.
  await (store.em.fork() as EntityManager).getConnection().execute('update uptime_checks set paused = true where id <> ?', [check.id]);
  const clock = new FaultyClock(slotAfter(Date.now(), minute, phaseOffset(check.id, minute)) - minute / 2);
  const leases = new ClosableLeases(2);
  engine = await startEngine({ settings: loadSettings({ VANTAGE_PARTITIONS: '2' }), logger, store, bus, clock, partitions: leases, actorRestartBackoff: { baseMs: 1_000, maxMs: 1_000 } });
  await until('the first cycle', async () => requests.get(check.id) === 1);
  await until('its cycle closes', async () => engine!.engine.stateOfCheck(check.id)?.cycles.length === 0, 10_000);

  // The actor fails mid-tick with the database away, so its first restart fails and is retried a second later.
  await postgres.stop('immediate');
  const nextSlot = slotAfter(clock.now(), minute, phaseOffset(check.id, minute));
  clock.failWhenDue = nextSlot + check.responseTimeout + deadlineMarginMs;
  clock.advanceTo(nextSlot);
  await until('the second cycle', async () => requests.get(check.id) === 2);
  // Before the retry, this replica loses the proof of its lease; then the database returns and a slot is due.
  leases.open = false;
  const fencedBefore = await fencedCount();
  await postgres.resume();
  clock.advance(minute);
  await until('the restart reaches the fence', async () => (await fencedCount()) > fencedBefore, 20_000);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.deepEqual(engine.engine.stateOfCheck(check.id)?.cycles, [], 'no cycle was started by the fenced restart');
  t.is(requests.get(check.id), 2, 'and no probe request was sent');
});
