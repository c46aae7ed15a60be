/** SLA reports: the range of a period in a time zone, and the figures of a range. Pure. */
import { addDays, addMonths, formatLocalDay, isTimeZone, localDayAt, parseLocalDay, startOfLocalDay, type LocalDay } from './zoned-time.js';

export const SLA_PERIODS = ['day', 'week', 'month', 'quarter', 'custom'] as const;
export type SlaPeriod = (typeof SLA_PERIODS)[number];

/** The policy, written once: the README quotes it and every report carries it. */
export const SLA_POLICY = [
  'Availability is the share of counted runs that were not downtime: counted runs are the scheduled runs that ended UP or DOWN outside maintenance.',
  'Runs during a maintenance window are excluded and shown as maintenance_runs.',
  'UNKNOWN runs (locations disagreed or did not answer in time) are excluded from availability but counted and shown as unknown_runs.',
  "A DOWN run is downtime only when its failing locations met the check's quorum (min_failing_locations) when it ran; a DOWN run below the quorum counts as available and is shown as down_below_quorum_runs.",
  'Partial-location failures (UNKNOWN runs in which some locations failed) are shown apart as partial_failure_runs and are never downtime.',
  "Downtime minutes are the downtime runs times the check's period when they ran.",
  'Certificate warnings (domain certificates) never count as downtime.',
  'Incidents are those that overlap the range; MTTA is their mean time from opening to acknowledgement (of those acknowledged), MTTR to resolution (of those resolved); the longest outage is the longest of them cut to the range (an open one lasts until now).',
] as const;

export interface SlaRange {
  period: SlaPeriod;
  timeZone: string;
  /** First local day and the day after the last, `YYYY-MM-DD`. */
  firstDay: string;
  lastDay: string;
  fromMs: number;
  /** Exclusive. */
  toMs: number;
}

export type SlaRangeError = { field: string; reason: string };

const MAX_CUSTOM_DAYS = 366;

/**
 * The range of a report: `day`, `week` (ISO, from Monday), `month` or `quarter` holding the
 * `date` (default: today in the zone), or `custom` from `from` to `to` inclusive (at most 366 days).
 */
