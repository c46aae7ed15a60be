import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { validateNotificationGroup, type NotificationGroupConfig } from '../../domain/notification-group-validation.js';
import { NotificationGroup } from '../../store/entities/notification-group.js';
import { workspaceOf, type Principal } from '../auth/principal.js';
import { conflict, validationError } from '../errors.js';
import { requireActiveEntitlement, requirePermission, requireWithinLimit } from '../guards.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';
import { findGroup, groupNameTaken, groupsOfClient } from './group-queries.js';
import { groupConfig } from './group-views.js';

function guard(principal: Principal): void {
  requirePermission(principal, 'manage_notification_groups');
  requireActiveEntitlement(principal);
}

const duplicate = (name: string) => conflict(`a notification group named "${name}" already exists in this workspace`);

function validated(context: RequestContext, body: Record<string, unknown>, current?: NotificationGroupConfig): NotificationGroupConfig {
  const result = validateNotificationGroup(body, {
    allowPrivateTargets: context.deps.settings.VANTAGE_ALLOW_PRIVATE_TARGETS === '1',
    ...(current ? { current } : {}),
  });
  if (!result.ok) throw validationError(result.fields);
  return result.config;
}

async function save(tx: EntityManager, principal: Principal, group: NotificationGroup, config: NotificationGroupConfig): Promise<void> {
  if (config.name !== group.name && (await groupNameTaken(tx, workspaceOf(principal), config.name, group.id))) throw duplicate(config.name);
  Object.assign(group, config);
  try {
    await tx.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw duplicate(config.name);
    throw error;
  }
}

/** A new group gets its own webhook signing secret: 32 random bytes, hex. */
export async function createGroup(context: RequestContext, principal: Principal, body: Record<string, unknown>): Promise<number> {
  guard(principal);
  const config = validated(context, body);
  return mutate(context, principal, async (tx, changes) => {
    requireWithinLimit(principal, 'notificationGroups', await groupsOfClient(tx, principal.client.id));
    if (await groupNameTaken(tx, workspaceOf(principal), config.name)) throw duplicate(config.name);
    const group = tx.create(NotificationGroup, { workspace: workspaceOf(principal).id, name: config.name, webhookSecret: randomBytes(32).toString('hex') });
    await save(tx, principal, group, config);
    changes.record({ action: 'notification_group.create', resourceType: 'notification_group', resourceId: group.id, notice: 'created', details: { name: group.name } });
    return group.id;
  });
}

/** Absent fields keep their value; the result must still have a channel. */
export async function updateGroup(context: RequestContext, principal: Principal, id: number, body: Record<string, unknown>): Promise<void> {
  guard(principal);
  await mutate(context, principal, async (tx, changes) => {
    const group = await findGroup(tx, workspaceOf(principal), id);
    await save(tx, principal, group, validated(context, body, groupConfig(group)));
    changes.record({ action: 'notification_group.update', resourceType: 'notification_group', resourceId: id, notice: 'updated' });
  });
}

/** Deleting a group detaches it from every check and domain (the join rows go with it). */
export async function deleteGroup(context: RequestContext, principal: Principal, id: number): Promise<void> {
  guard(principal);
  await mutate(context, principal, async (tx, changes) => {
    const group = await findGroup(tx, workspaceOf(principal), id);
    await tx.nativeDelete(NotificationGroup, { id });
    changes.record({ action: 'notification_group.delete', resourceType: 'notification_group', resourceId: id, notice: 'deleted', details: { name: group.name } });
  });
}
