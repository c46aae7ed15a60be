import type { EntityManager } from '@mikro-orm/postgresql';
import { Domain } from '../../store/entities/domain.js';
import { MaintenanceWindow } from '../../store/entities/maintenance-window.js';
import { NotificationGroup } from '../../store/entities/notification-group.js';
import { UptimeCheck } from '../../store/entities/uptime-check.js';
import { User } from '../../store/entities/user.js';
import { Workspace, WorkspaceShare } from '../../store/entities/workspace.js';
import type { Principal } from '../auth/principal.js';
import { conflict, notFound, validationError } from '../errors.js';
import { mutate, type Change } from '../mutation.js';
import type { RequestContext } from '../request-context.js';

export const WORKSPACE_NAME_MAX = 200;
export const WORKSPACE_DESCRIPTION_MAX = 1000;

export interface AdminWorkspaceView {
  id: number;
  name: string;
  description: string | null;
  /** Non-administrators the workspace is shared with. */
  shared_with_user_ids: number[];
  created_at: string;
}

export interface WorkspaceFields {
  name?: string;
  description?: string | null;
}

export async function listAdminWorkspaces(em: EntityManager, clientId: number): Promise<AdminWorkspaceView[]> {
  const workspaces = await em.find(Workspace, { client: clientId }, { orderBy: { id: 'asc' } });
  const shares = await em.find(WorkspaceShare, { workspace: { client: clientId } }, { orderBy: { user: { id: 'asc' } } });
  return workspaces.map((w) => ({
    id: w.id,
    name: w.name,
    description: w.description,
    shared_with_user_ids: shares.filter((s) => s.workspace.id === w.id).map((s) => s.user.id),
    created_at: w.createdAt.toISOString(),
  }));
}

async function findWorkspace(em: EntityManager, clientId: number, id: number): Promise<Workspace> {
  const workspace = await em.findOne(Workspace, { id, client: clientId }, { refresh: true });
  if (!workspace) throw notFound(`workspace ${id}`);
  return workspace;
}

/** Names are unique per account, so that the app's workspace switcher never shows two alike. */
async function readFields(tx: EntityManager, clientId: number, body: WorkspaceFields, requireName: boolean, exceptId?: number) {
  const fields: Record<string, string> = {};
  const name = body.name?.trim();
  if (requireName || body.name !== undefined) {
    if (!name) fields.name = `is required (1 to ${WORKSPACE_NAME_MAX} characters)`;
    else if (name.length > WORKSPACE_NAME_MAX) fields.name = `must be at most ${WORKSPACE_NAME_MAX} characters`;
  }
  const description = body.description === undefined ? undefined : body.description?.trim() || null;
  if (description && description.length > WORKSPACE_DESCRIPTION_MAX) fields.description = `must be at most ${WORKSPACE_DESCRIPTION_MAX} characters`;
  if (Object.keys(fields).length) throw validationError(fields);
  if (name && (await tx.count(Workspace, { client: clientId, name, ...(exceptId ? { id: { $ne: exceptId } } : {}) }))) {
    throw conflict(`a workspace named "${name}" already exists`);
  }
  return { name, description };
}

export async function createWorkspace(context: RequestContext, principal: Principal, body: WorkspaceFields): Promise<number> {
  return mutate(context, principal, async (tx, changes) => {
    const { name, description } = await readFields(tx, principal.client.id, body, true);
    const workspace = tx.create(Workspace, { client: principal.client.id, name: name!, description: description ?? null });
    await tx.flush();
    changes.record({ action: 'workspace.create', resourceType: 'workspace', resourceId: workspace.id, notice: null, workspaceId: workspace.id, details: { name: workspace.name } });
    return workspace.id;
  });
}

export async function updateWorkspace(context: RequestContext, principal: Principal, id: number, body: WorkspaceFields): Promise<void> {
  await mutate(context, principal, async (tx, changes) => {
    const workspace = await findWorkspace(tx, principal.client.id, id);
    const { name, description } = await readFields(tx, principal.client.id, body, false, id);
    if (name !== undefined) workspace.name = name;
    if (description !== undefined) workspace.description = description;
    changes.record({ action: 'workspace.update', resourceType: 'workspace', resourceId: id, notice: null, workspaceId: id, details: { ...body } });
  });
}

