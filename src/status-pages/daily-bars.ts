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

/** The last `count` days in `timeZone`, oldest first, ending with today. */
export function pageDays(nowMs: number, timeZone: string, count = PAGE_DAYS): PageDay[] {
  const today = localDayAt(nowMs, timeZone);
  return Array.from({ length: count }, (_, i) => {
    const day = addDays(today, i - count + 1);
    return { day: formatLocalDay(day), fromMs: startOfLocalDay(day, timeZone), toMs: startOfLocalDay(addDays(day, 1), timeZone) };
  });
}

export interface IncidentSpan {
  id: number;
  openedAtMs: number;
  /** null: still open. */
  resolvedAtMs: number | null;
}

/** Availability as a share (0..1), counted by the SLA report's policy; null without a counted run. */
function share(counts: RunCounts[], range: { fromMs: number; toMs: number }, nowMs: number): { availability: number | null; downtimeMinutes: number; maintenanceRuns: number } {
  const figures = slaFigures(counts, [], range, nowMs);
  return {
    availability: figures.availability_percent === null ? null : Math.round(figures.availability_percent * 1000) / 100_000,
    downtimeMinutes: figures.downtime_minutes,
    maintenanceRuns: figures.runs.maintenance_runs,
  };
}

type DayFigures = ReturnType<typeof share>;

/**
 * A day's figures depend on its counts alone (no incidents are counted in them), so they are
 * kept per counts object: the loader keeps the counts of settled days, and a page loaded again
 * works out only its last days' figures.
 */
const dayFigures = new WeakMap<RunCounts, DayFigures>();
const NO_RUNS: DayFigures = { availability: null, downtimeMinutes: 0, maintenanceRuns: 0 };

function figuresOf(counts: RunCounts | undefined, day: PageDay, nowMs: number): DayFigures {
  if (counts === undefined) return NO_RUNS;
  let figures = dayFigures.get(counts);
  if (figures === undefined) {
    figures = share([counts], day, nowMs);
    dayFigures.set(counts, figures);
  }
  return figures;
}

/** One check's bars: each day's counts (keyed by day label) and the incidents that overlapped it. */
export function checkDays(days: readonly PageDay[], countsByDay: ReadonlyMap<string, RunCounts>, incidents: readonly IncidentSpan[], nowMs: number): PublicDay[] {
  return days.map((day) => {
    const counts = countsByDay.get(day.day);
    return {
      day: day.day,
      ...figuresOf(counts, day, nowMs),
      incidentIds: incidents.filter((incident) => incident.openedAtMs < day.toMs && (incident.resolvedAtMs ?? nowMs) >= day.fromMs).map((incident) => incident.id),
    };
  });
}

/** Availability over the last `count` of the days. */
export function availabilityOverLast(days: readonly PageDay[], countsByDay: ReadonlyMap<string, RunCounts>, count: number, nowMs: number): number | null {
  const last = days.slice(-count);
  const counts = last.flatMap((day) => (countsByDay.has(day.day) ? [countsByDay.get(day.day)!] : []));
  return share(counts, { fromMs: last[0]!.fromMs, toMs: last[last.length - 1]!.toMs }, nowMs).availability;
}

/** A domain has no runs: its bars show no figure. */
export const emptyDays = (days: readonly PageDay[]): PublicDay[] => days.map((day) => ({ day: day.day, availability: null, downtimeMinutes: 0, maintenanceRuns: 0, incidentIds: [] }));
