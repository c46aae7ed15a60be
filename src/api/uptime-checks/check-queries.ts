import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationGroup } from '../../store/entities/notification-group.js';
import { Run } from '../../store/entities/run.js';
import { UptimeCheck, UptimeCheckFavorite } from '../../store/entities/uptime-check.js';
import type { User } from '../../store/entities/user.js';
import { Workspace } from '../../store/entities/workspace.js';
import { notFound } from '../errors.js';
import type { RecentAvailability } from './check-views.js';

/** A check of this workspace by id: any other id (another workspace's, another client's, none) is 404 alike. */
export async function findCheck(em: EntityManager, workspace: Workspace, id: number): Promise<UptimeCheck> {
  const check = await em.findOne(UptimeCheck, { id, workspace }, { populate: ['notificationGroups'] });
  if (!check) throw notFound(`uptime check ${id}`);
  return check;
}

export async function favoriteIds(em: EntityManager, user: User, checkIds?: number[]): Promise<Set<number>> {
  const where: FilterQuery<UptimeCheckFavorite> = checkIds ? { user, check: { $in: checkIds } } : { user };
  const rows = await em.find(UptimeCheckFavorite, where, { fields: ['check'] });
  return new Set(rows.map((row) => row.check.id));
}

export const latestRun = (em: EntityManager, check: UptimeCheck): Promise<Run | null> =>
  em.findOne(Run, { check }, { orderBy: { startedAt: 'desc', id: 'desc' } });

export const STATUS_FILTERS = ['all', 'up', 'down', 'unknown', 'paused'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface CheckListFilters {
  status: StatusFilter;
  search: string | undefined;
  paused: boolean | undefined;
  /** Only the caller's favorites (true) or only the others (false). */
  favorite: boolean | undefined;
  limit: number;
  offset: number;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `unknown` includes checks that have not run yet (`pending`): their state is not known either. */
function statusCondition(status: StatusFilter): FilterQuery<UptimeCheck> {
  switch (status) {
    case 'all':
      return {};
    case 'paused':
      return { paused: true };
    case 'unknown':
      return { paused: false, state: { $in: ['unknown', 'pending'] } };
    default:
      return { paused: false, state: status };
  }
}

export async function listChecks(em: EntityManager, workspace: Workspace, user: User, filters: CheckListFilters) {
  const conditions: FilterQuery<UptimeCheck>[] = [{ workspace }, statusCondition(filters.status)];
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    conditions.push({ $or: [{ name: { $ilike: pattern } }, { hostname: { $ilike: pattern } }] });
  }
  if (filters.paused !== undefined) conditions.push({ paused: filters.paused });
  if (filters.favorite !== undefined) {
    const favorites = [...(await favoriteIds(em, user))];
    conditions.push(filters.favorite ? { id: { $in: favorites } } : { id: { $nin: favorites } });
  }
  const [checks, total] = await em.findAndCount(
    UptimeCheck,
    { $and: conditions },
    { populate: ['notificationGroups'], orderBy: { name: 'asc', id: 'asc' }, limit: filters.limit, offset: filters.offset },
  );
  return { checks, total };
}

export async function nameTaken(em: EntityManager, workspace: Workspace, name: string, exceptId?: number): Promise<boolean> {
  const where: FilterQuery<UptimeCheck> = exceptId === undefined ? { workspace, name } : { workspace, name, id: { $ne: exceptId } };
  return (await em.count(UptimeCheck, where)) > 0;
}

/** How many checks the client has across its workspaces: plan limits count per client. */
export const checksOfClient = (em: EntityManager, clientId: number): Promise<number> =>
  em.count(UptimeCheck, { workspace: { client: clientId } });

/** The groups named by id, when every one belongs to the workspace; otherwise the ids that do not. */
export async function groupsOfWorkspace(
  em: EntityManager,
  workspace: Workspace,
  ids: readonly number[],
): Promise<{ groups: NotificationGroup[]; foreign: number[] }> {
  const groups = ids.length ? await em.find(NotificationGroup, { id: { $in: [...ids] }, workspace }) : [];
  const found = new Set(groups.map((group) => group.id));
  return { groups, foreign: ids.filter((id) => !found.has(id)) };
}

type WindowRow = { counted_24h: string | number; down_24h: string | number; counted_7d: string | number; down_7d: string | number; counted_30d: string | number; down_30d: string | number; counted_90d: string | number; down_90d: string | number };

const windows = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 } as const;

/** The check's availability over the last 24 h, 7, 30 and 90 days from the hourly rollup, in one read. */
export async function recentAvailability(em: EntityManager, check: UptimeCheck, now: Date): Promise<RecentAvailability> {
  const since = (days: number) => new Date(Math.floor((now.getTime() - days * 86_400_000) / 3_600_000) * 3_600_000);
  const columns = Object.entries(windows).map(
    ([name]) => `coalesce(sum(up_runs + down_runs) filter (where hour >= ?), 0) as counted_${name}, coalesce(sum(quorum_down_runs) filter (where hour >= ?), 0) as down_${name}`,
  );
  const params = Object.values(windows).flatMap((days) => [since(days), since(days)]);
  const [row] = await em.getConnection().execute<WindowRow[]>(`select ${columns.join(', ')} from hourly_availability where check_id = ? and hour >= ?`, [...params, check.id, since(90)]);
  const percent = (counted: string | number | undefined, down: string | number | undefined): number | null => {
    const total = Number(counted ?? 0);
    return total === 0 ? null : Math.round(((total - Number(down ?? 0)) / total) * 100_000) / 1000;
  };
  return {
    last_24h: percent(row?.counted_24h, row?.down_24h),
    last_7d: percent(row?.counted_7d, row?.down_7d),
    last_30d: percent(row?.counted_30d, row?.down_30d),
    last_90d: percent(row?.counted_90d, row?.down_90d),
  };
}
