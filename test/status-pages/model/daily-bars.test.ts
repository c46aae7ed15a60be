import test from 'ava';
import fc from 'fast-check';
import { availabilityOverLast, checkDays, countedDay, pageDays, recentDays, settledDays, type CountsOfDays, type DayCounts, type IncidentSpan, type PageDay } from '../../../src/status-pages/daily-bars.js';

const NOW_MS = Date.parse('2026-11-26T12:00:00Z');
const HOUR_MS = 3_600_000;
/** The counts with their first `settled` days settled, as the loader keeps them. */
const split = (days: readonly PageDay[], countsOfDays: CountsOfDays, settled: number): DayCounts => ({
  settled: settledDays(days.slice(0, settled), countsOfDays.slice(0, settled)),
  recent: countsOfDays.slice(settled),
});

const counts = (up: number, quorumDown: number) =>
  countedDay({ upRuns: up, downRuns: quorumDown, unknownRuns: 0, maintenanceRuns: 0, quorumDownRuns: quorumDown, partialRuns: 0, downtimeSeconds: quorumDown * 60 });

test('the 90 days of a zone end today and follow its clock changes', (t) => {
  const days = pageDays(NOW_MS, 'Europe/Berlin');
  t.is(days.length, 90);
  t.is(days.at(-1)!.day, '2026-11-26');
  t.is(days.at(-1)!.fromMs, Date.parse('2026-11-25T23:00:00Z'));
  const autumnChange = days.find((day) => day.day === '2026-10-25')!;
  t.is(autumnChange.toMs - autumnChange.fromMs, 25 * HOUR_MS);
  t.is(pageDays(NOW_MS, 'Europe/Berlin'), days, 'the same day in the same zone reuses the list');
  t.is(pageDays(NOW_MS, 'Pacific/Kiritimati').at(-1)!.day, '2026-11-27');
});

test('an incident marks every local day it overlapped, and only those', (t) => {
  const days = pageDays(NOW_MS, 'Europe/Berlin');
  const at = (iso: string): number => Date.parse(iso);
  const incidents: IncidentSpan[] = [
    { id: 1, openedAtMs: at('2026-11-23T22:30:00Z'), resolvedAtMs: at('2026-11-23T23:30:00Z') }, // across Berlin's midnight: the 23rd and the 24th
    { id: 2, openedAtMs: at('2026-11-26T08:00:00Z'), resolvedAtMs: null }, // still open: today
    { id: 3, openedAtMs: at('2026-01-01T00:00:00Z'), resolvedAtMs: at('2026-08-29T12:00:00Z') }, // began before the first day: the first day only
    { id: 4, openedAtMs: at('2026-11-20T10:00:00Z'), resolvedAtMs: at('2026-11-20T11:00:00Z') },
  ];
  const bars = checkDays(days, recentDays([]), incidents, NOW_MS);
  const marked = Object.fromEntries(bars.filter((bar) => bar.incidentIds.length > 0).map((bar) => [bar.day, bar.incidentIds]));
  t.deepEqual(marked, { '2026-08-29': [3], '2026-11-20': [4], '2026-11-23': [1], '2026-11-24': [1], '2026-11-26': [2] });
});

test('the days an incident marks are those a day-by-day overlap test finds', (t) => {
  const days = pageDays(NOW_MS, 'America/New_York');
  const span = days.at(-1)!.toMs - days[0]!.fromMs;
  const incident = fc
    .record({ id: fc.nat(), opened: fc.integer({ min: -span / 2, max: span }), length: fc.integer({ min: 0, max: span }), open: fc.boolean() })
    .map(({ id, opened, length, open }): IncidentSpan => {
      const openedAtMs = Math.min(days[0]!.fromMs + opened, NOW_MS);
      return { id, openedAtMs, resolvedAtMs: open ? null : Math.min(openedAtMs + length, NOW_MS) };
    });
  fc.assert(
    fc.property(fc.array(incident, { maxLength: 6 }), fc.integer({ min: 0, max: 90 }), (incidents, settled) => {
      const bars = checkDays(days, split(days, [], settled), incidents, NOW_MS);
      const expected = days.map((day) => incidents.filter((one) => one.openedAtMs < day.toMs && (one.resolvedAtMs ?? NOW_MS) >= day.fromMs).map((one) => one.id));
      t.deepEqual(
        bars.map((bar) => bar.incidentIds),
        expected,
      );
    }),
  );
});

test('a day and the last 30 days count by the SLA policy: only quorum failures are downtime', (t) => {
  const days = pageDays(NOW_MS, 'UTC');
  const byDay = new Map([
    ['2026-11-26', counts(90, 10)],
    ['2026-11-01', counts(100, 0)],
    ['2026-10-01', counts(0, 100)],
  ]);
  const countsOfDays = days.map((day) => byDay.get(day.day));
  const bars = checkDays(days, recentDays(countsOfDays), [], NOW_MS);
  t.deepEqual(checkDays(days, split(days, countsOfDays, 89), [], NOW_MS), bars, 'settled days show the same figures');
  t.deepEqual(bars.at(-1), { day: '2026-11-26', availability: 0.9, downtimeMinutes: 10, maintenanceRuns: 0, incidentIds: [] });
  t.is(bars.find((bar) => bar.day === '2026-11-25')!.availability, null, 'a day without runs has no figure');
  for (const settled of [0, 60, 89]) {
    t.is(availabilityOverLast(days, split(days, countsOfDays, settled), 30), 0.95);
    t.is(availabilityOverLast(days, split(days, countsOfDays, settled), 90), 0.63333, 'five decimals, as the report rounds');
  }
  t.is(availabilityOverLast(days, recentDays([]), 30), null);
});

test('settled bars are frozen and shared by every view while the incidents on them stay the same; only recent bars are new', (t) => {
  const days = pageDays(NOW_MS, 'UTC');
  const settled = settledDays(days.slice(0, 89), days.slice(0, 89).map(() => counts(100, 0)));
  const at = (iso: string): number => Date.parse(iso);
  const past: IncidentSpan = { id: 4, openedAtMs: at('2026-11-20T10:00:00Z'), resolvedAtMs: at('2026-11-20T11:00:00Z') };
  const view = (incidents: IncidentSpan[]) => checkDays(days, { settled, recent: [counts(90, 10)] }, incidents, NOW_MS);
  const first = view([past]);
  const second = view([past]);
  t.true(first.slice(0, 89).every((bar, i) => bar === second[i] && Object.isFrozen(bar)));
  t.not(first[89], second[89], 'today is made anew');
  t.false(Object.isFrozen(first[89]));
  const moved = view([{ ...past, resolvedAtMs: at('2026-11-21T11:00:00Z') }]);
  t.deepEqual(moved.filter((bar) => bar.incidentIds.length > 0).map((bar) => bar.day), ['2026-11-20', '2026-11-21'], 'a changed incident marks its days at once');
  t.not(moved[days.findIndex((day) => day.day === '2026-11-20')], first[days.findIndex((day) => day.day === '2026-11-20')]);
  t.is(moved[0], first[0], 'days no incident marks stay shared');
  t.true(view([]).slice(0, 89).every((bar, i) => bar === settled.bars[i]), 'without incidents the settled bars are the kept ones');
});
