import { slaFigures, type RunCounts } from '../domain/sla-report.js';
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

/**
 * Availability as a share (0..1) and the downtime, counted by the SLA report's policy; null
 * without a counted run. Without incidents the report's range and clock count for nothing.
 */
function figuresOfSum(counts: RunCounts): DayFigures {
  const figures = slaFigures([counts], [], { fromMs: 0, toMs: 0 }, 0);
  return {
    availability: figures.availability_percent === null ? null : Math.round(figures.availability_percent * 1000) / 100_000,
    downtimeMinutes: figures.downtime_minutes,
    maintenanceRuns: figures.runs.maintenance_runs,
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

/** One check's bars: each day's counts and the incidents that overlapped it. */
export function checkDays(days: readonly PageDay[], countsOfDays: CountsOfDays, incidents: readonly IncidentSpan[], nowMs: number): PublicDay[] {
  const bars = days.map((day, i): PublicDay => {
    const figures = countsOfDays[i]?.figures ?? NO_RUNS;
    return { day: day.day, availability: figures.availability, downtimeMinutes: figures.downtimeMinutes, maintenanceRuns: figures.maintenanceRuns, incidentIds: NO_INCIDENTS };
  });
  // An incident marks the consecutive days it overlapped: from the first ending after it opened to the last beginning before it ended.
  for (const incident of incidents) {
    const endMs = incident.resolvedAtMs ?? nowMs;
    for (let i = firstDayEndingAfter(days, incident.openedAtMs); i < days.length && days[i]!.fromMs <= endMs; i += 1) {
      bars[i]!.incidentIds = [...bars[i]!.incidentIds, incident.id];
    }
  }
  return bars;
}

const ZERO: RunCounts = { upRuns: 0, downRuns: 0, unknownRuns: 0, maintenanceRuns: 0, quorumDownRuns: 0, partialRuns: 0, downtimeSeconds: 0 };

/** Availability over the last `count` of the days. */
export function availabilityOverLast(days: readonly PageDay[], countsOfDays: CountsOfDays, count: number): number | null {
  const first = Math.max(0, days.length - count);
  const total = { ...ZERO };
  for (let i = first; i < days.length; i += 1) {
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
  return figuresOfSum(total).availability;
}

/** A domain has no runs: its bars show no figure. */
export const emptyDays = (days: readonly PageDay[]): PublicDay[] => days.map((day) => ({ day: day.day, availability: null, downtimeMinutes: 0, maintenanceRuns: 0, incidentIds: NO_INCIDENTS }));
