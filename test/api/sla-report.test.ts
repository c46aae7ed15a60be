import test from 'ava';
import type { RunRecord } from '../../src/domain/check-actor-reducer.js';
import { RunWriter } from '../../src/engine/run-writer.js';
import { createLogger } from '../../src/log.js';
import { Incident } from '../../src/store/entities/incident.js';
import { httpCheck } from './helpers/check-bodies.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

/**
 * One local day in New York (UTC-5 in January): 2026-01-14, from 05:00Z to 05:00Z the next day.
 * A run every 5 minutes, quorum 2 of 3 locations. Hand-counted:
 * - a maintenance window from 23:00 to 01:00 local across midnight: 12 runs of the day (04:00Z to 04:55Z on the 15th), DOWN but excluded;
 * - an outage from 23:30 on the 13th to 00:30 on the 14th local: 6 DOWN runs of the day (05:00Z to 05:25Z), 30 minutes of downtime;
 * - 2 UNKNOWN runs with no failing location (10:00Z, 10:05Z) and 1 UNKNOWN with one failing location (12:00Z, a partial failure);
 * - 1 DOWN run below the quorum (14:00Z, one failing location): counted available;
 * - 288 runs in all; up 266; counted 266 + 7 = 273; availability 267 / 273 = 97.802 %.
 * Incidents: A opened 04:30Z, acknowledged after 10 min, resolved after 60 min (30 min of it in the day);
 * B opened 16:00Z, acknowledged after 5 min, still open at "now" (cut at the day's end: 13 h).
 */
const logger = createLogger('silent');
const now = Date.parse('2026-01-16T00:00:00Z');
const at = (iso: string) => Date.parse(iso);
let api: ApiHarness;
let owner: Account;
let checkId: number;
let quietId: number;

test.before(async () => {
  api = await ApiHarness.start({ now: () => new Date(now) });
  owner = await api.account('pro');
  const create = async (name: string) =>
    (await api.call('POST', '/mobile/uptime-checks', { account: owner, body: httpCheck({ name, check_frequency: 5, min_failing_locations: 2 }) })).body.data.id as number;
  checkId = await create('SLA');
  quietId = await create('Quiet');
  const writer = new RunWriter(api.store, logger, { flushIntervalMs: 10 });
  for (let started = at('2026-01-14T00:00:00Z'); started < at('2026-01-15T10:00:00Z'); started += 300_000) {
    let state: RunRecord['state'] = 'UP';
    let failing = 0;
    let inMaintenance = false;
    if (started >= at('2026-01-15T04:00:00Z') && started < at('2026-01-15T06:00:00Z')) [state, failing, inMaintenance] = ['DOWN', 3, true];
    else if (started >= at('2026-01-14T04:30:00Z') && started < at('2026-01-14T05:30:00Z')) [state, failing] = ['DOWN', 3];
    else if (started === at('2026-01-14T10:00:00Z') || started === at('2026-01-14T10:05:00Z')) state = 'UNKNOWN';
    else if (started === at('2026-01-14T12:00:00Z')) [state, failing] = ['UNKNOWN', 1];
    else if (started === at('2026-01-14T14:00:00Z')) [state, failing] = ['DOWN', 1];
    writer.addRun({ checkId, cycleId: `sla.${started}`, startedAt: started, finishedAt: started + 900, state, failingLocations: failing, latencyMs: state === 'UP' ? 90 : null, results: [], inMaintenance, onDemand: false });
  }
  await writer.stop();
  const em = api.em.fork();
  const incident = (cycle: string, openedAt: string, acknowledgedAt: string | null, resolvedAt: string | null) =>
    em.create(Incident, {
      workspace: owner.workspaceId,
      check: checkId,
      status: resolvedAt ? 'resolved' : 'acknowledged',
      severity: 'critical',
      failedLocations: ['eu-west', 'us-east', 'ap-south'],
      openedByCycle: cycle,
      openedAt: new Date(openedAt),
      acknowledgedAt: acknowledgedAt ? new Date(acknowledgedAt) : null,
      resolvedAt: resolvedAt ? new Date(resolvedAt) : null,
    });
  incident('sla-a', '2026-01-14T04:30:00Z', '2026-01-14T04:40:00Z', '2026-01-14T05:30:00Z');
  incident('sla-b', '2026-01-14T16:00:00Z', '2026-01-14T16:05:00Z', null);
  incident('sla-c', '2026-01-13T01:00:00Z', null, '2026-01-13T02:00:00Z');
  await em.flush();
});

