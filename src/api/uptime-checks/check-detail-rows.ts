import type { RunState } from '../../store/entities/run.js';
import { decodeLocationResults } from '../../store/location-results-codec.js';
import { preparedRows, type StatementRunner } from '../../store/prepared-rows.js';
import { notFound } from '../errors.js';
import { isoInstant } from '../sql-instant.js';
import type { SqlColumn } from '../auth/sign-in-check.js';
import { CHECK_VIEW_COLUMNS, type CheckViewer } from './check-view-sql.js';
import { locationResultView, type RecentAvailability, type RunView } from './check-views.js';

/** The windows of a check's recent availability, in days. */
const windows = { last_24h: 1, last_7d: 7, last_30d: 30, last_90d: 90 } as const;
type WindowName = keyof typeof windows;

/** Counted runs and quorum-DOWN runs per window, read from the hourly rollup since the widest window's first hour. */
const windowColumns = Object.keys(windows)
  .map((name) => `coalesce(sum(a.up_runs + a.down_runs) filter (where a.hour >= ?), 0) as counted_${name}, coalesce(sum(a.quorum_down_runs) filter (where a.hour >= ?), 0) as down_${name}`)
  .join(', ');

/** The first whole UTC hour of a window of `days` ending now (the current hour counts). */
const windowStart = (now: Date, days: number): Date => new Date(Math.floor((now.getTime() - days * 86_400_000) / 3_600_000) * 3_600_000);

const percent = (counted: unknown, down: unknown): number | null => {
  const total = Number(counted ?? 0);
  return total === 0 ? null : Math.round(((total - Number(down ?? 0)) / total) * 100_000) / 1000;
};

interface DetailRow extends Record<string, unknown> {
  /** The JSON text of the check's UptimeCheckDetail up to its groups. */
  view: string;
  run_id: string | number | null;
  run_state: RunState;
  run_started_at: string;
  run_finished_at: string;
  run_failing_locations: number;
  run_latency_ms: number | null;
  run_in_maintenance: boolean;
  run_on_demand: boolean;
  run_results: string;
  sign_in: string | null;
}

const runOf = (row: DetailRow): RunView | null =>
  row.run_id === null
    ? null
    : {
        id: Number(row.run_id),
        state: row.run_state,
        started_at: row.run_started_at,
        finished_at: row.run_finished_at,
        failing_locations: row.run_failing_locations,
        latency_ms: row.run_latency_ms,
        in_maintenance: row.run_in_maintenance,
        on_demand: row.run_on_demand,
        results: decodeLocationResults(row.run_results).map(locationResultView),
      };

/**
 * What the detail route shows, in one statement, as the JSON text of its UptimeCheckDetail: the
 * check and its groups written by PostgreSQL (see check-view-sql.ts), the latest run (through
 * runs (check_id, started_at); its compact results decoded here) and the availability over the
 * last 24 h, 7, 30 and 90 days (from the hourly rollup), and the sign-in column (see sign-in-check.ts).
 * Any id not of this workspace is 404 alike.
 */
export async function loadCheckDetail(
  statements: StatementRunner,
  workspaceId: number,
  viewer: CheckViewer,
  id: number,
  now: Date,
  signIn: SqlColumn,
): Promise<{ text: string; signIn: string | null }> {
  const windowParams = Object.values(windows).flatMap((days) => [windowStart(now, days), windowStart(now, days)]);
  const [row] = await preparedRows<DetailRow>(
    statements,
    `select (select row_to_json(v)::text from (select ${CHECK_VIEW_COLUMNS}, c.managed_by <> 'kubernetes' as can_mutate, c.kubernetes_ref,
        (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name) order by g.id), '[]')
          from uptime_check_notification_groups p join notification_groups g on g.id = p.notification_group_id where p.uptime_check_id = c.id) as groups) v) as view,
      r.id as run_id, r.state as run_state, ${isoInstant('r.started_at')} as run_started_at, ${isoInstant('r.finished_at')} as run_finished_at,
      r.failing_locations as run_failing_locations, r.latency_ms as run_latency_ms, r.in_maintenance as run_in_maintenance,
      r.on_demand as run_on_demand, r.results as run_results, w.*, ${signIn.sql} as sign_in
    from uptime_checks c
    left join lateral (select * from runs where runs.check_id = c.id order by runs.started_at desc, runs.id desc limit 1) r on true
    cross join lateral (select ${windowColumns} from hourly_availability a where a.check_id = c.id and a.hour >= ?) w
    where c.id = ? and c.workspace_id = ?`,
    [viewer.userId, viewer.blockedTypes, ...signIn.params, ...windowParams, windowStart(now, windows.last_90d), id, workspaceId],
  );
  if (!row) throw notFound(`uptime check ${id}`);
  const availability = Object.fromEntries(
    (Object.keys(windows) as WindowName[]).map((name) => [name, percent(row[`counted_${name}`], row[`down_${name}`])]),
  ) as unknown as RecentAvailability;
  return { text: `${row.view.slice(0, -1)},"latest_run":${JSON.stringify(runOf(row))},"availability":${JSON.stringify(availability)}}`, signIn: row.sign_in };
}
