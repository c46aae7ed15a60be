import test from 'ava';
import { agentReplicasByLocation } from '../../operator/agents/agent-plan.js';
import { parseAgentTemplate } from '../../operator/agents/agent-template.js';
import { jitteredBackoffMs } from '../../src/domain/backoff.js';
import { decideLease, leaseTiming } from '../../operator/leader/lease-decision.js';
import { CONDITION_MESSAGE_MAX, setCondition } from '../../operator/mirror/conditions.js';
import { workspaceIdOf } from '../../operator/mirror/custom-resource.js';
import { resourceNameForRow } from '../../operator/mirror/resource-name.js';
import { replacingPatch } from '../../operator/mirror/resource-writer.js';
import { decideStatusWrite } from '../../operator/mirror/status-decision.js';

const at = (iso: string) => new Date(iso);

test('a Lease is created when missing, renewed by its holder, taken over only after its duration without renewal', (t) => {
  const now = at('2026-11-23T10:00:15Z');
  t.deepEqual(decideLease(null, 'a', now), { action: 'create' });
  t.deepEqual(decideLease({ holder: 'a', renewTime: at('2026-11-23T09:00:00Z'), durationSeconds: 15 }, 'a', now), { action: 'renew' });
  t.deepEqual(decideLease({ holder: 'b', renewTime: at('2026-11-23T10:00:01Z'), durationSeconds: 15 }, 'a', now), { action: 'wait', holder: 'b' });
  t.deepEqual(decideLease({ holder: 'b', renewTime: at('2026-11-23T10:00:00Z'), durationSeconds: 15 }, 'a', now), { action: 'take-over' });
  t.deepEqual(decideLease({ holder: null, renewTime: null, durationSeconds: 15 }, 'a', now), { action: 'take-over' });
  t.deepEqual(leaseTiming(15), { retryMs: 5000, renewDeadlineMs: 10000 });
});

test('a condition keeps its transition time while its status stays, and moves it on a change', (t) => {
  const first = setCondition(undefined, { type: 'Ready', status: 'True', reason: 'Monitoring', message: 'm' }, at('2026-11-23T10:00:00.123Z'));
  t.is(first[0]!.lastTransitionTime, '2026-11-23T10:00:00Z');
  const same = setCondition(first, { type: 'Ready', status: 'True', reason: 'Monitoring', message: 'other' }, at('2026-11-23T11:00:00Z'));
  t.is(same[0]!.lastTransitionTime, '2026-11-23T10:00:00Z');
  t.is(same[0]!.message, 'other');
  const flipped = setCondition(same, { type: 'Ready', status: 'False', reason: 'InvalidSpec', message: 'x' }, at('2026-11-23T12:00:00Z'));
  t.is(flipped[0]!.lastTransitionTime, '2026-11-23T12:00:00Z');
  t.is(setCondition(flipped, { type: 'Synced', status: 'True', reason: 'Applied', message: '' }, at('2026-11-23T12:00:00Z')).length, 2);
});

test('status: a state or incident change goes out at once; a last-run change waits for the interval; nothing changed writes nothing', (t) => {
  const current = { id: 1, state: 'up', lastRunAt: '2026-11-23T10:00:00Z' };
  t.deepEqual(decideStatusWrite(current, { ...current }, 0, 1000, 60_000), { write: 'none' });
  t.deepEqual(decideStatusWrite(current, { ...current, state: 'down' }, 1000, 2000, 60_000), { write: 'now' });
  t.deepEqual(decideStatusWrite(current, { ...current, openIncidentId: 7 }, 1000, 2000, 60_000), { write: 'now' });
  t.deepEqual(decideStatusWrite(current, { ...current, lastRunAt: '2026-11-23T10:01:00Z' }, 1000, 2000, 60_000), { write: 'later', atMs: 61_000 });
  t.deepEqual(decideStatusWrite(current, { ...current, lastRunAt: '2026-11-23T10:01:00Z' }, 1000, 61_000, 60_000), { write: 'now' });
  t.deepEqual(decideStatusWrite(current, { ...current, lastRunAt: '2026-11-23T10:01:00Z' }, undefined, 2000, 60_000), { write: 'now' });
  t.deepEqual(decideStatusWrite(undefined, { id: 1 }, undefined, 0, 60_000), { write: 'now' });
});

