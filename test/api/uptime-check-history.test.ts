import test from 'ava';
import { cycleKey } from '../../src/store/location-results-codec.js';
import { DailyAvailability, Run, type LocationResult } from '../../src/store/entities/run.js';
import { httpCheck } from './helpers/check-bodies.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let owner: Account;
let checkId: number;

const result = (location: string, state: LocationResult['state'], latencyMs: number | null): LocationResult => ({
  location,
  state,
  reason: state === 'down' ? 'timeout' : null,
  latencyMs,
  phases: {},
  late: false,
});

const base = Date.parse('2026-11-01T00:00:00Z');
const minute = 60_000;

test.before(async () => {
  api = await ApiHarness.start({ now: () => new Date('2026-11-20T12:00:00Z') });
  owner = await api.account('pro');
  const created = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: httpCheck({ name: 'History' }) });
  checkId = created.body.data.id;
  const em = api.em;
  // Six runs a minute apart: the third is down in eu-west, the fifth from us-east only and unknown.
  const plan: Array<[Run['state'], LocationResult[], number | null]> = [
    ['UP', [result('eu-west', 'up', 100), result('us-east', 'up', 120)], 110],
    ['UP', [result('eu-west', 'up', 200), result('us-east', 'up', 220)], 210],
    ['DOWN', [result('eu-west', 'down', null), result('us-east', 'down', null)], null],
    ['UP', [result('eu-west', 'up', 300), result('us-east', 'up', 320)], 310],
    ['UNKNOWN', [result('us-east', 'down', null), result('ap-south', 'missing', null)], null],
    ['UP', [result('eu-west', 'up', 400), result('us-east', 'up', 420)], 410],
  ];
  plan.forEach(([state, results, latencyMs], i) => {
    em.create(Run, {
      check: checkId,
      cycleKey: cycleKey(`history-${i}`),
      startedAt: new Date(base + i * minute),
      finishedAt: new Date(base + i * minute + 2000),
      state,
      failingLocations: results.filter((r) => r.state === 'down').length,
      latencyMs,
      results,
    });
  });
  em.create(DailyAvailability, { check: checkId, day: '2026-11-01', upRuns: 4, downRuns: 1, unknownRuns: 1 });
  em.create(DailyAvailability, { check: checkId, day: '2026-11-02', upRuns: 10, downRuns: 0, maintenanceRuns: 3 });
  em.create(DailyAvailability, { check: checkId, day: '2026-10-31', upRuns: 0, downRuns: 5 });
  await em.flush();
});

test.after.always(async () => {
  await api?.close();
});

const runsOf = async (query: string) => {
  const res = await api.call('GET', `/mobile/uptime-checks/${checkId}/runs${query}`, { account: owner });
  return res;
};

test('runs: newest first, paginated, with per-location results', async (t) => {
  const res = await runsOf('?limit=2');
  t.is(res.status, 200);
  t.deepEqual(res.body.pagination, { limit: 2, offset: 0, total: 6 });
  t.like(res.body.data[0], { state: 'UP', latency_ms: 410, started_at: new Date(base + 5 * minute).toISOString(), on_demand: false });
  t.deepEqual(res.body.data[0].results[0], { location: 'eu-west', state: 'up', reason: null, latency_ms: 400, late: false });
  const next = await runsOf('?limit=2&offset=4');
  t.deepEqual(next.body.data.map((r: { latency_ms: number }) => r.latency_ms), [210, 110]);
  const detail = await api.call('GET', `/mobile/uptime-checks/${checkId}`, { account: owner });
  t.like(detail.body.data.latest_run, { latency_ms: 410 });
});

test('runs: from/to, location and only_failed filters', async (t) => {
  const range = await runsOf(`?from=${new Date(base + minute).toISOString()}&to=${new Date(base + 3 * minute).toISOString()}`);
  t.is(range.body.pagination.total, 3);
  const failed = await runsOf('?only_failed=true');
  t.deepEqual(failed.body.data.map((r: { state: string }) => r.state), ['UNKNOWN', 'DOWN']);
  const ap = await runsOf('?location=ap-south');
  t.is(ap.body.pagination.total, 1);
  const euFailed = await runsOf('?location=eu-west&only_failed=1');
  t.deepEqual(euFailed.body.data.map((r: { state: string }) => r.state), ['DOWN']);
  const dateOnly = await runsOf('?from=2026-11-01&to=2026-11-02');
  t.is(dateOnly.body.pagination.total, 6);
});

test('runs: bad filters are 400', async (t) => {
  for (const query of ['?from=yesterday', '?to=2026-13-01', '?from=2026-11-02&to=2026-11-01', '?only_failed=maybe', '?limit=0', '?limit=201', '?offset=-1']) {
    const res = await runsOf(query);
    t.is(res.status, 400, query);
    t.is(res.body.error.code, 'BAD_REQUEST');
  }
});