test.after.always(async () => {
  await api?.close();
});

const expectedFigures = {
  availability_percent: 97.802,
  downtime_minutes: 30,
  runs: { total: 288, up_runs: 266, down_runs: 7, downtime_runs: 6, down_below_quorum_runs: 1, unknown_runs: 3, partial_failure_runs: 1, maintenance_runs: 12 },
  incidents: { opened: 2, acknowledged: 2, resolved: 1, mtta_seconds: 450, mttr_seconds: 3600, longest_outage_seconds: 13 * 3600 },
};

test('a day in a non-UTC zone: maintenance across midnight, an outage across the day boundary, UNKNOWN and partial runs, MTTA and MTTR', async (t) => {
  const res = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-report?period=day&date=2026-01-14&time_zone=America/New_York`, { account: owner });
  t.is(res.status, 200, res.text);
  t.like(res.body.data, {
    period: 'day',
    time_zone: 'America/New_York',
    first_day: '2026-01-14',
    last_day: '2026-01-14',
    from: '2026-01-14T05:00:00.000Z',
    to: '2026-01-15T05:00:00.000Z',
    resolution: 'hourly',
    ...expectedFigures,
  });
  t.like(res.body.data.checks[0], { check_id: checkId, check_name: 'SLA', ...expectedFigures });
  t.true(res.body.data.policy.some((line: string) => /Certificate warnings .* never count as downtime/.test(line)));
  t.true(res.body.data.policy.some((line: string) => /maintenance window are excluded/.test(line)));
});

test('the same day in UTC counts other runs: the outage before midnight and no maintenance', async (t) => {
  const res = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-report?period=day&date=2026-01-14`, { account: owner });
  t.like(res.body.data, { from: '2026-01-14T00:00:00.000Z', downtime_minutes: 60, runs: { total: 288, downtime_runs: 12, maintenance_runs: 0, unknown_runs: 3 } });
});

test('a set of checks: figures together and per check, as JSON and CSV', async (t) => {
  const res = await api.call('GET', `/mobile/sla-reports?ids=${quietId},${checkId}&period=custom&from=2026-01-14&to=2026-01-14&time_zone=America/New_York`, { account: owner });
  t.is(res.status, 200, res.text);
  t.like(res.body.data, { period: 'custom', ...expectedFigures });
  t.deepEqual(
    res.body.data.checks.map((check: { check_id: number; availability_percent: number | null }) => [check.check_id, check.availability_percent]),
    [
      [checkId, 97.802],
      [quietId, null],
    ],
  );
  const csv = await api.call('GET', `/mobile/sla-reports/export-csv?ids=${checkId},${quietId}&period=day&date=2026-01-14&time_zone=America/New_York`, { account: owner });
  t.is(csv.status, 200);
  t.regex(csv.headers.get('content-type') ?? '', /^text\/csv/);
  const lines = csv.text.trimEnd().split('\r\n');
  t.is(lines.length, 4);
  t.is(lines[1], `${checkId},SLA,2026-01-14,2026-01-14,America/New_York,97.802,30,288,266,7,6,1,3,1,12,2,450,3600,46800`);
  t.regex(lines[3]!, /^all,,2026-01-14/);
  const one = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-report/export-csv?period=week&date=2026-01-14&time_zone=America/New_York`, { account: owner });
  t.is(one.text.trimEnd().split('\r\n').length, 2);
});

test('week, month and quarter ranges are local days', async (t) => {
  const week = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-report?period=week&date=2026-01-14&time_zone=Europe/Berlin`, { account: owner });
  t.like(week.body.data, { first_day: '2026-01-12', last_day: '2026-01-18', from: '2026-01-11T23:00:00.000Z' });
  const quarter = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-report?period=quarter&date=2026-05-20&time_zone=Europe/Berlin`, { account: owner });
  t.like(quarter.body.data, { first_day: '2026-04-01', last_day: '2026-06-30', from: '2026-03-31T22:00:00.000Z', to: '2026-06-30T22:00:00.000Z' });
  const month = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-report?time_zone=Asia/Tokyo`, { account: owner });
  t.like(month.body.data, { period: 'month', first_day: '2026-01-01', last_day: '2026-01-31', from: '2025-12-31T15:00:00.000Z' });
});

