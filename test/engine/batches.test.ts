import { randomBytes } from 'node:crypto';
import test from 'ava';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProbeRequest, ProbeRequestBatch, ProbeResultBatch, ProbeResultMessage } from '../../src/bus/messages.js';
import { NatsBus } from '../../src/bus/nats-bus.js';
import { agentQueue, probeSubject } from '../../src/bus/subjects.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { startEngine, type RunningEngine } from '../../src/engine/index.js';
import { createLogger } from '../../src/log.js';
import { Incident } from '../../src/store/entities/incident.js';
import { OutboxEvent } from '../../src/store/entities/outbox.js';
import { Run } from '../../src/store/entities/run.js';
import type { Store } from '../../src/store/orm.js';
import { freshStore } from '../support/database.js';
import { httpCheck, tenant, until, type Tenant } from './helpers.js';

const natsUrl = process.env.NATS_URL;
const distributed = natsUrl && process.env.DATABASE_URL ? test.serial : test.skip;
const logger = createLogger('silent');
const cluster = `eb${randomBytes(4).toString('hex')}`;
const locations = ['eu-west', 'us-east'];

/** What the stub agent does with each check's requests, per location: answer, answer twice (a redelivery), or lose the batch. */
type Behaviour = { state: 'up' | 'down'; deliver: 'once' | 'twice' | 'lost' };
const behaviours = new Map<string, Behaviour>();

let store: Store;
let close: () => Promise<void>;
let engineBus: NatsBus;
let agentBus: NatsBus;
let engine: RunningEngine;
let owner: Tenant;
const em = () => store.em.fork() as EntityManager;

/**
 * A stub agent per location over NATS: answers each request batch as agents do, one result batch
 * per result subject, and for the checks told so publishes that batch twice (under two message
 * ids, as a redelivery reaches the engine) or never (a batch lost mid-flight).
 */
function stubAgents(): void {
  for (const location of locations) {
    agentBus.subscribe(
      probeSubject(location),
      async (_subject, data) => {
        const bySubject = new Map<string, { results: ProbeResultMessage[]; deliver: Behaviour['deliver'] }>();
        for (const request of (data as ProbeRequestBatch).requests) {
          const behaviour = behaviours.get(`${request.subjectId} ${location}`) ?? { state: 'up', deliver: 'once' };
          if (behaviour.deliver === 'lost') continue;
          const key = `${request.resultSubject} ${behaviour.deliver}`;
          const entry = bySubject.get(key) ?? { results: [], deliver: behaviour.deliver };
          bySubject.set(key, entry);
          entry.results.push(answer(request, location, behaviour.state));
        }
        for (const [key, { results, deliver }] of bySubject) {
          const subject = key.split(' ')[0]!;
          const batch: ProbeResultBatch = { results };
          const copies = deliver === 'twice' ? 2 : 1;
          for (let copy = 0; copy < copies; copy++) await agentBus.publishDurable(subject, batch, { msgId: randomBytes(8).toString('hex') });
        }
      },
      { queue: agentQueue(location) },
    );
  }
}

function answer(request: ProbeRequest, location: string, state: 'up' | 'down'): ProbeResultMessage {
  const now = new Date().toISOString();
  return {
    requestId: request.requestId,
    subjectId: request.subjectId,
    subjectKind: request.subjectKind,
    cycleId: request.cycleId,
    location,
    agentId: `stub-${location}`,
    startedAt: now,
    finishedAt: now,
    result: { state, reason: state === 'up' ? null : 'status 503 not in 2XX', latencyMs: 3, phases: {} },
  };
}

test.before(async () => {
  if (!natsUrl || !process.env.DATABASE_URL) return;
  ({ store, close } = await freshStore());
  const open = () => NatsBus.connect({ servers: natsUrl.split(','), namespace: cluster, streamMaxAgeMs: 600_000 }, logger);
  [engineBus, agentBus] = await Promise.all([open(), open()]);
  stubAgents();
  owner = await tenant(em());
  // The longest request window: a test-now request that waited for it would take a second at least.
  const settings = loadSettings({ VANTAGE_CLUSTER_NAME: cluster, VANTAGE_PARTITIONS: '4', VANTAGE_LOCATIONS: locations.join(','), VANTAGE_PROBE_BATCH_WINDOW_MS: '1000' });
  engine = await startEngine({ settings, logger, store, bus: engineBus, resyncIntervalMs: 1_000 });
});

test.after.always(async () => {
  if (!natsUrl || !process.env.DATABASE_URL) return;
  await engine?.stop();
  await Promise.all([engineBus?.close(), agentBus?.close()]);
  const nc = await connect({ servers: natsUrl.split(',') });
  const jsm = await jetstreamManager(nc);
  for (const stream of ['RESULTS', 'CHANGES']) await jsm.streams.delete(`${cluster.toUpperCase()}_VANTAGE_${stream}`).catch(() => undefined);
  await (await new Kvm(nc).open(`${cluster}-engine-leases`)).destroy().catch(() => undefined);
  await nc.close();
  await close?.();
});

const firstRun = async (checkId: number): Promise<Run> =>
  until(`the first run of check ${checkId}`, async () => {
    await engine.engine.flushRuns();
    return (await em().find(Run, { check: checkId }, { orderBy: { startedAt: 'asc' } }))[0];
  });

distributed('a redelivered result batch decides nothing twice: one run, one incident, one failure event', async (t) => {
  const check = await httpCheck(em(), owner, 'Redelivered', '127.0.0.1:9', { triggerLocations: locations, minFailingLocations: 1 });
  for (const location of locations) behaviours.set(`${check.id} ${location}`, { state: 'down', deliver: 'twice' });
  const run = await firstRun(check.id);
  t.is(run.state, 'DOWN');
  // The second copies arrive after the first: give them time to be handled, then count.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await engine.engine.flushRuns();
  t.is(await em().count(Run, { check: check.id, cycleKey: run.cycleKey }), 1);
  await until('the incident', async () => (await em().count(Incident, { check: check.id })) === 1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.is(await em().count(Incident, { check: check.id }), 1);
  const failures = await em().find(OutboxEvent, { eventType: 'uptime.check.failed' });
  t.is(failures.filter((event) => (event.resource as { id?: number }).id === check.id).length, 1);
});

distributed('a result batch lost mid-flight leaves its location missing: the run is UNKNOWN, never DOWN, and opens nothing', async (t) => {
  const check = await httpCheck(em(), owner, 'Lost batch', '127.0.0.1:9', { triggerLocations: locations, minFailingLocations: 2, responseTimeout: 1000 });
  behaviours.set(`${check.id} eu-west`, { state: 'down', deliver: 'once' });
  behaviours.set(`${check.id} us-east`, { state: 'down', deliver: 'lost' });
  const run = await firstRun(check.id);
  t.is(run.state, 'UNKNOWN');
  t.deepEqual(
    run.results.map((r) => [r.location, r.state]),
    [
      ['eu-west', 'down'],
      ['us-east', 'missing'],
    ],
  );
  t.is(await em().count(Incident, { check: check.id }), 0);
});

distributed('a test-now request leaves at once instead of waiting for the batch window', async (t) => {
  const check = await httpCheck(em(), owner, 'Test now', '127.0.0.1:9', { triggerLocations: locations });
  await firstRun(check.id);
  const began = Date.now();
  const summary = await engine.engine.onDemand.runNow(check.id);
  const tookMs = Date.now() - began;
  t.is(summary.state, 'UP');
  t.true(tookMs < 900, `test-now answered after ${tookMs} ms`);
});
