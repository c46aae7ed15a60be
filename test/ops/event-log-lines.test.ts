import { Writable } from 'node:stream';
import test from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProbeAgent } from '../../agents/probe-agent.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { phaseOffset, slotAfter } from '../../src/domain/schedule.js';
import { startEngine, type RunningEngine } from '../../src/engine/index.js';
import { createLogger } from '../../src/log.js';
import { Incident } from '../../src/store/entities/incident.js';
import { Run } from '../../src/store/entities/run.js';
import { ApiHarness } from '../api/helpers/api-harness.js';
import { FakeClock } from '../engine/fake-clock.js';
import { httpCheck, Target, tenant, until } from '../engine/helpers.js';

type Line = Record<string, unknown>;

/** A pino logger at info whose lines the test reads back, as a log shipper would. */
function capturedLogger(): { logger: ReturnType<typeof createLogger>; lines: Line[] } {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

const withEvent = (lines: Line[], event: string) => lines.filter((line) => line.event === event);

/**
 * The serve shape (engine on a fake clock, real agents, a real local HTTP target, the API) with
 * one logger whose output is read back: each state change, incident transition and given-up
 * delivery is one line at info (given up: warn) with the stable fields the README lists.
 */
test('a check going down and up logs its state changes and its incident opened, acknowledged and resolved, once each', async (t) => {
  t.timeout(90_000);
  const { logger, lines } = capturedLogger();
  const api = await ApiHarness.start({ logger });
  const target = await Target.start();
  const agents = ['eu-west', 'us-east'].map(
    (location) => new ProbeAgent({ bus: api.bus, location, agentId: `log-${location}`, concurrency: 4, probeOptions: { allowPrivateTargets: true }, logger: createLogger('silent') }),
  );
  agents.forEach((agent) => agent.start());
  const em = () => api.store.em.fork() as EntityManager;
  const owner = await tenant(em());
  const check = await httpCheck(em(), owner, 'Logged site', target.hostname);
  const clock = new FakeClock(Date.now());
  let engine: RunningEngine | undefined;
  t.teardown(async () => {
    await engine?.stop();
    await Promise.all(agents.map((agent) => agent.stop(100)));
    await target.stop();
    await api.close();
  });
  engine = await startEngine({ settings: loadSettings({ VANTAGE_PARTITIONS: '4' }), logger, store: api.store, bus: api.bus, clock });
  const nextSlot = (): number => slotAfter(clock.now(), 60_000, phaseOffset(check.id, 60_000));
  const flushed = async (event: string, count: number) => until(`${count} ${event} line(s)`, async () => (await engine!.engine.flushRuns(), withEvent(lines, event).length >= count));

  await flushed('check.state_changed', 1);
  t.like(withEvent(lines, 'check.state_changed')[0], { level: 30, check_id: check.id, workspace_id: owner.workspace.id, check_name: 'Logged site', previous_state: 'pending', state: 'up' });

  target.healthy = false;
  clock.advanceTo(nextSlot());
  await flushed('check.state_changed', 2);
  t.like(withEvent(lines, 'check.state_changed')[1], { level: 30, check_id: check.id, previous_state: 'up', state: 'down', msg: `check ${check.id} is down (was up)` });
  const incident = await until('the incident', () => em().findOne(Incident, { check: check.id }));
  await until('the opened line', async () => withEvent(lines, 'incident.opened').length === 1);
  const opened = withEvent(lines, 'incident.opened')[0]!;
  t.like(opened, { level: 30, incident_id: incident.id, check_id: check.id, workspace_id: owner.workspace.id, severity: 'critical' });
  t.deepEqual([...(opened.failed_locations as string[])].sort(), ['eu-west', 'us-east']);

  // Still down: no new state line, no second incident line.
  clock.advanceTo(nextSlot());
  await until('the third run', async () => (await engine!.engine.flushRuns(), (await em().count(Run, { check: check.id, onDemand: false })) === 3));
  t.is(withEvent(lines, 'check.state_changed').length, 2);

  const admin = await api.member({ clientId: owner.workspace.client.id, workspaceId: owner.workspace.id, userId: 0, email: '', password: '' }, { isAdmin: true });
  const ack = await api.call('POST', `/mobile/incidents/${incident.id}/acknowledge`, { as: admin, workspace: owner.workspace.id });
  t.is(ack.status, 200, ack.text);
  t.is((await api.call('POST', `/mobile/incidents/${incident.id}/acknowledge`, { as: admin, workspace: owner.workspace.id })).status, 200);
  const acknowledged = withEvent(lines, 'incident.acknowledged');
  t.is(acknowledged.length, 1, 'an idempotent repeat logs nothing');
  t.like(acknowledged[0], { level: 30, incident_id: incident.id, check_id: check.id, by: 'user', user_id: admin.userId });

  target.healthy = true;
  clock.advanceTo(nextSlot());
  await flushed('check.state_changed', 3);
  t.like(withEvent(lines, 'check.state_changed')[2], { previous_state: 'down', state: 'up' });
  await until('the resolved line', async () => withEvent(lines, 'incident.resolved').length === 1);
  t.like(withEvent(lines, 'incident.resolved')[0], { level: 30, incident_id: incident.id, check_id: check.id, by: 'system' });
  t.is(withEvent(lines, 'check.state_changed').length, 3, 'one line per change, none for runs that change nothing');
  t.is(withEvent(lines, 'incident.opened').length, 1);

  // A second outage resolved by hand: the line names the user.
  target.healthy = false;
  clock.advanceTo(nextSlot());
  const second = await until('the second incident', () => em().findOne(Incident, { check: check.id, id: { $ne: incident.id } }));
  const resolved = await api.call('POST', `/mobile/incidents/${second.id}/resolve`, { as: admin, workspace: owner.workspace.id, body: { resolution_notes: 'known' } });
  t.is(resolved.status, 200, resolved.text);
  t.like(withEvent(lines, 'incident.resolved')[1], { incident_id: second.id, by: 'user', user_id: admin.userId });
});