test('bad inputs are clear 4xx answers in the envelope', async (t) => {
  const cases: Array<[string, number, RegExp]> = [
    [`/mobile/uptime-checks/${checkId}/sla-report?time_zone=Mars/Olympus_Mons`, 400, /time_zone/],
    [`/mobile/uptime-checks/${checkId}/sla-report?time_zone=Europe%2FBerlin%00`, 400, /time_zone/],
    [`/mobile/uptime-checks/${checkId}/sla-report?period=custom&from=2026-02-01&to=2026-01-01`, 400, /from must not be after to/],
    [`/mobile/uptime-checks/${checkId}/sla-report?period=custom&from=2025-01-01&to=2026-01-02`, 400, /366 days/],
    [`/mobile/uptime-checks/${checkId}/sla-report?period=fortnight`, 400, /period/],
    [`/mobile/uptime-checks/${checkId}/sla-report?date=2026-02-30`, 400, /date/],
    [`/mobile/uptime-checks/${checkId}/sla-report?date=2026-01-01%00`, 400, /date/],
    [`/mobile/uptime-checks/${checkId}/sla-report?period=day&from=2026-01-01`, 400, /from/],
    [`/mobile/uptime-checks/9223372036854775808/sla-report`, 404, /NOT_FOUND/],
    [`/mobile/sla-reports?ids=9223372036854775808`, 400, /ids/],
    [`/mobile/sla-reports?ids=1,,2`, 400, /ids/],
    [`/mobile/sla-reports?ids=${checkId + 1000}`, 404, /not found/],
  ];
  for (const [path, status, message] of cases) {
    const res = await api.call('GET', path, { account: owner });
    t.is(res.status, status, path);
    t.is(res.body.success, false, path);
    t.regex(`${res.body.error.code} ${res.body.error.message}`, message, path);
  }
  const other = await api.account('pro');
  const foreign = await api.call('GET', `/mobile/uptime-checks/${checkId}/sla-report`, { account: other });
  t.is(foreign.status, 404, "another client's check is not found");
});

test("a check's detail carries its availability over the last 24 hours, 7, 30 and 90 days", async (t) => {
  const res = await api.call('GET', `/mobile/uptime-checks/${checkId}`, { account: owner });
  t.is(res.status, 200);
  // Last 24 h: 96 counted runs on the 15th, none down (the maintenance runs do not count). 7 days and more:
  // 408 runs, 24 in maintenance, 3 UNKNOWN, 381 counted, 12 quorum-down: 369 / 381.
  t.deepEqual(res.body.data.availability, { last_24h: 100, last_7d: 96.85, last_30d: 96.85, last_90d: 96.85 });
  const quiet = await api.call('GET', `/mobile/uptime-checks/${quietId}`, { account: owner });
  t.deepEqual(quiet.body.data.availability, { last_24h: null, last_7d: null, last_30d: null, last_90d: null });
});
