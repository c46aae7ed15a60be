import { availabilityPercent, downtimeMinutes, type RunCounts } from '../domain/sla-report.js';
import { addDays, formatLocalDay, localDayAt, startOfLocalDay } from '../domain/zoned-time.js';
import type { PublicDay } from './status-page-view.js';

export const PAGE_DAYS = 90;

/** A local day of the page: its label and the instants it spans (`toMs` exclusive). */
export interface PageDay {
  day: string;
  fromMs: number;
  toMs: number;
}

/**
 * Working out where 90 local days begin asks Intl twice a day: a page loaded again the same day
 * in the same zone reuses them (the list is never changed by its readers).
 */
const daysByZoneAndToday = new Map<string, readonly PageDay[]>();
const ZONES_KEPT = 200;

/** The last `count` days in `timeZone`, oldest first, ending with today. */
export function pageDays(nowMs: number, timeZone: string, count = PAGE_DAYS): readonly PageDay[] {
  const today = localDayAt(nowMs, timeZone);
  const key = `${timeZone} ${formatLocalDay(today)} ${count}`;
  let days = daysByZoneAndToday.get(key);
  if (days === undefined) {
    days = Array.from({ length: count }, (_, i) => {
      const day = addDays(today, i - count + 1);
      return { day: formatLocalDay(day), fromMs: startOfLocalDay(day, timeZone), toMs: startOfLocalDay(addDays(day, 1), timeZone) };
    });
    if (daysByZoneAndToday.size >= ZONES_KEPT) daysByZoneAndToday.delete(daysByZoneAndToday.keys().next().value!);
    daysByZoneAndToday.set(key, days);
  }
  return days;
}

export interface IncidentSpan {
  id: number;
  openedAtMs: number;
  /** null: still open. */
  resolvedAtMs: number | null;
}

interface DayFigures {
  availability: number | null;
  downtimeMinutes: number;
  maintenanceRuns: number;
}

/** Availability as a share (0..1, five decimals) and the downtime, counted by the SLA report's policy; null without a counted run. */
function figuresOfSum(counts: RunCounts): DayFigures {
  const percent = availabilityPercent(counts.upRuns, counts.downRuns, counts.quorumDownRuns);
  return {
    availability: percent === null ? null : Math.round(percent * 1000) / 100_000,
    downtimeMinutes: downtimeMinutes(counts.downtimeSeconds),
    maintenanceRuns: counts.maintenanceRuns,
  };
}

/**
 * A day's counts with its figures, worked out once when the counts are read: a day's figures
 * depend on its counts alone (no incidents are counted in them), and the loader keeps the
 * settled days' counts, so a page loaded again works out only its last days' figures.
 */
export interface CountedDay {
  counts: RunCounts;
  figures: DayFigures;
}

export const countedDay = (counts: RunCounts): CountedDay => ({ counts, figures: figuresOfSum(counts) });

const NO_RUNS: DayFigures = { availability: null, downtimeMinutes: 0, maintenanceRuns: 0 };

/** A check's counts of each day of the page, at the day's index; undefined for a day without runs. */
export type CountsOfDays = ReadonlyArray<CountedDay | undefined>;

/** Most days have no incident: they share one empty list, which nothing changes (the view's readers only read). */
const NO_INCIDENTS: readonly number[] = Object.freeze([]);

/**
 * A check's settled days (the first days of the page, whose counts the loader keeps): their
 * counts, and their bars made once from them. The bars are frozen and shared by every view made
 * while the counts are kept, so a renderer may keep what it made of them as long as it is handed
 * the same objects (see html-components); the loader makes new ones whenever it reads the counts
 * again. The bars with incidents marked are kept too, while the incidents mark the same days.
 */
export interface SettledDays {
  counts: CountsOfDays;
  bars: readonly PublicDay[];
  marked?: { key: string; bars: readonly PublicDay[] };
  /** The counts summed from a day's index to the last settled day, by that index, as they are asked for. */
  sums: Map<number, RunCounts>;
}

/** A check's counts of the page's days: the settled ones, then the recent ones read for this view (at index minus the settled ones' number). */
export interface DayCounts {
  settled: SettledDays;
  recent: CountsOfDays;
}

const barOf = (day: PageDay, counted: CountedDay | undefined): PublicDay => {
  const figures = counted?.figures ?? NO_RUNS;
  return { day: day.day, availability: figures.availability, downtimeMinutes: figures.downtimeMinutes, maintenanceRuns: figures.maintenanceRuns, incidentIds: NO_INCIDENTS };
};

/** The settled days' bars, frozen, of their counts (`counts[i]` is the count of `days[i]`). */
export const settledDays = (days: readonly PageDay[], counts: CountsOfDays): SettledDays => ({ counts, bars: days.map((day, i) => Object.freeze(barOf(day, counts[i]))), sums: new Map() });

/** A check all of whose days are recent: nothing of it is kept. */
export const recentDays = (counts: CountsOfDays): DayCounts => ({ settled: settledDays([], []), recent: counts });

