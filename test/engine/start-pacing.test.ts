import { randomBytes } from 'node:crypto';
import test from 'ava';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProbeRequestBatch } from '../../src/bus/messages.js';
import { NatsBus } from '../../src/bus/nats-bus.js';
import { agentQueue, probeSubject } from '../../src/bus/subjects.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { startEngine, type RunningEngine } from '../../src/engine/index.js';
import { createLogger } from '../../src/log.js';
import { metricsRegistry } from '../../src/metrics/registry.js';
import { freshStore } from '../support/database.js';
import { tenant, until } from './helpers.js';

const natsUrl = process.env.NATS_URL;
const distributed = natsUrl && process.env.DATABASE_URL ? test : test.skip;
const logger = createLogger('silent');
const checks = 10_000;
const startRate = 2_500;

/**
 * An engine starting with 10,000 checks none of which has run in its current slot (a restart after
 * an outage, a first start) owes each a cycle at once; it spreads them at VANTAGE_ENGINE_START_RATE
 * instead of sending 10,000 requests in one burst.
 */
distributed('a start with 10,000 checks due spreads their first cycles at the configured rate', async (t) => {
  t.timeout(120_000);
  const cluster = `sp${randomBytes(4).toString('hex')}`;
  const { store, close } = await freshStore();
  const open = () => NatsBus.connect({ servers: natsUrl!.split(','), namespace: cluster, streamMaxAgeMs: 600_000 }, logger);
  const [engineBus, agentBus] = await Promise.all([open(), open()]);
  let engine: RunningEngine | undefined;
  t.teardown(async () => {
    await engine?.stop();
    await Promise.all([engineBus.close(), agentBus.close()]);
    const nc = await connect({ servers: natsUrl!.split(',') });
    const jsm = await jetstreamManager(nc);
    for (const stream of ['RESULTS', 'CHANGES']) await jsm.streams.delete(`${cluster.toUpperCase()}_VANTAGE_${stream}`).catch(() => undefined);
    await (await new Kvm(nc).open(`${cluster}-engine-leases`)).destroy().catch(() => undefined);
    await nc.close();
    await close();
  });
  const owner = await tenant(store.em.fork() as EntityManager);
  await (store.em.fork() as EntityManager).getConnection().execute(
    `insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method, response_timeout,
       trigger_locations, min_failing_locations, response_classes, flag_follow_redirect, paused, state, managed_by, version, created_at, updated_at)
     select ?, 'paced ' || g, 'http', '127.0.0.1:9', 'http', '/', 1, 'get', 5000, '["eu-west"]'::jsonb, 1, '["2XX"]'::jsonb, false, false, 'pending', 'api', 1, now(), now()
     from generate_series(1, ?) g`,
    [owner.workspace.id, checks],
  );
  // When each first request reached the location's agent.
  const firstSeen = new Map<number, number>();
  agentBus.subscribe(
    probeSubject('eu-west'),
    (_subject, data) => {
      const now = Date.now();
      for (const request of (data as ProbeRequestBatch).requests) if (!firstSeen.has(request.subjectId)) firstSeen.set(request.subjectId, now);
    },
    { queue: agentQueue('eu-west') },
  );
  const settings = loadSettings({ VANTAGE_CLUSTER_NAME: cluster, VANTAGE_PARTITIONS: '4', VANTAGE_LOCATIONS: 'eu-west', VANTAGE_ENGINE_START_RATE: String(startRate) });
  engine = await startEngine({ settings, logger, store, bus: engineBus });
  // The catch-up ahead is on /metrics while it lasts, so that an operator sees why first cycles wait.
  const startsWaiting = async () => (await metricsRegistry.getSingleMetric('vantage_engine_starts_waiting')!.get()).values[0]?.value ?? 0;
  let mostWaiting = 0;
  // A few checks are created by the tenant helper too: wait for the seeded ones.
  await until(
    'every check’s first request',
    async () => {
      mostWaiting = Math.max(mostWaiting, await startsWaiting());
      return firstSeen.size >= checks;
    },
    60_000,
  );
  await until('no start left waiting', async () => (await startsWaiting()) === 0, 10_000);
  // Four seconds of starts are read every 40 ms: the queue is seen well above a second's worth at least once.
  t.true(mostWaiting >= startRate, `at most ${mostWaiting} starts were seen waiting`);

  const times = [...firstSeen.values()].sort((a, b) => a - b);
  const spanMs = times[times.length - 1]! - times[0]!;
  // 10,000 at 2,500 per second take about four seconds; all at once would take a few hundred milliseconds.
  t.true(spanMs >= ((checks / startRate) * 1000) * 0.8, `first cycles spread over ${spanMs} ms`);
  // No second holds more than the rate allows, plus one batch of slack for a batch that left at a second's edge.
  let busiest = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= 1000) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  t.true(busiest <= startRate * 1.1 + settings.VANTAGE_PROBE_BATCH_SIZE, `busiest second: ${busiest} first requests`);
});