/** The change notices for every monitored resource of the workspaces, so that the engine drops them. */
export async function deletionNotices(em: EntityManager, workspaceIds: number[]): Promise<Change[]> {
  const where = { workspace: { $in: workspaceIds } };
  const [checks, domains, windows, groups] = await Promise.all([
    em.find(UptimeCheck, where, { fields: ['id', 'workspace'] }),
    em.find(Domain, where, { fields: ['id', 'workspace'] }),
    em.find(MaintenanceWindow, where, { fields: ['id', 'workspace'] }),
    em.find(NotificationGroup, where, { fields: ['id', 'workspace'] }),
  ]);
  const notice = (resourceType: 'uptime_check' | 'domain' | 'maintenance_window' | 'notification_group', row: { id: number; workspace: { id: number } }): Change => ({
    action: `${resourceType}.delete`,
    resourceType,
    resourceId: row.id,
    notice: 'deleted',
    workspaceId: row.workspace.id,
    details: { with_workspace: row.workspace.id },
  });
  return [
    ...checks.map((row) => notice('uptime_check', row)),
    ...domains.map((row) => notice('domain', row)),
    ...windows.map((row) => notice('maintenance_window', row)),
    ...groups.map((row) => notice('notification_group', row)),
  ];
}

/** Deletes the workspace with everything in it; the last workspace of an account stays. */
export async function deleteWorkspace(context: RequestContext, principal: Principal, id: number): Promise<void> {
  await mutate(context, principal, async (tx, changes) => {
    const workspace = await findWorkspace(tx, principal.client.id, id);
    if ((await tx.count(Workspace, { client: principal.client.id })) <= 1) throw conflict('the last workspace of an account cannot be deleted');
    for (const change of await deletionNotices(tx, [id])) changes.record(change);
    await tx.nativeDelete(Workspace, { id });
    changes.record({ action: 'workspace.delete', resourceType: 'workspace', resourceId: id, notice: null, workspaceId: id, details: { name: workspace.name } });
  });
}

async function usersOfClient(tx: EntityManager, clientId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = unique.length ? await tx.find(User, { id: { $in: unique }, client: clientId }) : [];
  const foreign = unique.filter((id) => !found.some((u) => u.id === id));
  if (foreign.length) throw validationError({ user_ids: `not users of this account: ${foreign.join(', ')}` });
  return unique;
}

/** Shares (or unshares) the workspace with users of the account; users who already have (or lack) the share are left alone. */
export async function setSharing(context: RequestContext, principal: Principal, id: number, userIds: number[], shared: boolean): Promise<number[]> {
  if (userIds.length === 0 || userIds.length > 500) throw validationError({ user_ids: 'must hold 1 to 500 user ids' });
  return mutate(context, principal, async (tx, changes) => {
    const workspace = await findWorkspace(tx, principal.client.id, id);
    const users = await usersOfClient(tx, principal.client.id, userIds);
    const existing = new Set((await tx.find(WorkspaceShare, { workspace, user: { $in: users } })).map((s) => s.user.id));
    const changed = users.filter((userId) => existing.has(userId) !== shared);
    if (shared) for (const userId of changed) tx.create(WorkspaceShare, { workspace, user: userId });
    else if (changed.length) await tx.nativeDelete(WorkspaceShare, { workspace, user: { $in: changed } });
    if (changed.length) {
      changes.record({ action: shared ? 'workspace.share' : 'workspace.unshare', resourceType: 'workspace', resourceId: id, notice: null, workspaceId: id, details: { user_ids: changed } });
    }
    await tx.flush();
    return (await tx.find(WorkspaceShare, { workspace }, { orderBy: { user: { id: 'asc' } } })).map((s) => s.user.id);
  });
}
