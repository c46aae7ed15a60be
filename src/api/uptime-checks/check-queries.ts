import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationGroup } from '../../store/entities/notification-group.js';
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