/** The first index whose day ends after `ms` (days are consecutive and sorted). */
function firstDayEndingAfter(days: readonly PageDay[], ms: number): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (days[middle]!.toMs <= ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The incidents each day overlapped, by the day's index (absent: none): an incident marks the
 * consecutive days from the first ending after it opened to the last beginning before it ended
 * (an open one has not ended yet), among the days from `from` (inclusive) to `to` (exclusive).
 */
function incidentsByDay(days: readonly PageDay[], incidents: readonly IncidentSpan[], nowMs: number, from: number, to: number): ReadonlyMap<number, number[]> {
  if (incidents.length === 0) return NO_DAYS;
  const byDay = new Map<number, number[]>();
  for (const incident of incidents) {
    const endMs = incident.resolvedAtMs ?? nowMs;
    for (let i = Math.max(from, firstDayEndingAfter(days, incident.openedAtMs)); i < to && days[i]!.fromMs <= endMs; i += 1) {
      const ids = byDay.get(i);
      if (ids === undefined) byDay.set(i, [incident.id]);
      else ids.push(incident.id);
    }
  }
  return byDay;
}

const NO_DAYS: ReadonlyMap<number, number[]> = new Map();

/** The settled bars with the incidents marked: the kept ones when the incidents mark the same days with the same ids. */
function markedSettledBars(days: readonly PageDay[], settled: SettledDays, incidents: readonly IncidentSpan[], nowMs: number): readonly PublicDay[] {
  const byDay = incidentsByDay(days, incidents, nowMs, 0, settled.bars.length);
  if (byDay.size === 0) return settled.bars;
  const key = [...byDay].map(([i, ids]) => `${i}:${ids.join(',')}`).join(' ');
  if (settled.marked?.key !== key) {
    const bars = settled.bars.map((bar, i) => {
      const ids = byDay.get(i);
      return ids === undefined ? bar : Object.freeze({ ...bar, incidentIds: Object.freeze(ids) });
    });
    settled.marked = { key, bars };
  }
  return settled.marked.bars;
}

/**
 * One check's bars: each day's figures and the incidents that overlapped it. The settled days'
 * bars are the kept, frozen ones (new ones only where incidents mark other days than before);
 * only the recent days' bars are made anew.
 */
export function checkDays(days: readonly PageDay[], counts: DayCounts, incidents: readonly IncidentSpan[], nowMs: number): PublicDay[] {
  const settled = counts.settled.bars.length;
  const byDay = incidentsByDay(days, incidents, nowMs, settled, days.length);
  const recent: PublicDay[] = [];
  for (let i = settled; i < days.length; i += 1) {
    const bar = barOf(days[i]!, counts.recent[i - settled]);
    const ids = byDay.get(i);
    if (ids !== undefined) bar.incidentIds = ids;
    recent.push(bar);
  }
  return markedSettledBars(days, counts.settled, incidents, nowMs).concat(recent);
}

const ZERO: RunCounts = { upRuns: 0, downRuns: 0, unknownRuns: 0, maintenanceRuns: 0, quorumDownRuns: 0, partialRuns: 0, downtimeSeconds: 0 };

function addTo(total: RunCounts, countsOfDays: CountsOfDays, from: number): void {
  for (let i = from; i < countsOfDays.length; i += 1) {
    const counts = countsOfDays[i]?.counts;
    if (counts === undefined) continue;
    total.upRuns += counts.upRuns;
    total.downRuns += counts.downRuns;
    total.unknownRuns += counts.unknownRuns;
    total.maintenanceRuns += counts.maintenanceRuns;
    total.quorumDownRuns += counts.quorumDownRuns;
    total.partialRuns += counts.partialRuns;
    total.downtimeSeconds += counts.downtimeSeconds;
  }
}

/** The settled counts summed from a day's index on, summed once per settled days. */
function settledSum(settled: SettledDays, from: number): RunCounts {
  let sum = settled.sums.get(from);
  if (sum === undefined) {
    sum = { ...ZERO };
    addTo(sum, settled.counts, from);
    settled.sums.set(from, sum);
  }
  return sum;
}

/** Availability over the last `count` of the days. */
export function availabilityOverLast(days: readonly PageDay[], countsOfDays: DayCounts, count: number): number | null {
  const first = Math.max(0, days.length - count);
  const settled = countsOfDays.settled.counts.length;
  const total = first < settled ? { ...settledSum(countsOfDays.settled, first) } : { ...ZERO };
  addTo(total, countsOfDays.recent, Math.max(0, first - settled));
  return figuresOfSum(total).availability;
}

/** Empty bars by the list of days they are of (kept as long as the list is, see pageDays). */
const emptyBars = new WeakMap<readonly PageDay[], readonly PublicDay[]>();

/** A domain has no runs: its bars show no figure. They are frozen and shared, as settled bars are. */
export function emptyDays(days: readonly PageDay[]): PublicDay[] {
  let bars = emptyBars.get(days);
  if (bars === undefined) {
    bars = settledDays(days, []).bars;
    emptyBars.set(days, bars);
  }
  return bars.slice();
}
