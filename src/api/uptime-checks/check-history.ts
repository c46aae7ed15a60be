import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { availabilityPercent, bucketAtResolution, csvLine, daysBetween, type HistoryResolution } from '../../domain/check-history.js';
import { DailyAvailability, Run } from '../../store/entities/run.js';
import { locationPattern } from '../../store/location-results-codec.js';
import type { UptimeCheck } from '../../store/entities/uptime-check.js';
import { runView, type RunView } from './check-views.js';

export interface RunFilters {
  from: Date | undefined;
  to: Date | undefined;
  location: string | undefined;
  /** Runs in which at least one location failed. */
  onlyFailed: boolean;
}

export async function listRuns(
  em: EntityManager,
  check: UptimeCheck,
  filters: RunFilters,
  limit: number,
  offset: number,
): Promise<{ runs: RunView[]; total: number }> {
  const qb = em.createQueryBuilder(Run, 'r').where({ check });
  if (filters.from) qb.andWhere({ startedAt: { $gte: filters.from } });
  if (filters.to) qb.andWhere({ startedAt: { $lte: filters.to } });
  if (filters.onlyFailed) qb.andWhere({ failingLocations: { $gt: 0 } });
  if (filters.location) qb.andWhere('r.results like ?', [locationPattern(filters.location)]);
  const total = await qb.clone().getCount();
  const runs = await qb.orderBy({ startedAt: 'desc', id: 'desc' }).limit(limit).offset(offset).getResult();
  return { runs: runs.map(runView), total };
}

export interface LatencyPoint {
  /** Start of the bucket, ISO 8601. */
  at: string;
  /** @isDouble */
  avg_ms: number;
  /** @isDouble */
  min_ms: number;
  /** @isDouble */
  max_ms: number;
  runs: number;
}

export interface LatencySeries {
  from: string;
  to: string;
  bucket_seconds: number;
  /**
   * Where the series comes from: `raw` runs inside the runs' retention, the `hourly` rollup
   * beyond it, the `daily` rollup beyond the hourly rollup's retention.
   */
  resolution: HistoryResolution;
  /** Buckets with at least one run that measured a latency; empty buckets are left out. */
  points: LatencyPoint[];
}

type LatencyRow = { bucket: string | number; avg: string | number; min: number; max: number; runs: string | number };

const latencySql: Record<HistoryResolution, string> = {
  raw: `select floor(extract(epoch from started_at) * 1000 / ?) as bucket, avg(latency_ms) as avg, min(latency_ms) as min, max(latency_ms) as max, count(*) as runs
          from runs where check_id = ? and started_at >= ? and started_at <= ? and latency_ms is not null
          group by 1 order by 1`,
  hourly: `select floor(extract(epoch from hour) * 1000 / ?) as bucket, sum(latency_sum_ms)::float8 / sum(latency_runs) as avg, min(latency_min_ms) as min, max(latency_max_ms) as max, sum(latency_runs) as runs
          from hourly_availability where check_id = ? and hour >= date_trunc('hour', ?::timestamptz at time zone 'UTC') at time zone 'UTC' and hour <= ? and latency_runs > 0
          group by 1 order by 1`,
  daily: `select floor(extract(epoch from (day || 'T00:00:00Z')::timestamptz) * 1000 / ?) as bucket, sum(latency_sum_ms)::float8 / sum(latency_runs) as avg, min(latency_min_ms) as min, max(latency_max_ms) as max, sum(latency_runs) as runs
          from daily_availability where check_id = ? and day >= to_char(?::timestamptz at time zone 'UTC', 'YYYY-MM-DD') and day <= to_char(?::timestamptz at time zone 'UTC', 'YYYY-MM-DD') and latency_runs > 0
          group by 1 order by 1`,
};

export async function latencySeries(em: EntityManager, check: UptimeCheck, from: Date, to: Date, resolution: HistoryResolution = 'raw'): Promise<LatencySeries> {
  const bucketMs = bucketAtResolution(to.getTime() - from.getTime(), resolution);
  const rows = await em.getConnection().execute<LatencyRow[]>(latencySql[resolution], [bucketMs, check.id, from, to]);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    bucket_seconds: bucketMs / 1000,
    resolution,
    points: rows.map((row) => ({
      at: new Date(Number(row.bucket) * bucketMs).toISOString(),
      avg_ms: Math.round(Number(row.avg) * 10) / 10,
      min_ms: Number(row.min),
      max_ms: Number(row.max),
      runs: Number(row.runs),
    })),
  };
}

export interface CalendarDay {
  /** UTC day, `YYYY-MM-DD`. */
  date: string;
  /**
   * Up runs over up and down runs, in percent; null when the day has no decided run.
   * @isDouble
   */
  availability_percent: number | null;
  up_runs: number;
  down_runs: number;
  unknown_runs: number;
  maintenance_runs: number;
}

export interface SlaCalendar {
  from: string;
  to: string;
  /**
   * Over the whole range, same rule as the days.
   * @isDouble
   */
  availability_percent: number | null;
  days: CalendarDay[];
}

