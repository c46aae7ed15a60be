import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationGroup } from '../../store/entities/notification-group.js';
import { Run } from '../../store/entities/run.js';
import { UptimeCheck } from '../../store/entities/uptime-check.js';
import { prefixedColumns, rowOf } from '../../store/entity-rows.js';
import { preparedRows } from '../../store/prepared-rows.js';
import { notFound } from '../errors.js';
import type { RecentAvailability } from './check-views.js';

export interface CheckDetailData {
  /** Its notification groups loaded (id and name). */
  check: UptimeCheck;
  favorite: boolean;
  latestRun: Run | null;
  availability: RecentAvailability;
}

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

/**
 * What the detail route shows, in one statement: the check, its groups, the caller's favourite
 * flag, the latest run (through runs (check_id, started_at)) and its availability over the last
 * 24 h, 7, 30 and 90 days (from the hourly rollup), hydrated as entities so that the view is the
 * one every check detail uses. Any id not of this workspace is 404 alike.
 */
export async function loadCheckDetail(em: EntityManager, workspaceId: number, userId: number, id: number, now: Date): Promise<CheckDetailData> {
  const windowParams = Object.values(windows).flatMap((days) => [windowStart(now, days), windowStart(now, days)]);
  const [row] = await preparedRows<Record<string, unknown> & { groups: Array<{ id: number; name: string }>; favorite: boolean }>(
    em,
    `select ${prefixedColumns(em, UptimeCheck, 'c')}, ${prefixedColumns(em, Run, 'r')}, w.*,
      (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name)), '[]')
        from uptime_check_notification_groups p join notification_groups g on g.id = p.notification_group_id where p.uptime_check_id = c.id) as groups,
      exists (select 1 from uptime_check_favorites f where f.check_id = c.id and f.user_id = ?) as favorite
    from uptime_checks c
    left join lateral (select * from runs where runs.check_id = c.id order by runs.started_at desc, runs.id desc limit 1) r on true
    cross join lateral (select ${windowColumns} from hourly_availability a where a.check_id = c.id and a.hour >= ?) w
    where c.id = ? and c.workspace_id = ?`,
    [userId, ...windowParams, windowStart(now, windows.last_90d), id, workspaceId],
  );
  if (!row) throw notFound(`uptime check ${id}`);
  const check = em.map(UptimeCheck, rowOf(row, 'c')!);
  check.notificationGroups.hydrate(row.groups.map((group) => em.map(NotificationGroup, group)));
  const run = rowOf(row, 'r');
  const availability = Object.fromEntries(
    (Object.keys(windows) as WindowName[]).map((name) => [name, percent(row[`counted_${name}`], row[`down_${name}`])]),
  ) as unknown as RecentAvailability;
  return { check, favorite: row.favorite, latestRun: run ? em.map(Run, run) : null, availability };
}
