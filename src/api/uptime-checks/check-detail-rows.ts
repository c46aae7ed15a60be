import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationGroup } from '../../store/entities/notification-group.js';
import { Run } from '../../store/entities/run.js';
import { UptimeCheck } from '../../store/entities/uptime-check.js';
import { prefixedColumns, rowOf } from '../../store/entity-rows.js';
import { preparedRows } from '../../store/prepared-rows.js';
import { notFound } from '../errors.js';

export interface CheckDetailData {
  /** Its notification groups loaded (id and name). */
  check: UptimeCheck;
  favorite: boolean;
  latestRun: Run | null;
}

/**
 * What the detail route shows, in one statement: the check, its groups, the caller's favourite
 * flag and the latest run (through runs (check_id, started_at)), hydrated as entities so that
 * the view is the one every check detail uses. Any id not of this workspace is 404 alike.
 */
export async function loadCheckDetail(em: EntityManager, workspaceId: number, userId: number, id: number): Promise<CheckDetailData> {
  const [row] = await preparedRows<Record<string, unknown> & { groups: Array<{ id: number; name: string }>; favorite: boolean }>(
    em,
    `select ${prefixedColumns(em, UptimeCheck, 'c')}, ${prefixedColumns(em, Run, 'r')},
      (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name)), '[]')
        from uptime_check_notification_groups p join notification_groups g on g.id = p.notification_group_id where p.uptime_check_id = c.id) as groups,
      exists (select 1 from uptime_check_favorites f where f.check_id = c.id and f.user_id = ?) as favorite
    from uptime_checks c
    left join lateral (select * from runs where runs.check_id = c.id order by runs.started_at desc, runs.id desc limit 1) r on true
    where c.id = ? and c.workspace_id = ?`,
    [userId, id, workspaceId],
  );
  if (!row) throw notFound(`uptime check ${id}`);
  const check = em.map(UptimeCheck, rowOf(row, 'c')!);
  check.notificationGroups.hydrate(row.groups.map((group) => em.map(NotificationGroup, group)));
  const run = rowOf(row, 'r');
  return { check, favorite: row.favorite, latestRun: run ? em.map(Run, run) : null };
}