/** Reads the daily_availability rollup the engine keeps: one row per check and day. */
export async function slaCalendar(em: EntityManager, check: UptimeCheck, from: string, to: string): Promise<SlaCalendar> {
  const rows = await em.find(DailyAvailability, { check, day: { $gte: from, $lte: to } });
  const byDay = new Map(rows.map((row) => [String(row.day).slice(0, 10), row]));
  const days = daysBetween(from, to).map((date): CalendarDay => {
    const row = byDay.get(date);
    const counts = { upRuns: row?.upRuns ?? 0, downRuns: row?.downRuns ?? 0 };
    return {
      date,
      availability_percent: availabilityPercent(counts),
      up_runs: counts.upRuns,
      down_runs: counts.downRuns,
      unknown_runs: row?.unknownRuns ?? 0,
      maintenance_runs: row?.maintenanceRuns ?? 0,
    };
  });
  const totals = days.reduce((sum, day) => ({ upRuns: sum.upRuns + day.up_runs, downRuns: sum.downRuns + day.down_runs }), { upRuns: 0, downRuns: 0 });
  return { from, to, availability_percent: availabilityPercent(totals), days };
}

export const CSV_HEADER = ['started_at', 'finished_at', 'state', 'failing_locations', 'latency_ms', 'on_demand', 'in_maintenance', 'locations'];

/** Runs of the range, oldest first, read in batches so that a long export never holds every run in memory. */
export function runsCsv(em: EntityManager, check: UptimeCheck, from: Date, to: Date): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(CSV_HEADER);
    let after: { startedAt: Date; id: number } | null = null;
    for (;;) {
      const batch: Run[] = await em.find(
        Run,
        after
          ? { check, startedAt: { $lte: to }, $or: [{ startedAt: { $gt: after.startedAt } }, { startedAt: after.startedAt, id: { $gt: after.id } }] }
          : { check, startedAt: { $gte: from, $lte: to } },
        { orderBy: { startedAt: 'asc', id: 'asc' }, limit: 500 },
      );
      for (const run of batch) {
        const locations = run.results.map((result) => `${result.location}:${result.state}`).join(' ');
        yield csvLine([run.startedAt.toISOString(), run.finishedAt.toISOString(), run.state, run.failingLocations, run.latencyMs, run.onDemand, run.inMaintenance, locations]);
      }
      if (batch.length < 500) return;
      const last = batch[batch.length - 1]!;
      after = { startedAt: last.startedAt, id: Number(last.id) };
      em.clear();
    }
  }
  return Readable.from(lines());
}

export const ROLLUP_CSV_HEADER = [
  'period_start',
  'resolution',
  'up_runs',
  'down_runs',
  'unknown_runs',
  'maintenance_runs',
  'availability_percent',
  'latency_avg_ms',
  'latency_min_ms',
  'latency_max_ms',
];

type RollupRow = { period: Date | string; up: number; down: number; unknown: number; maintenance: number; sum: string | number; runs: number; min: number | null; max: number | null };

const rollupSql: Record<Exclude<HistoryResolution, 'raw'>, string> = {
  hourly: `select hour as period, up_runs as up, down_runs as down, unknown_runs as unknown, maintenance_runs as maintenance, latency_sum_ms as sum, latency_runs as runs, latency_min_ms as min, latency_max_ms as max
             from hourly_availability where check_id = ? and hour >= date_trunc('hour', ?::timestamptz at time zone 'UTC') at time zone 'UTC' and hour <= ? order by hour`,
  daily: `select (day || 'T00:00:00Z')::timestamptz as period, up_runs as up, down_runs as down, unknown_runs as unknown, maintenance_runs as maintenance, latency_sum_ms as sum, latency_runs as runs, latency_min_ms as min, latency_max_ms as max
             from daily_availability where check_id = ? and day >= to_char(?::timestamptz at time zone 'UTC', 'YYYY-MM-DD') and day <= to_char(?::timestamptz at time zone 'UTC', 'YYYY-MM-DD') order by day`,
};

/** Beyond the runs' retention: one line per hour or day of the rollup (at most 8,784 hours in the longest export). */
export function rollupCsv(em: EntityManager, check: UptimeCheck, from: Date, to: Date, resolution: Exclude<HistoryResolution, 'raw'>): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(ROLLUP_CSV_HEADER);
    const rows = await em.getConnection().execute<RollupRow[]>(rollupSql[resolution], [check.id, from, to]);
    for (const row of rows) {
      const latencyRuns = Number(row.runs);
      yield csvLine([
        new Date(row.period).toISOString(),
        resolution,
        row.up,
        row.down,
        row.unknown,
        row.maintenance,
        availabilityPercent({ upRuns: row.up, downRuns: row.down }),
        latencyRuns > 0 ? Math.round((Number(row.sum) / latencyRuns) * 10) / 10 : null,
        row.min,
        row.max,
      ]);
    }
  }
  return Readable.from(lines());
}
