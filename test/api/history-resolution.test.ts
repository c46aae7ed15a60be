import test from 'ava';
import type { RunRecord } from '../../src/domain/check-actor-reducer.js';
import type { Clock } from '../../src/engine/clock.js';
import { RetentionWorker } from '../../src/engine/retention-worker.js';
import { RunWriter } from '../../src/engine/run-writer.js';
import { createLogger } from '../../src/log.js';
import { httpCheck } from './helpers/check-bodies.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

const logger = createLogger('silent');
const now = Date.parse('2026-11-20T12:00:00Z');
const dayMs = 86_400_000;
const hourMs = 3_600_000;
/** 80 days back: past the runs' 31 days, inside the hourly rollup's 400. */
const hourlyDay = Date.parse('2026-09-01T00:00:00Z');
/** 500 days back: only the daily rollup is left. */
const dailyDay = Date.parse('2025-07-08T00:00:00Z');

let api: ApiHarness;
let owner: Account;
let checkId: number;

const run = (startedAt: number, state: RunRecord['state'], latencyMs: number | null): RunRecord => ({
  checkId,
  cycleId: `h.${checkId}.${startedAt}`,
  startedAt,
  finishedAt: startedAt + 500,
  state,
  failingLocations: state === 'DOWN' ? 2 : 0,
  latencyMs,
  results: [],
  inMaintenance: false,
  onDemand: false,
});

test.before(async () => {
  api = await ApiHarness.start({ now: () => new Date(now) });
  owner = await api.account('pro');
  checkId = (await api.call('POST', '/mobile/uptime-checks', { account: owner, body: httpCheck({ name: 'Old history' }) })).body.data.id;
  const writer = new RunWriter(api.store, logger, { flushIntervalMs: 10 });
  // Every 10 minutes for the first two hours of each day; the second hour's first run down.
  for (const day of [hourlyDay, dailyDay, now - dayMs]) {
    for (let at = day; at < day + 2 * hourMs; at += 600_000) writer.addRun(at === day + hourMs ? run(at, 'DOWN', null) : run(at, 'UP', 100 + (at - day) / 60_000));
  }
  await writer.stop();
  // The retention worker, at "now", removes the raw runs of the old days (they waited in the default partition).
  const clock: Clock = { now: () => now, setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  const retention = new RetentionWorker({ store: api.store, logger, clock, policy: { runDays: 31, hourlyRollupDays: 400, outboxDays: 30, activityDays: 365 } });
  await retention.runPass();
  await retention.stop();
});

test.after.always(async () => {
  await api.close();
});

const get = (path: string) => api.call('GET', `/mobile/uptime-checks/${checkId}/${path}`, { account: owner });

test('latency inside the retention comes from raw runs', async (t) => {
  const res = await get(`latency?from=${new Date(now - dayMs).toISOString()}&to=${new Date(now - dayMs + 2 * hourMs).toISOString()}`);
  t.is(res.status, 200);
  t.is(res.body.data.resolution, 'raw');
  t.is(res.body.data.points.reduce((sum: number, point: { runs: number }) => sum + point.runs, 0), 11);
});

test('latency beyond the retention comes from the hourly rollup, and says so', async (t) => {
  const raw = await get(`runs?from=${new Date(hourlyDay).toISOString()}&to=${new Date(hourlyDay + dayMs).toISOString()}`);
  t.is(raw.body.pagination.total, 0, 'the raw runs of that day are gone');
  const res = await get(`latency?from=${new Date(hourlyDay).toISOString()}&to=${new Date(hourlyDay + dayMs).toISOString()}`);
  t.is(res.status, 200);
  t.like(res.body.data, { resolution: 'hourly', bucket_seconds: 3600 });
  t.deepEqual(res.body.data.points, [
    { at: '2026-09-01T00:00:00.000Z', avg_ms: 125, min_ms: 100, max_ms: 150, runs: 6 },
    { at: '2026-09-01T01:00:00.000Z', avg_ms: 190, min_ms: 170, max_ms: 210, runs: 5 },
  ]);
});

test('the CSV export beyond the retention lists rollup periods, hourly then daily, with its resolution in a header', async (t) => {
  const hourly = await get(`export-csv?from=${new Date(hourlyDay).toISOString()}&to=${new Date(hourlyDay + dayMs).toISOString()}`);
  t.is(hourly.status, 200);
  t.is(hourly.headers.get('x-vantage-resolution'), 'hourly');
  t.deepEqual(hourly.text.trimEnd().split('\r\n'), [
    'period_start,resolution,up_runs,down_runs,unknown_runs,maintenance_runs,availability_percent,latency_avg_ms,latency_min_ms,latency_max_ms',
    '2026-09-01T00:00:00.000Z,hourly,6,0,0,0,100,125,100,150',
    '2026-09-01T01:00:00.000Z,hourly,5,1,0,0,83.333,190,170,210',
  ]);
  const daily = await get(`export-csv?from=${new Date(dailyDay).toISOString()}&to=${new Date(dailyDay + 2 * dayMs).toISOString()}`);
  t.is(daily.headers.get('x-vantage-resolution'), 'daily');
  t.deepEqual(daily.text.trimEnd().split('\r\n').slice(1), ['2025-07-08T00:00:00.000Z,daily,11,1,0,0,91.667,154.5,100,210']);
  const recent = await get(`export-csv?from=${new Date(now - dayMs).toISOString()}`);
  t.is(recent.headers.get('x-vantage-resolution'), 'raw');
  t.is(recent.text.trimEnd().split('\r\n').length, 13);
});
