import test from 'ava';
import { decideLease, leaseTiming, observeLease, type LeaseRecord } from '../../../operator/leader/lease-decision.js';

const held = (holder: string | null, renewTime: string | null, resourceVersion = '1'): LeaseRecord => ({ holder, renewTime, resourceVersion, durationSeconds: 15 });

test('a Lease is created when missing, renewed by its holder, taken when it has no holder', (t) => {
  t.deepEqual(decideLease(null, 'a', undefined, 0), { action: 'create' });
  t.deepEqual(decideLease(held('a', '2026-11-23T09:00:00.000Z'), 'a', undefined, 0), { action: 'renew' });
  t.deepEqual(decideLease(held(null, null), 'a', undefined, 0), { action: 'take-over' });
  t.deepEqual(decideLease(held('', null), 'a', undefined, 0), { action: 'take-over' });
  t.deepEqual(leaseTiming(15), { retryMs: 5000, renewDeadlineMs: 10000 });
});

test("another holder's Lease is taken only after this replica saw no change of it for the duration on its own clock", (t) => {
  const lease = held('b', '2026-11-23T10:00:00.000Z');
  const first = observeLease(undefined, lease, 1_000);
  t.deepEqual(first, observeLease(first, lease, 9_000), 'an unchanged record keeps the time it was first seen');
  t.deepEqual(decideLease(lease, 'a', first, 1_000), { action: 'wait', holder: 'b' }, 'a record seen for the first time counts as just renewed');
  t.deepEqual(decideLease(lease, 'a', first, 15_999), { action: 'wait', holder: 'b' });
  t.deepEqual(decideLease(lease, 'a', first, 16_000), { action: 'take-over' });
});

test("the holder's renewTime is never compared with this replica's clock: however old it looks, a changing record keeps its holder", (t) => {
  let observation;
  for (let round = 0; round < 10; round++) {
    // The holder's clock is a day behind ours, and it renews every five seconds of our clock.
    const lease = held('b', new Date(Date.UTC(2026, 0, 1) + round * 5_000).toISOString(), String(round));
    const nowMs = 100_000 + round * 5_000;
    observation = observeLease(observation, lease, nowMs);
    t.deepEqual(decideLease(lease, 'a', observation, nowMs), { action: 'wait', holder: 'b' });
  }
});

test('a change of resourceVersion or holder alone counts as a renewal too', (t) => {
  const lease = held('b', '2026-11-23T10:00:00.000Z', '7');
  const seen = observeLease(undefined, lease, 0);
  const bumped = { ...lease, resourceVersion: '8' };
  const later = observeLease(seen, bumped, 14_000);
  t.is(later!.atMs, 14_000);
  t.deepEqual(decideLease(bumped, 'a', later, 20_000), { action: 'wait', holder: 'b' });
  const other = { ...bumped, holder: 'c' };
  t.is(observeLease(later, other, 20_000)!.atMs, 20_000);
  t.is(observeLease(later, null, 20_000), undefined, 'a deleted Lease forgets what was seen');
});
