import type { EntityManager } from '@mikro-orm/postgresql';
import { UptimeCheck } from '../../store/entities/uptime-check.js';
import { Workspace } from '../../store/entities/workspace.js';
import { notFound } from '../errors.js';

/** A check of this workspace by id: any other id (another workspace's, another client's, none) is 404 alike. */
export async function findCheck(em: EntityManager, workspace: Workspace, id: number): Promise<UptimeCheck> {
  const check = await em.findOne(UptimeCheck, { id, workspace }, { populate: ['notificationGroups'] });
  if (!check) throw notFound(`uptime check ${id}`);
  return check;
}

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
