import test from 'ava';
import { delivered, failed, retry } from '../../src/notify/channel.js';
import { outcomeOfStatus } from '../../src/notify/http-outcome.js';
import { nextStateAfter, retryDelayMs, type RetryPolicy } from '../../src/notify/retry-policy.js';

const policy: RetryPolicy = { baseDelayMs: 10_000, maxDelayMs: 3_600_000, giveUpAfterMs: 24 * 3_600_000 };
const created = new Date('2026-01-01T00:00:00Z');
const at = (ms: number): Date => new Date(created.getTime() + ms);

test('delays double from the base, are capped, and jitter between half and all of the step', (t) => {
  t.is(retryDelayMs(1, policy, 0), 5_000);
  t.is(retryDelayMs(1, policy, 0.999999), 10_000);
  t.is(retryDelayMs(2, policy, 0), 10_000);
  t.is(retryDelayMs(3, policy, 0.5), 30_000);
  t.is(retryDelayMs(30, policy, 0), 1_800_000);
  t.is(retryDelayMs(30, policy, 0.9999999), 3_600_000);
  for (let attempt = 1; attempt < 40; attempt++) {
    const low = retryDelayMs(attempt, policy, 0);
    const high = retryDelayMs(attempt, policy, 0.999999);
    t.true(low <= high && high <= policy.maxDelayMs && low >= policy.baseDelayMs / 2);
  }
});

test('delivered and final failures end the delivery at once', (t) => {
  t.deepEqual(nextStateAfter(delivered(200), { attempts: 1, since: created }, at(1), policy, 0.5), { status: 'delivered' });
  t.deepEqual(nextStateAfter(failed('HTTP 404', 404), { attempts: 1, since: created }, at(1), policy, 0.5), { status: 'failed', reason: 'HTTP 404' });
});

test('a passing failure is retried after the backoff', (t) => {
  const next = nextStateAfter(retry('HTTP 503', 503), { attempts: 2, since: created }, at(60_000), policy, 0);
  t.deepEqual(next, { status: 'pending', nextAttemptAt: at(70_000) });
});

test('retries stop at the give-up time: the last one is scheduled at it, an attempt after it fails the delivery', (t) => {
  const late = nextStateAfter(retry('timeout'), { attempts: 20, since: created }, at(policy.giveUpAfterMs - 1000), policy, 0.9);
  t.deepEqual(late, { status: 'pending', nextAttemptAt: at(policy.giveUpAfterMs) });
  const over = nextStateAfter(retry('timeout'), { attempts: 21, since: created }, at(policy.giveUpAfterMs), policy, 0.9);
  t.deepEqual(over, { status: 'failed', reason: 'gave up after 21 attempts: timeout' });
});

test('HTTP answers: 2xx delivered; 408, 429, 5xx retried; 3xx and other 4xx final', (t) => {
  t.is(outcomeOfStatus(200).kind, 'delivered');
  t.is(outcomeOfStatus(204).kind, 'delivered');
  for (const code of [408, 429, 500, 502, 503, 504]) t.is(outcomeOfStatus(code).kind, 'retry', String(code));
  for (const code of [301, 302, 307, 308, 400, 401, 403, 404, 410, 413, 422]) t.is(outcomeOfStatus(code).kind, 'failed', String(code));
  t.deepEqual(outcomeOfStatus(302), { kind: 'failed', reason: 'HTTP 302: redirects are not followed', code: 302 });
});
