import test from 'ava';
import { probeSpecOf, urlOrHostOf, type CheckFields } from '../../src/domain/check-config.js';
import { decideRun } from '../../src/domain/decide-run.js';
import { inMaintenance, windowCovers } from '../../src/domain/maintenance-coverage.js';
import { quorumFails, quorumThreshold } from '../../src/domain/quorum.js';
import { phaseOffset, slotAfter, slotAtOrBefore } from '../../src/domain/schedule.js';
import { severityOf } from '../../src/domain/severity.js';
import type { LocationResult } from '../../src/store/entities/run.js';
import { window } from './check-fixtures.js';

const answer = (location: string, state: LocationResult['state'], latencyMs: number | null = 10): LocationResult => ({
  location,
  state,
  reason: null,
  latencyMs,
  phases: {},
  late: false,
});

test('phase offsets spread checks across the period and stay inside it', (t) => {
  const period = 60_000;
  const buckets = new Array(6).fill(0);
  for (let id = 1; id <= 6000; id++) {
    const offset = phaseOffset(id, period);
    t.true(offset >= 0 && offset < period);
    buckets[Math.floor(offset / 10_000)]++;
  }
  for (const count of buckets) t.true(count > 800 && count < 1200, `bucket of ${count} checks`);
  t.is(phaseOffset(17, period), phaseOffset(17, period), 'stable');
});

test('slots are epoch-aligned on the offset, strictly after and at-or-before', (t) => {
  const period = 300_000;
  const offset = 12_345;
  const at = 1_700_000_123_456;
  const before = slotAtOrBefore(at, period, offset);
  t.true(before <= at && at - before < period);
  t.is((before - offset) % period, 0);
  t.is(slotAtOrBefore(before, period, offset), before);
  t.is(slotAfter(before, period, offset), before + period);
  t.is(slotAfter(before - 1, period, offset), before);
});

test('quorum threshold is the minimum capped to the compatible locations and at least one', (t) => {
  t.is(quorumThreshold(1, 3), 1);
  t.is(quorumThreshold(3, 3), 3);
  t.is(quorumThreshold(5, 3), 3);
  t.is(quorumThreshold(0, 3), 1);
  t.false(quorumFails(0, 1, 0), 'no compatible location never fails');
  t.true(quorumFails(2, 2, 3));
  t.false(quorumFails(1, 2, 3));
});

test('severity is critical only when every compatible location failed', (t) => {
  t.is(severityOf(3, 3), 'critical');
  t.is(severityOf(2, 3), 'major');
  t.is(severityOf(1, 1), 'critical');
});

test('decideRun orders results as the trigger locations, marks the silent ones and averages up latencies', (t) => {
  const verdict = decideRun(['a', 'b', 'c'], [answer('c', 'up', 30), answer('a', 'up', 10)]);
  t.deepEqual(verdict.results.map((r) => [r.location, r.state]), [['a', 'up'], ['b', 'missing'], ['c', 'up']]);
  t.is(verdict.state, 'UNKNOWN');
  t.false(verdict.complete);
  t.is(verdict.latencyMs, 20);
  t.is(decideRun(['a'], [answer('a', 'down', 5)]).latencyMs, null);
  t.is(decideRun(['a', 'b'], [answer('a', 'down'), answer('b', 'unsupported')]).state, 'DOWN');
  t.is(decideRun([], []).state, 'UNKNOWN');
});

test('maintenance coverage: enabled, in range with an exclusive end, in scope', (t) => {
  const w = window({ startsAt: 100, endsAt: 200 });
  t.false(windowCovers(w, 7, 42, 99));
  t.true(windowCovers(w, 7, 42, 100));
  t.true(windowCovers(w, 7, 42, 199));
  t.false(windowCovers(w, 7, 42, 200));
  t.false(windowCovers({ ...w, enabled: false }, 7, 42, 150));
  t.false(windowCovers(w, 8, 42, 150), 'a workspace window of another workspace');
  t.true(windowCovers({ ...w, checkId: 42 }, 7, 42, 150));
  t.false(windowCovers({ ...w, checkId: 43 }, 7, 42, 150));
  t.false(inMaintenance([], 7, 42, 150));
});

const fields = (overrides: Partial<CheckFields>): CheckFields => ({
  checkType: 'http',
  hostname: 'example.com',
  protocol: null,
  path: null,
  requestMethod: null,
  responseTimeout: 5000,
  responseClasses: [],
  flagFollowRedirect: false,
  dnsRecordType: null,
  dnsExpectedValues: null,
  port: null,
  bannerMatchOperator: null,
  bannerMatchValue: null,
  ...overrides,
});

test('probe specs are built per check type with the API defaults', (t) => {
  t.deepEqual(probeSpecOf(fields({})), {
    type: 'http',
    protocol: 'https',
    hostname: 'example.com',
    path: '/',
    method: 'get',
    timeoutMs: 5000,
    responseClasses: [],
    followRedirects: false,
  });
  t.deepEqual(probeSpecOf(fields({ checkType: 'ping' })), { type: 'ping', hostname: 'example.com', timeoutMs: 5000 });
  t.deepEqual(probeSpecOf(fields({ checkType: 'dns', dnsRecordType: 'MX', dnsExpectedValues: ['mx.example.com'] })), {
    type: 'dns',
    hostname: 'example.com',
    recordType: 'MX',
    expectedValues: ['mx.example.com'],
    timeoutMs: 5000,
  });
  t.deepEqual(probeSpecOf(fields({ checkType: 'tcp', port: 22, bannerMatchOperator: 'contains', bannerMatchValue: 'SSH' })), {
    type: 'tcp',
    hostname: 'example.com',
    port: 22,
    bannerOperator: 'contains',
    bannerValue: 'SSH',
    timeoutMs: 5000,
  });
  t.is(urlOrHostOf(fields({ protocol: 'http', path: '/health' })), 'http://example.com/health');
  t.is(urlOrHostOf(fields({ checkType: 'tcp', port: 22 })), 'example.com:22');
  t.is(urlOrHostOf(fields({ checkType: 'ping' })), 'example.com');
});
