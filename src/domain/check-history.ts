/** Pure rules for the history views of a check: latency bucketing, availability, calendar ranges. */

const MINUTE = 60_000;
/** Bucket widths the latency series picks from, smallest first. */
export const LATENCY_BUCKETS_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 6 * 60 * MINUTE, 24 * 60 * MINUTE] as const;
export const LATENCY_MAX_POINTS = 300;

/** The narrowest bucket that keeps the series at most LATENCY_MAX_POINTS long. */
export function latencyBucketMs(spanMs: number): number {
  return LATENCY_BUCKETS_MS.find((bucket) => Math.ceil(spanMs / bucket) <= LATENCY_MAX_POINTS) ?? LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
}

/**
 * Availability of a day in percent, three decimals: up runs over decided runs. Unknown runs
 * (locations disagreed or did not answer) and runs in maintenance count neither way; a day
 * without a decided run has no availability (null).
 */
export function availabilityPercent(counts: { upRuns: number; downRuns: number }): number | null {
  const decided = counts.upRuns + counts.downRuns;
  if (decided === 0) return null;
  return Math.round((counts.upRuns / decided) * 100_000) / 1000;
}

/** `YYYY-MM` → its first and last day; null when it is not a month. */
export function monthRange(month: string): { from: string; to: string } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const last = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Every UTC day from `from` to `to` inclusive, as `YYYY-MM-DD`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** Where a history read comes from: raw runs, the hourly rollup, or the daily rollup. */
export type HistoryResolution = 'raw' | 'hourly' | 'daily';

const DAY_MS = 86_400_000;

/**
 * The finest data that still covers a range starting at `fromMs`: raw runs are kept
 * `rawDays`, the hourly rollup `hourlyDays` (rows younger than that are never dropped, since a
 * partition goes only once its end is older), the daily rollup always.
 */
export function historyResolution(fromMs: number, nowMs: number, rawDays: number, hourlyDays: number): HistoryResolution {
  if (fromMs >= nowMs - rawDays * DAY_MS) return 'raw';
  if (fromMs >= nowMs - hourlyDays * DAY_MS) return 'hourly';
  return 'daily';
}

/** The latency bucket for a span at a resolution: never finer than the rollup's own period. */
export function bucketAtResolution(spanMs: number, resolution: HistoryResolution): number {
  const floor = resolution === 'hourly' ? 60 * MINUTE : resolution === 'daily' ? DAY_MS : 0;
  return Math.max(latencyBucketMs(spanMs), floor);
}
