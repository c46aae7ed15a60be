import test from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProbeAgent } from '../../agents/probe-agent.js';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { changeSubject } from '../../src/bus/subjects.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { phaseOffset, slotAfter } from '../../src/domain/schedule.js';
import { startEngine, type RunningEngine } from '../../src/engine/index.js';
import { createLogger } from '../../src/log.js';
import { Incident, IncidentNote } from '../../src/store/entities/incident.js';
import { OutboxDelivery, OutboxEvent } from '../../src/store/entities/outbox.js';
import { DailyAvailability, Run } from '../../src/store/entities/run.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { freshStore } from '../support/database.js';
import { FakeClock } from './fake-clock.js';
import { httpCheck, Target, tenant, until } from './helpers.js';

/**
 * The `serve` shape end to end: fresh store, in-process bus, the engine on a fake clock, and real
 * probe agents probing a real local HTTP server that the test turns down and up.
 */
test('target down opens an incident with its outbox rows; target back resolves it and notifies the recovery', async (t) => {
  const { store, close } = await freshStore();
  const logger = createLogger('silent');
  const bus = new InProcessBus(logger);
  const target = await Target.start();
  const agents = ['eu-west', 'us-east'].map(
    (location) => new ProbeAgent({ bus, location, agentId: `agent-${location}`, concurrency: 8, probeOptions: { allowPrivateTargets: true }, logger }),
  );
  agents.forEach((agent) => agent.start());
  const em = () => store.em.fork() as EntityManager;
  const owner = await tenant(em());
  const check = await httpCheck(em(), owner, 'Local site', target.hostname);
  const clock = new FakeClock(Date.now());
  let engine: RunningEngine | undefined;
  t.teardown(async () => {
    await engine?.stop();
    await Promise.all(agents.map((agent) => agent.stop(100)));
    await bus.close();
    await target.stop();
    await close();
  });
  engine = await startEngine({ settings: loadSettings({ VANTAGE_PARTITIONS: '4' }), logger, store, bus, clock });
  const period = 60_000;
  const nextSlot = (): number => slotAfter(clock.now(), period, phaseOffset(check.id, period));
  const runs = () => em().find(Run, { check: check.id, onDemand: false }, { orderBy: { startedAt: 'asc' } });

  // A new check runs at once, then on its schedule.
  await until('the first run', async () => (await runs()).length === 1 && (await engine!.engine.flushRuns(), true));
  t.is((await runs())[0]!.state, 'UP');
  t.is((await em().findOneOrFail(UptimeCheck, check.id)).state, 'up');

  target.healthy = false;
  clock.advanceTo(nextSlot());
  const incident = await until('the incident', () => em().findOne(Incident, { check: check.id }, { populate: ['notes'] }));
  t.is(incident.status, 'open');
  t.is(incident.severity, 'critical');
  t.deepEqual([...incident.failedLocations].sort(), ['eu-west', 'us-east']);
  t.regex(incident.notes[0]!.body, /2 of 2 locations failing .*status 503/);
  const failed = await em().find(OutboxEvent, { eventType: 'uptime.check.failed' });
  t.is(failed.length, 1, 'the outbox row is written with the incident');
  t.like(failed[0]!.context, { incident_id: incident.id, severity: 'critical' });
  t.like(failed[0]!.resource, { type: 'uptime_check', id: check.id, name: 'Local site', url_or_host: `http://${target.hostname}/` });
  t.is(await em().count(OutboxDelivery, { event: failed[0]!.id, destination: 'oncall@example.com' }), 1);
  await engine.engine.flushRuns();
  t.is((await runs()).at(-1)!.state, 'DOWN');

  // Still down: no second incident, no second notification.
  clock.advanceTo(nextSlot());
  await until('the third run', async () => (await engine!.engine.flushRuns(), (await runs()).length === 3));
  t.is(await em().count(Incident, { check: check.id }), 1);
  t.is(await em().count(OutboxEvent, { eventType: 'uptime.check.failed' }), 1);

  // Test-now answers with the cycle's summary, is stored as on-demand, and opens nothing more.
  const summary = await engine.onDemand.runNow(check.id);
  t.is(summary.state, 'DOWN');
  t.is(summary.results.length, 2);
  t.truthy(summary.runId);
  t.true((await em().findOneOrFail(Run, { id: summary.runId! })).onDemand);
  t.is(await em().count(Incident, { check: check.id }), 1);

  target.healthy = true;
  clock.advanceTo(nextSlot());
  const resolved = await until('the recovery', async () => {
    const found = await em().findOneOrFail(Incident, incident.id, { populate: ['notes'] });
    return found.status === 'resolved' ? found : null;
  });
  t.is(resolved.resolvedBy, null, 'resolved by the system');
  t.true(resolved.notes.getItems().some((note) => note.author === null && note.body.startsWith('Recovered:')));
  const recovered = await em().find(OutboxEvent, { eventType: 'uptime.check.recovered' });
  t.is(recovered.length, 1);
  t.like(recovered[0]!.context, { incident_id: incident.id, severity: 'recovered' });
  await engine.engine.flushRuns();
  t.is((await em().findOneOrFail(UptimeCheck, check.id)).state, 'up');

  const days = await em().find(DailyAvailability, { check: check.id });
  const total = days.reduce((sum, day) => sum + day.upRuns + day.downRuns + day.unknownRuns, 0);
  t.is(total, (await runs()).length, 'the rollup counts every scheduled run once and no on-demand run');
  t.is(days.reduce((sum, day) => sum + day.downRuns, 0), 2);

  // Pause through the API's change notice: the schedule stops at once.
  await em().nativeUpdate(UptimeCheck, { id: check.id }, { paused: true, version: 99 });
  await bus.publishDurable(changeSubject('uptime_check', check.id), { kind: 'uptime_check', id: check.id, action: 'paused', at: new Date().toISOString() });
  await until('the pause to reach the actor', async () => engine!.engine.stateOfCheck(check.id)?.config.paused);
  const before = (await runs()).length;
  clock.advance(3 * period);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await engine.engine.flushRuns();
  t.is((await runs()).length, before, 'no cycle while paused');
  t.is(await em().count(IncidentNote, {}), 2);
});