test('agent replicas follow the probe rate per location, with a floor and a ceiling', (t) => {
  const template = { probesPerSecondPerReplica: 1, minReplicas: 2, maxReplicas: 5 };
  const checks = [
    ...Array.from({ length: 300 }, () => ({ triggerLocations: ['eu-west', 'us-east'], checkFrequency: 1 })),
    { triggerLocations: ['ap-south', 'ap-south'], checkFrequency: 15 },
  ];
  t.deepEqual([...agentReplicasByLocation(checks, template)], [['ap-south', 2], ['eu-west', 5], ['us-east', 5]]);
  t.deepEqual([...agentReplicasByLocation(checks.slice(0, 180), template)], [['eu-west', 3], ['us-east', 3]]);
  t.deepEqual([...agentReplicasByLocation([], template)], []);
});

test('the agent template is read with defaults, and a broken one says what is wrong', (t) => {
  const good = parseAgentTemplate({ 'agent-template.json': JSON.stringify({ probesPerSecondPerReplica: 50, podTemplate: { spec: { containers: [{ name: 'agent' }] } } }) });
  t.true(good.ok);
  if (good.ok) t.is(good.template.minReplicas, 2);
  t.regex((parseAgentTemplate(undefined) as { reason: string }).reason, /missing/);
  t.regex((parseAgentTemplate({ 'agent-template.json': '{' }) as { reason: string }).reason, /not JSON/);
  t.regex((parseAgentTemplate({ 'agent-template.json': '{"probesPerSecondPerReplica":0,"podTemplate":{"spec":{}}}' }) as { reason: string }).reason, /probesPerSecondPerReplica/);
  t.regex((parseAgentTemplate({ 'agent-template.json': '{"probesPerSecondPerReplica":1,"minReplicas":3,"maxReplicas":2,"podTemplate":{"spec":{}}}' }) as { reason: string }).reason, /maxReplicas/);
});

test('a namespace label names a workspace only as a plain positive 32-bit id', (t) => {
  const label = (value: string) => ({ 'vantage.dev/workspace-id': value });
  t.is(workspaceIdOf(label('12')), 12);
  for (const bad of ['', '0', '012', '-1', '1e3', '9223372036854775808', '2147483648', ' 1', '1\u0000']) t.is(workspaceIdOf(label(bad)), null, bad);
  t.is(workspaceIdOf(undefined), null);
});

test('API-made rows get DNS-safe resource names that keep their id', (t) => {
  t.is(resourceNameForRow('UptimeCheck', { id: 12, name: 'Shop API!' }), 'shop-api-12');
  t.is(resourceNameForRow('UptimeCheck', { id: 3, name: '☃☃' }), 'uptimecheck-3');
  t.is(resourceNameForRow('Domain', { id: 4, name: 'Ünïcode\ud800 name' }), 'unicode-name-4');
  t.true(resourceNameForRow('Domain', { id: 99, name: 'x'.repeat(300) }).length <= 63);
});

test('a replacing merge patch removes the keys the desired object lacks', (t) => {
  t.deepEqual(replacingPatch({ a: 1, b: 2 }, { a: 3 }), { a: 3, b: null });
  t.deepEqual(replacingPatch(undefined, { a: 3 }), { a: 3 });
});

test('backoff doubles up to its ceiling, half of it random', (t) => {
  t.is(jitteredBackoffMs(1, 500, 30_000, 0), 250);
  t.is(jitteredBackoffMs(3, 500, 30_000, 1), 2000);
  t.is(jitteredBackoffMs(20, 500, 30_000, 0.5), 22_500);
});

test('a condition message longer than metav1.Condition allows is cut to its bound, so the status write is admitted', (t) => {
  const [condition] = setCondition(undefined, { type: 'Synced', status: 'False', reason: 'InvalidSpec', message: 'x'.repeat(40_000) }, at('2026-11-23T10:00:00Z'));
  t.is(condition!.message.length, CONDITION_MESSAGE_MAX);
  t.true(condition!.message.endsWith('…'));
});
