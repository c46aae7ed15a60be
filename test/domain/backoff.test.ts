import test from 'ava';
import { jitteredBackoffMs } from '../../src/domain/backoff.js';

test('backoff doubles up to its ceiling, half of it random', (t) => {
  t.is(jitteredBackoffMs(1, 500, 30_000, 0), 250);
  t.is(jitteredBackoffMs(3, 500, 30_000, 1), 2000);
  t.is(jitteredBackoffMs(20, 500, 30_000, 0.5), 22_500);
});