export function slaRange(input: { period?: string; date?: string; from?: string; to?: string; timeZone?: string }, nowMs: number): SlaRange | SlaRangeError {
  const timeZone = input.timeZone ?? 'UTC';
  if (!isTimeZone(timeZone)) return { field: 'time_zone', reason: 'must be an IANA time zone such as UTC or Europe/Berlin' };
  const period = (input.period ?? 'month') as SlaPeriod;
  if (!SLA_PERIODS.includes(period)) return { field: 'period', reason: `must be one of ${SLA_PERIODS.join(', ')}` };
  let first: LocalDay;
  let afterLast: LocalDay;
  if (period === 'custom') {
    if (input.date !== undefined) return { field: 'date', reason: 'is for day, week, month and quarter; a custom period takes from and to' };
    const from = input.from === undefined ? null : parseLocalDay(input.from);
    if (!from) return { field: 'from', reason: 'must be a day YYYY-MM-DD (a custom period needs from and to)' };
    const to = input.to === undefined ? null : parseLocalDay(input.to);
    if (!to) return { field: 'to', reason: 'must be a day YYYY-MM-DD (a custom period needs from and to)' };
    const days = (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000;
    if (days < 0) return { field: 'from', reason: 'must not be after to' };
    if (days >= MAX_CUSTOM_DAYS) return { field: 'to', reason: `must be at most ${MAX_CUSTOM_DAYS} days after from, counting both` };
    first = from;
    afterLast = addDays(to, 1);
  } else {
    if (input.from !== undefined || input.to !== undefined) return { field: input.from !== undefined ? 'from' : 'to', reason: 'is for a custom period only' };
    const anchor = input.date === undefined ? localDayAt(nowMs, timeZone) : parseLocalDay(input.date);
    if (!anchor) return { field: 'date', reason: 'must be a day YYYY-MM-DD' };
    if (period === 'day') {
      first = anchor;
      afterLast = addDays(anchor, 1);
    } else if (period === 'week') {
      const weekday = (new Date(Date.UTC(anchor.year, anchor.month - 1, anchor.day)).getUTCDay() + 6) % 7;
      first = addDays(anchor, -weekday);
      afterLast = addDays(first, 7);
    } else if (period === 'month') {
      first = { ...anchor, day: 1 };
      afterLast = addMonths(first, 1);
    } else {
      first = { year: anchor.year, month: anchor.month - ((anchor.month - 1) % 3), day: 1 };
      afterLast = addMonths(first, 3);
    }
  }
  if (first.year < 1970 || afterLast.year > 9999) return { field: period === 'custom' ? 'from' : 'date', reason: 'must be between 1970 and 9999' };
  return {
    period,
    timeZone,
    firstDay: formatLocalDay(first),
    lastDay: formatLocalDay(addDays(afterLast, -1)),
    fromMs: startOfLocalDay(first, timeZone),
    toMs: startOfLocalDay(afterLast, timeZone),
  };
}

export const isRangeError = (value: SlaRange | SlaRangeError): value is SlaRangeError => 'reason' in value;

/** Counts of one rollup row (an hour or a day of one check). */
export interface RunCounts {
  upRuns: number;
  downRuns: number;
  unknownRuns: number;
  maintenanceRuns: number;
  quorumDownRuns: number;
  partialRuns: number;
  downtimeSeconds: number;
}

export interface IncidentTimes {
  openedAt: number;
  acknowledgedAt: number | null;
  resolvedAt: number | null;
}

export interface SlaFigures {
  /** Percent, three decimals; null without a counted run. */
  availability_percent: number | null;
  /** @isDouble */
  downtime_minutes: number;
  runs: {
    total: number;
    up_runs: number;
    down_runs: number;
    /** DOWN runs that met the quorum: the downtime. */
    downtime_runs: number;
    down_below_quorum_runs: number;
    unknown_runs: number;
    partial_failure_runs: number;
    maintenance_runs: number;
  };
  incidents: {
    opened: number;
    acknowledged: number;
    resolved: number;
    /** Mean time to acknowledge, seconds; null when none was acknowledged. */
    mtta_seconds: number | null;
    /** Mean time to resolve, seconds; null when none was resolved. */
    mttr_seconds: number | null;
    /** Seconds; null without an incident. */
    longest_outage_seconds: number | null;
  };
}

/**
 * The policy's availability: the share of the counted runs (UP and DOWN) that were not downtime
 * (DOWN at the quorum), in percent with three decimals; null without a counted run.
 */
export const availabilityPercent = (upRuns: number, downRuns: number, downtimeRuns: number): number | null => {
  const counted = upRuns + downRuns;
  return counted === 0 ? null : Math.round(((counted - downtimeRuns) / counted) * 100_000) / 1000;
};

/** Seconds of downtime as minutes with two decimals. */
export const downtimeMinutes = (downtimeSeconds: number): number => Math.round((downtimeSeconds / 60) * 100) / 100;

const mean = (values: number[]): number | null => (values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length / 1000));

export function slaFigures(counts: RunCounts[], incidents: IncidentTimes[], range: { fromMs: number; toMs: number }, nowMs: number): SlaFigures {
  const sum = (pick: (row: RunCounts) => number) => counts.reduce((total, row) => total + pick(row), 0);
  const up = sum((row) => row.upRuns);
  const down = sum((row) => row.downRuns);
  const downtimeRuns = sum((row) => row.quorumDownRuns);
  const unknown = sum((row) => row.unknownRuns);
  const maintenance = sum((row) => row.maintenanceRuns);
  const counted = up + down;
  const acknowledged = incidents.filter((incident) => incident.acknowledgedAt !== null);
  const resolved = incidents.filter((incident) => incident.resolvedAt !== null);
  const outages = incidents.map((incident) => Math.min(incident.resolvedAt ?? nowMs, range.toMs, nowMs) - Math.max(incident.openedAt, range.fromMs));
  return {
    availability_percent: availabilityPercent(up, down, downtimeRuns),
    downtime_minutes: downtimeMinutes(sum((row) => row.downtimeSeconds)),
    runs: {
      total: counted + unknown + maintenance,
      up_runs: up,
      down_runs: down,
      downtime_runs: downtimeRuns,
      down_below_quorum_runs: down - downtimeRuns,
      unknown_runs: unknown,
      partial_failure_runs: sum((row) => row.partialRuns),
      maintenance_runs: maintenance,
    },
    incidents: {
      opened: incidents.length,
      acknowledged: acknowledged.length,
      resolved: resolved.length,
      mtta_seconds: mean(acknowledged.map((incident) => incident.acknowledgedAt! - incident.openedAt)),
      mttr_seconds: mean(resolved.map((incident) => incident.resolvedAt! - incident.openedAt)),
      longest_outage_seconds: outages.length === 0 ? null : Math.round(Math.max(0, ...outages) / 1000),
    },
  };
}
