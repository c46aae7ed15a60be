import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Run } from '../../store/entities/run.js';
import { UptimeCheck, UptimeCheckFavorite } from '../../store/entities/uptime-check.js';
import type { User } from '../../store/entities/user.js';
import { Workspace } from '../../store/entities/workspace.js';
import { notFound } from '../errors.js';

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