test('latency: bucketed series over the range', async (t) => {
  const res = await api.call('GET', `/mobile/uptime-checks/${checkId}/latency?from=2026-11-01T00:00:00Z&to=2026-11-01T01:00:00Z`, { account: owner });
  t.is(res.status, 200);
  t.is(res.body.data.bucket_seconds, 60);
  t.deepEqual(res.body.data.points.map((p: { avg_ms: number }) => p.avg_ms), [110, 210, 310, 410]);
  t.like(res.body.data.points[0], { at: '2026-11-01T00:00:00.000Z', runs: 1, min_ms: 110, max_ms: 110 });
  const day = await api.call('GET', `/mobile/uptime-checks/${checkId}/latency?from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z`, { account: owner });
  t.is(day.body.data.bucket_seconds, 300);
  t.deepEqual(day.body.data.points, [
    { at: '2026-11-01T00:00:00.000Z', avg_ms: 210, min_ms: 110, max_ms: 310, runs: 3 },
    { at: '2026-11-01T00:05:00.000Z', avg_ms: 410, min_ms: 410, max_ms: 410, runs: 1 },
  ]);
  const recent = await api.call('GET', `/mobile/uptime-checks/${checkId}/latency`, { account: owner });
  t.is(recent.body.data.to, '2026-11-20T12:00:00.000Z');
  t.deepEqual(recent.body.data.points, []);
  for (const query of ['?from=nope', '?from=2026-01-01T00:00:00Z&to=2026-11-01T00:00:00Z', '?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z']) {
    t.is((await api.call('GET', `/mobile/uptime-checks/${checkId}/latency${query}`, { account: owner })).status, 400, query);
  }
});

test('SLA calendar: per-day availability from the daily rollup, by month or range', async (t) => {
  const res = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-calendar?month=2026-11`, { account: owner });
  t.is(res.status, 200);
  t.is(res.body.data.days.length, 30);
  t.deepEqual(res.body.data.days[0], { date: '2026-11-01', availability_percent: 80, up_runs: 4, down_runs: 1, unknown_runs: 1, maintenance_runs: 0 });
  t.like(res.body.data.days[1], { date: '2026-11-02', availability_percent: 100, maintenance_runs: 3 });
  t.like(res.body.data.days[2], { date: '2026-11-03', availability_percent: null, up_runs: 0 });
  t.is(res.body.data.availability_percent, 93.333);
  const range = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-calendar?from=2026-10-31&to=2026-11-01`, { account: owner });
  t.deepEqual(range.body.data.days.map((d: { availability_percent: number }) => d.availability_percent), [0, 80]);
  const current = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-calendar`, { account: owner });
  t.like(current.body.data, { from: '2026-11-01', to: '2026-11-30' });
  for (const query of ['?month=2026-13', '?month=11-2026', '?from=2026-11-01', '?from=2026-11-31&to=2026-12-01', '?month=2026-11&from=2026-11-01&to=2026-11-02', '?from=2024-01-01&to=2026-01-01']) {
    const bad = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-calendar${query}`, { account: owner });
    t.is(bad.status, 400, query);
    t.is(bad.body.error.code, 'BAD_REQUEST');
  }
});

test('CSV export: text/csv without envelope, header row, runs of the range oldest first', async (t) => {
  const res = await api.call('GET', `/mobile/uptime-checks/${checkId}/export-csv?from=2026-11-01T00:01:00Z&to=2026-11-01T00:04:00Z`, { account: owner });
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /^text\/csv/);
  t.regex(res.headers.get('content-disposition') ?? '', /attachment/);
  const lines = res.text.trimEnd().split('\r\n');
  t.is(lines[0], 'started_at,finished_at,state,failing_locations,latency_ms,on_demand,in_maintenance,locations');
  t.deepEqual(lines.slice(1).map((line) => line.split(',')[2]), ['UP', 'DOWN', 'UP', 'UNKNOWN']);
  t.is(lines[2], '2026-11-01T00:02:00.000Z,2026-11-01T00:02:02.000Z,DOWN,2,,false,false,eu-west:down us-east:down');
  const lastMonth = await api.call('GET', `/mobile/uptime-checks/${checkId}/export-csv`, { account: owner });
  t.is(lastMonth.text.trimEnd().split('\r\n').length, 7, 'default range: the 30 days before now');
  const empty = await api.call('GET', `/mobile/uptime-checks/${checkId}/export-csv?from=2026-11-10`, { account: owner });
  t.is(empty.text, 'started_at,finished_at,state,failing_locations,latency_ms,on_demand,in_maintenance,locations\r\n');
  const bad = await api.call('GET', `/mobile/uptime-checks/${checkId}/export-csv?to=bad`, { account: owner });
  t.is(bad.status, 400);
  t.is(bad.body.error.code, 'BAD_REQUEST');
});

test('CSV export streams long ranges in batches without losing or repeating a run', async (t) => {
  const created = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: httpCheck({ name: 'Long history' }) });
  const id = created.body.data.id as number;
  const em = api.em;
  // 1201 runs, some sharing a start time, so that batches end in the middle of equal timestamps.
  for (let i = 0; i < 1201; i++) {
    em.create(Run, {
      check: id,
      cycleKey: cycleKey(`long-${i}`),
      startedAt: new Date(base + Math.floor(i / 3) * minute),
      finishedAt: new Date(base + Math.floor(i / 3) * minute + 1000),
      state: 'UP',
      failingLocations: 0,
      latencyMs: i,
      results: [],
    });
  }
  await em.flush();
  const res = await api.call('GET', `/mobile/uptime-checks/${id}/export-csv?from=2026-11-01&to=2026-11-02`, { account: owner });
  const latencies = res.text.trimEnd().split('\r\n').slice(1).map((line) => Number(line.split(',')[4]));
  t.is(latencies.length, 1201);
  t.deepEqual(latencies, Array.from({ length: 1201 }, (_, i) => i));
});
