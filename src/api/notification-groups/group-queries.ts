import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Domain } from '../../store/entities/domain.js';
import { NotificationGroup } from '../../store/entities/notification-group.js';
import { UptimeCheck } from '../../store/entities/uptime-check.js';
import type { Workspace } from '../../store/entities/workspace.js';
import { notFound } from '../errors.js';

export async function findGroup(em: EntityManager, workspace: Workspace, id: number): Promise<NotificationGroup> {
  const group = await em.findOne(NotificationGroup, { id, workspace }, { refresh: true });
  if (!group) throw notFound(`notification group ${id}`);
  return group;
}

export const listGroups = (em: EntityManager, workspace: Workspace, limit: number, offset: number) =>
  em.findAndCount(NotificationGroup, { workspace }, { orderBy: { name: 'asc', id: 'asc' }, limit, offset });

/** The checks and domains the group is attached to. */
export async function attachedTo(em: EntityManager, group: NotificationGroup): Promise<{ checkIds: number[]; domainIds: number[] }> {
  const checks = await em.find(UptimeCheck, { notificationGroups: group }, { fields: ['id'], orderBy: { id: 'asc' } });
  const domains = await em.find(Domain, { notificationGroups: group }, { fields: ['id'], orderBy: { id: 'asc' } });
  return { checkIds: checks.map((c) => c.id), domainIds: domains.map((d) => d.id) };
}

export async function groupNameTaken(em: EntityManager, workspace: Workspace, name: string, exceptId?: number): Promise<boolean> {
  const where: FilterQuery<NotificationGroup> = exceptId === undefined ? { workspace, name } : { workspace, name, id: { $ne: exceptId } };
  return (await em.count(NotificationGroup, where)) > 0;
}

export const groupsOfClient = (em: EntityManager, clientId: number): Promise<number> =>
  em.count(NotificationGroup, { workspace: { client: clientId } });
