import type { EntityManager } from '@mikro-orm/postgresql';
import { csvLine } from '../../domain/check-history.js';
import { SLA_POLICY, slaFigures, type RunCounts, type SlaFigures, type SlaRange } from '../../domain/sla-report.js';
import { Incident } from '../../store/entities/incident.js';
import type { UptimeCheck } from '../../store/entities/uptime-check.js';

export interface CheckSla extends SlaFigures {
  check_id: number;
  check_name: string;
}

export interface SlaReport extends SlaFigures {
  /** day, week, month, quarter or custom. */
  period: string;
  /** The IANA time zone the days are counted in. */
  time_zone: string;
  /** First and last local day of the report, YYYY-MM-DD. */
  first_day: string;
  last_day: string;
  /** The range as instants, ISO 8601 (`to` exclusive). */
  from: string;
  to: string;
  /**
   * `hourly`: counted from the hourly rollup (whole UTC hours, so in a zone whose offset is not a
   * whole number of hours the range's ends are rounded to the hour); `daily`: from the daily
   * rollup (UTC days), for ranges older than the hourly rollup's retention.
   */
  resolution: 'hourly' | 'daily';
  /** How the figures are counted. */
  policy: string[];
  /** Figures per check; the top-level figures are over all of them together. */
  checks: CheckSla[];
}

/** The rollup sums of one check (and, where grouped so, one day), as the database answers them. */
export type CountsRow = {
  check_id: number;
  up: string | number;
  down: string | number;
  unknown: string | number;
  maintenance: string | number;
  quorum_down: string | number;
  partial: string | number;
  downtime: string | number;
};

/** The select list that sums a rollup's counts into a CountsRow. */
export const ROLLUP_SUMS = `sum(up_runs) as up, sum(down_runs) as down, sum(unknown_runs) as unknown, sum(maintenance_runs) as maintenance,
  sum(quorum_down_runs) as quorum_down, sum(partial_runs) as partial, sum(downtime_seconds) as downtime`;

async function countsByCheck(em: EntityManager, checkIds: number[], range: SlaRange, resolution: SlaReport['resolution']): Promise<Map<number, RunCounts>> {
  const placeholders = checkIds.map(() => '?').join(', ');
  const from = new Date(range.fromMs);
  const to = new Date(range.toMs);
  const rows =
    resolution === 'hourly'
      ? await em.getConnection().execute<CountsRow[]>(`select check_id, ${ROLLUP_SUMS} from hourly_availability where check_id in (${placeholders}) and hour >= ? and hour < ? group by check_id`, [...checkIds, from, to])
      : await em
          .getConnection()
          .execute<CountsRow[]>(`select check_id, ${ROLLUP_SUMS} from daily_availability where check_id in (${placeholders}) and day >= ? and day < ? group by check_id`, [
            ...checkIds,
            from.toISOString().slice(0, 10),
            to.toISOString().slice(0, 10),
          ]);
  return new Map(rows.map((row) => [Number(row.check_id), runCountsOf(row)]));
}

export const runCountsOf = (row: CountsRow): RunCounts => ({
  upRuns: Number(row.up),
  downRuns: Number(row.down),
  unknownRuns: Number(row.unknown),
  maintenanceRuns: Number(row.maintenance),
  quorumDownRuns: Number(row.quorum_down),
  partialRuns: Number(row.partial),
  downtimeSeconds: Number(row.downtime),
});

const DAY_MS = 86_400_000;

/** The report of one check or a set of checks over a range; the hourly rollup when it still covers the range, else the daily. */
export async function slaReport(em: EntityManager, checks: UptimeCheck[], range: SlaRange, nowMs: number, hourlyRetentionDays: number): Promise<SlaReport> {
  const resolution = range.fromMs >= nowMs - hourlyRetentionDays * DAY_MS ? 'hourly' : 'daily';
  const ids = checks.map((check) => check.id);
  const counts = ids.length === 0 ? new Map<number, RunCounts>() : await countsByCheck(em, ids, range, resolution);
  // Every incident that overlaps the range: opened before its end, not resolved before its start.
  const incidents =
    ids.length === 0
      ? []
      : await em.find(Incident, { check: { $in: ids }, openedAt: { $lt: new Date(range.toMs) }, $or: [{ resolvedAt: null }, { resolvedAt: { $gt: new Date(range.fromMs) } }] });
  const times = (checkId?: number) =>
    incidents
      .filter((incident) => checkId === undefined || incident.check.id === checkId)
      .map((incident) => ({ openedAt: incident.openedAt.getTime(), acknowledgedAt: incident.acknowledgedAt?.getTime() ?? null, resolvedAt: incident.resolvedAt?.getTime() ?? null }));
  const perCheck = checks.map((check): CheckSla => ({ check_id: check.id, check_name: check.name, ...slaFigures(counts.has(check.id) ? [counts.get(check.id)!] : [], times(check.id), range, nowMs) }));
  return {
    period: range.period,
    time_zone: range.timeZone,
    first_day: range.firstDay,
    last_day: range.lastDay,
    from: new Date(range.fromMs).toISOString(),
    to: new Date(range.toMs).toISOString(),
    resolution,
    policy: [...SLA_POLICY],
    ...slaFigures([...counts.values()], times(), range, nowMs),
    checks: perCheck,
  };
}

export const SLA_CSV_HEADER = [
  'check_id',
  'check_name',
  'first_day',
  'last_day',
  'time_zone',
  'availability_percent',
  'downtime_minutes',
  'runs',
  'up_runs',
  'down_runs',
  'downtime_runs',
  'down_below_quorum_runs',
  'unknown_runs',
  'partial_failure_runs',
  'maintenance_runs',
  'incidents',
  'mtta_seconds',
  'mttr_seconds',
  'longest_outage_seconds',
];

const figuresCells = (figures: SlaFigures) => [
  figures.availability_percent,
  figures.downtime_minutes,
  figures.runs.total,
  figures.runs.up_runs,
  figures.runs.down_runs,
  figures.runs.downtime_runs,
  figures.runs.down_below_quorum_runs,
  figures.runs.unknown_runs,
  figures.runs.partial_failure_runs,
  figures.runs.maintenance_runs,
  figures.incidents.opened,
  figures.incidents.mtta_seconds,
  figures.incidents.mttr_seconds,
  figures.incidents.longest_outage_seconds,
];

/** One line per check, then (for a set) a line `all` over them together. */
export function slaReportCsv(report: SlaReport): string {
  const lines = [csvLine(SLA_CSV_HEADER)];
  for (const check of report.checks) lines.push(csvLine([check.check_id, check.check_name, report.first_day, report.last_day, report.time_zone, ...figuresCells(check)]));
  if (report.checks.length > 1) lines.push(csvLine(['all', '', report.first_day, report.last_day, report.time_zone, ...figuresCells(report)]));
  return lines.join('');
}
