import test from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProbeAgent } from '../../agents/probe-agent.js';
import { startMonitoring } from '../../src/cli/start-monitoring.js';
import { Incident } from '../../src/store/entities/incident.js';
import { ApiHarness } from '../api/helpers/api-harness.js';
import { httpCheck, Target, tenant, until } from '../engine/helpers.js';
import { notifySettings } from '../support/notify/settings.js';

/**
 * The metrics of every part, read from `/metrics` as Prometheus would: API request latency by
 * route, probes by location, type and outcome with their phases, cycle start lag, actors, open
 * cycles and partitions of the engine, delivery attempts by channel and the outbox depth (the
 * dependency state, `vantage_dependency_up`, is the roles' own: test/ops). One process runs the API, the engine, the notifier and the agents here, so
 * one registry shows them all; each role serves the same registry on its own `/metrics`.
 */
test('every part exports its metrics on /metrics', async (t) => {
  t.timeout(90_000);
  const api = await ApiHarness.start();
  const target = await Target.start();
  target.healthy = false;
  const settings = notifySettings({ VANTAGE_LOCATIONS: 'eu-west,us-east' });
  const agents = ['eu-west', 'us-east'].map(
    (location) => new ProbeAgent({ bus: api.bus, location, agentId: `metrics-${location}`, concurrency: 4, probeOptions: { allowPrivateTargets: true }, logger: api.deps.logger }),
  );
  for (const agent of agents) agent.start();
  const monitoring = await startMonitoring({ settings, logger: api.deps.logger, store: api.store, bus: api.bus });
  t.teardown(async () => {
    await monitoring.stop();
    await Promise.all(agents.map((agent) => agent.stop(1_000)));
    await target.stop();
    await api.close();
  });
  const owner = await tenant(api.em as EntityManager);
  await httpCheck(api.em as EntityManager, owner, 'Metrics target', target.hostname);
  const account = await api.account('pro');
  t.is((await api.call('GET', '/mobile/uptime-checks', { account })).status, 200);

  const metrics = async () => (await fetch(`${api.origin}/metrics`)).text();
  const series = (text: string, name: string, ...labels: string[]) =>
    text.split('\n').find((line) => line.startsWith(name) && labels.every((label) => line.includes(label)) && !line.endsWith(' 0'));
  await until('an incident of the failing check', async () => (await api.em.count(Incident, {})) > 0, 60_000);
  await until('a delivery attempt', async () => series(await metrics(), 'vantage_delivery_attempts_total', 'channel="email"'), 30_000);
  const text = await metrics();
  const expected: Array<[string, ...string[]]> = [
    ['vantage_http_request_duration_seconds_count', 'route="/app/api/v1/mobile/uptime-checks"', 'method="GET"', 'status="2xx"'],
    ['vantage_probes_total', 'location="eu-west"', 'type="http"', 'outcome="down"'],
    ['vantage_probe_phase_seconds_count', 'location="us-east"', 'phase="total"'],
    ['vantage_engine_actors'],
    ['vantage_partitions_owned'],
    ['vantage_delivery_seconds_count', 'channel="email"'],
  ];
  for (const [name, ...labels] of expected) t.truthy(series(text, name, ...labels), `${name}{${labels.join(',')}} on /metrics`);
  // The first cycle of a check catches up at start and measures no lag; the series is there from the start.
  for (const name of ['vantage_outbox_depth', 'vantage_engine_open_cycles', 'vantage_cycle_start_lag_seconds_count']) t.regex(text, new RegExp(`^${name} \\d+$`, 'm'), `${name} on /metrics`);
});
