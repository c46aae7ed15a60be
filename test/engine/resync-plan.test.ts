import test from 'ava';
import { planResync, type RunningChecks, type StoredCheckVersion, type VersionedCheck } from '../../src/engine/resync-plan.js';

const running = (checks: Record<number, VersionedCheck>): RunningChecks => {
  const known = new Map(Object.entries(checks).map(([id, check]) => [Number(id), check]));
  return { ids: () => known.keys(), known: (checkId) => known.get(checkId) };
};
const row = (id: number, version = 1, paused = false): StoredCheckVersion => ({ id, version, paused });
const ownsAll = (): boolean => true;

test('in step: nothing to start, reload or stop', (t) => {
  t.deepEqual(planResync(running({ 1: { version: 1, paused: false } }), [row(1)], ownsAll), { start: [], reload: [], stop: [] });
});

test('a stored check of an owned partition that no actor runs is started', (t) => {
  t.deepEqual(planResync(running({}), [row(1), row(2)], ownsAll).start, [1, 2]);
});

test('a check of a partition owned elsewhere is neither started nor reloaded', (t) => {
  const plan = planResync(running({}), [row(1), row(2, 3)], (checkId) => checkId !== 2);
  t.deepEqual(plan, { start: [1], reload: [], stop: [] });
});

test('a running check whose version or paused flag differs from its row is reloaded', (t) => {
  const plan = planResync(
    running({ 1: { version: 1, paused: false }, 2: { version: 2, paused: false }, 3: { version: 5, paused: false } }),
    [row(1, 2), row(2, 2, true), row(3, 5)],
    ownsAll,
  );
  t.deepEqual(plan, { start: [], reload: [1, 2], stop: [] });
});

test('a running check no longer stored is stopped, whatever partition it is in', (t) => {
  const plan = planResync(running({ 1: { version: 1, paused: false }, 7: { version: 1, paused: true } }), [row(1)], () => false);
  t.deepEqual(plan, { start: [], reload: [], stop: [7] });
});

test('one pass sorts a mixed picture', (t) => {
  const plan = planResync(
    running({ 1: { version: 1, paused: false }, 2: { version: 1, paused: false }, 4: { version: 1, paused: false } }),
    [row(1), row(2, 2), row(3)],
    ownsAll,
  );
  t.deepEqual(plan, { start: [3], reload: [2], stop: [4] });
});
