import test from 'ava';
import { isRangeError, slaFigures, slaRange } from '../../src/domain/sla-report.js';

const now = Date.parse('2026-12-01T12:00:00Z');
const hour = 3_600_000;

test('a local day across a daylight-saving change has 23 or 25 hours', (t) => {
  const spring = slaRange({ period: 'day', date: '2026-03-29', timeZone: 'Europe/Berlin' }, now);
  t.false(isRangeError(spring));
  if (isRangeError(spring)) return;
  t.is(new Date(spring.fromMs).toISOString(), '2026-03-28T23:00:00.000Z');
  t.is((spring.toMs - spring.fromMs) / hour, 23);
  const autumn = slaRange({ period: 'day', date: '2026-11-01', timeZone: 'America/New_York' }, now);
  if (isRangeError(autumn)) return t.fail();
  t.is((autumn.toMs - autumn.fromMs) / hour, 25);
  const india = slaRange({ period: 'day', date: '2026-06-01', timeZone: 'Asia/Kolkata' }, now);
  if (isRangeError(india)) return t.fail();
  t.is(new Date(india.fromMs).toISOString(), '2026-05-31T18:30:00.000Z');
});

test('the default period is the current month in the zone; bad inputs name their field', (t) => {
  const month = slaRange({ timeZone: 'Pacific/Kiritimati' }, Date.parse('2026-11-30T11:00:00Z'));
  t.like(month, { period: 'month', firstDay: '2026-12-01', lastDay: '2026-12-31' }, 'UTC+14: it is already December there');
  t.like(slaRange({ timeZone: 'UTC\u0000' }, now), { field: 'time_zone' });
  t.like(slaRange({ timeZone: '../../etc/passwd' }, now), { field: 'time_zone' });
  t.like(slaRange({ period: 'custom', from: '2026-02-01', to: '2026-01-31' }, now), { field: 'from', reason: 'must not be after to' });
  t.like(slaRange({ period: 'custom', from: '2026-01-01' }, now), { field: 'to' });
  t.like(slaRange({ period: 'week', date: '9223372036854775808' }, now), { field: 'date' });
  t.like(slaRange({ period: 'custom', from: '2025-01-01', to: '2025-12-31' }, now), { firstDay: '2025-01-01', lastDay: '2025-12-31' });
});

test('figures: quorum-down runs are the downtime, UNKNOWN and maintenance runs are shown but not counted, incidents cut to the range', (t) => {
  const range = { fromMs: 0, toMs: 10 * hour };
  const figures = slaFigures(
    [
      { upRuns: 50, downRuns: 4, unknownRuns: 3, maintenanceRuns: 6, quorumDownRuns: 3, partialRuns: 2, downtimeSeconds: 900 },
      { upRuns: 46, downRuns: 0, unknownRuns: 0, maintenanceRuns: 0, quorumDownRuns: 0, partialRuns: 0, downtimeSeconds: 0 },
    ],
    [
      { openedAt: -hour, acknowledgedAt: -hour + 120_000, resolvedAt: hour },
      { openedAt: 9 * hour, acknowledgedAt: null, resolvedAt: null },
    ],
    range,
    20 * hour,
  );
  t.deepEqual(figures, {
    availability_percent: 97, // (100 - 3) / 100
    downtime_minutes: 15,
    runs: { total: 109, up_runs: 96, down_runs: 4, downtime_runs: 3, down_below_quorum_runs: 1, unknown_runs: 3, partial_failure_runs: 2, maintenance_runs: 6 },
    incidents: { opened: 2, acknowledged: 1, resolved: 1, mtta_seconds: 120, mttr_seconds: 7200, longest_outage_seconds: 3600 },
  });
  t.is(slaFigures([], [], range, 20 * hour).availability_percent, null);
});
