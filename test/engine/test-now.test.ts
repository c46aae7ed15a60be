import test from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProbeRequestBatch, ProbeResultMessage } from '../../src/bus/messages.js';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { agentQueue, changeSubject, probeSubject } from '../../src/bus/subjects.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { BusOnDemandProbe } from '../../src/engine/bus-on-demand.js';
import { CheckNotRunHere, startEngine, type RunningEngine } from '../../src/engine/index.js';
import { createLogger } from '../../src/log.js';
import { Incident } from '../../src/store/entities/incident.js';
import { Run } from '../../src/store/entities/run.js';
import type { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import type { Store } from '../../src/store/orm.js';
import { freshStore } from '../support/database.js';
import { FakeClock } from './fake-clock.js';
import { httpCheck, tenant, until } from './helpers.js';

const logger = createLogger('silent');
let store: Store;
let close: () => Promise<void>;
let bus: InProcessBus;
let running: RunningEngine;
let check: UptimeCheck;
const em = () => store.em.fork() as EntityManager;

/** A stub agent per location: eu-west answers up, us-east unsupported (an incompatible location). */
function stubAgents(): void {
  for (const [location, state] of [['eu-west', 'up'], ['us-east', 'unsupported']] as const) {
    bus.subscribe(
      probeSubject(location),
      async (_subject, data) => {
        for (const request of (data as ProbeRequestBatch).requests) {
          const now = new Date().toISOString();
          const message: ProbeResultMessage = {
            ...request,
            agentId: 'stub',
            startedAt: now,
            finishedAt: now,
            result: { state, reason: state === 'up' ? null : 'ping needs a raw socket', latencyMs: 12, phases: {} },
          };
          await bus.publishDurable(request.resultSubject, message);
        }
      },
      { queue: agentQueue(location) },
    );
  }
}

test.before(async () => {
  ({ store, close } = await freshStore());
  bus = new InProcessBus(logger);
  stubAgents();
  const owner = await tenant(em());
  check = await httpCheck(em(), owner, 'Test now', 'now.example.net', { paused: true });
  running = await startEngine({ settings: loadSettings({ VANTAGE_PARTITIONS: '4' }), logger, store, bus, clock: new FakeClock(Date.now()) });
});

test.after.always(async () => {
  await running?.stop();
  await bus?.close();
  await close();
});

test.serial('test-now over the bus reaches the owning engine and answers with the run it stored', async (t) => {
  const summary = await new BusOnDemandProbe(bus, 4).runNow(check.id);
  t.is(summary.state, 'UP', 'the unsupported location is left out');
  t.true(summary.startedAt instanceof Date);
  t.deepEqual(summary.results.map((r) => [r.location, r.state]), [['eu-west', 'up'], ['us-east', 'unsupported']]);
  t.is(summary.latencyMs, 12);
  const stored = await em().findOneOrFail(Run, { id: summary.runId! });
  t.true(stored.onDemand);
  t.is(await em().count(Run, { check: check.id, onDemand: false }), 0, 'a paused check runs no scheduled cycle');
  t.is(await em().count(Incident, {}), 0);
});

test.serial('test-now for a check the engine does not know is refused, in process and over the bus', async (t) => {
  await t.throwsAsync(running.onDemand.runNow(987_654), { instanceOf: CheckNotRunHere });
  await t.throwsAsync(new BusOnDemandProbe(bus, 4).runNow(987_654), { instanceOf: CheckNotRunHere });
  await t.throwsAsync(new BusOnDemandProbe(new InProcessBus(logger), 4, 200).runNow(check.id), { instanceOf: CheckNotRunHere, message: /no engine answered/ });
});

test.serial('a test_now change notice runs an on-demand cycle and stores it', async (t) => {
  const before = await em().count(Run, { check: check.id, onDemand: true });
  await bus.publishDurable(changeSubject('uptime_check', check.id), { kind: 'uptime_check', id: check.id, action: 'test_now', at: new Date().toISOString() });
  await until('the on-demand run', async () => (await running.engine.flushRuns(), (await em().count(Run, { check: check.id, onDemand: true })) > before));
  t.pass();
});
