import test from 'ava';
import { CONDITION_MESSAGE_MAX, setCondition } from '../../../operator/mirror/conditions.js';

const at = (iso: string) => new Date(iso);

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

test('a condition message longer than metav1.Condition allows is cut to its bound, so the status write is admitted', (t) => {
  const [condition] = setCondition(undefined, { type: 'Synced', status: 'False', reason: 'InvalidSpec', message: 'x'.repeat(40_000) }, at('2026-11-23T10:00:00Z'));
  t.is(condition!.message.length, CONDITION_MESSAGE_MAX);
  t.true(condition!.message.endsWith('…'));
});
