import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isEmailAddress } from '../../domain/email-address.js';
import { hashPassword } from '../../domain/password-hash.js';
import { memberPermissions, PERMISSION_KEYS } from '../../domain/permissions.js';
import { User, type UserPermissions } from '../../store/entities/user.js';
import { Workspace, WorkspaceShare } from '../../store/entities/workspace.js';
import { passwordProblem } from '../../domain/password-rule.js';
import type { Principal } from '../auth/principal.js';
import { conflict, notFound, validationError } from '../errors.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';

export interface TeamUserView {
  id: number;
  email_address: string;
  flag_is_admin: number;
  permissions: UserPermissions;
  /** Workspaces shared with the user; administrators see every workspace regardless. */
  workspace_ids: number[];
  created_at: string;
}

export interface TeamUserChanges {
  permissions?: Partial<UserPermissions>;
  is_admin?: boolean;
  /** Replaces the user's workspace shares. */
  workspace_ids?: number[];
}

export interface NewTeamUser extends TeamUserChanges {
  email_address: string;
  password: string;
}

async function sharesOf(em: EntityManager, userIds: number[]): Promise<Map<number, number[]>> {
  const shares = userIds.length ? await em.find(WorkspaceShare, { user: { $in: userIds } }, { orderBy: { workspace: { id: 'asc' } } }) : [];
  const byUser = new Map<number, number[]>();
  for (const share of shares) byUser.set(share.user.id, [...(byUser.get(share.user.id) ?? []), share.workspace.id]);
  return byUser;
}

export async function listTeamUsers(em: EntityManager, clientId: number): Promise<TeamUserView[]> {
  const users = await em.find(User, { client: clientId }, { orderBy: { id: 'asc' } });
  const shares = await sharesOf(em, users.map((u) => u.id));
  return users.map((user) => ({
    id: user.id,
    email_address: user.email,
    flag_is_admin: user.isAdmin ? 1 : 0,
    permissions: user.permissions,
    workspace_ids: shares.get(user.id) ?? [],
    created_at: user.createdAt.toISOString(),
  }));
}

export async function findTeamUser(em: EntityManager, clientId: number, id: number): Promise<User> {
  const user = await em.findOne(User, { id, client: clientId }, { refresh: true });
  if (!user) throw notFound(`user ${id}`);
  return user;
}

/** Flags not named keep their value (on create: a member's defaults, no billing). */
function mergedPermissions(base: UserPermissions, given: Partial<UserPermissions> | undefined): UserPermissions {
  const merged = { ...base };
  for (const key of PERMISSION_KEYS) if (given?.[key] !== undefined) merged[key] = given[key]!;
  return merged;
}

async function workspacesOfClient(tx: EntityManager, clientId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = unique.length ? await tx.find(Workspace, { id: { $in: unique }, client: clientId }) : [];
  const foreign = unique.filter((id) => !found.some((w) => w.id === id));
  if (foreign.length) throw validationError({ workspace_ids: `not workspaces of this account: ${foreign.join(', ')}` });
  return unique;
}

async function replaceShares(tx: EntityManager, user: User, workspaceIds: number[]): Promise<void> {
  await tx.nativeDelete(WorkspaceShare, { user, workspace: { $nin: workspaceIds } });
  const existing = new Set((await tx.find(WorkspaceShare, { user })).map((s) => s.workspace.id));
  for (const id of workspaceIds) if (!existing.has(id)) tx.create(WorkspaceShare, { user, workspace: id });
}

export async function createTeamUser(context: RequestContext, principal: Principal, input: NewTeamUser): Promise<number> {
  const email = input.email_address.trim().toLowerCase();
  const fields: Record<string, string> = {};
  if (!isEmailAddress(email)) fields.email_address = 'must be an e-mail address';
  const problem = passwordProblem(input.password);
  if (problem) fields.password = problem;
  if (Object.keys(fields).length) throw validationError(fields);
  const passwordHash = await hashPassword(input.password);
  const taken = () => conflict(`a user with e-mail ${email} already exists`);
  return mutate(context, principal, async (tx, changes) => {
    if (await tx.count(User, { email })) throw taken();
    const workspaceIds = await workspacesOfClient(tx, principal.client.id, input.workspace_ids ?? []);
    const user = tx.create(User, {
      client: principal.client.id,
      email,
      passwordHash,
      isAdmin: input.is_admin ?? false,
      permissions: mergedPermissions(memberPermissions(), input.permissions),
    });
    for (const id of workspaceIds) tx.create(WorkspaceShare, { user, workspace: id });
    try {
      await tx.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw taken();
      throw error;
    }
    changes.record({ action: 'user.create', resourceType: 'user', resourceId: user.id, notice: null, workspaceId: null, details: { email_address: email, is_admin: user.isAdmin } });
    return user.id;
  });
}

/** An administrator cannot take their own administrator flag away: the account could be left without one. */
export async function updateTeamUser(context: RequestContext, principal: Principal, id: number, input: TeamUserChanges): Promise<void> {
  await mutate(context, principal, async (tx, changes) => {
    const user = await findTeamUser(tx, principal.client.id, id);
    if (id === principal.user.id && input.is_admin === false) throw conflict('you cannot remove your own administrator flag');
    if (input.permissions) user.permissions = mergedPermissions(user.permissions, input.permissions);
    if (input.is_admin !== undefined) user.isAdmin = input.is_admin;
    if (input.workspace_ids) await replaceShares(tx, user, await workspacesOfClient(tx, principal.client.id, input.workspace_ids));
    changes.record({ action: 'user.update', resourceType: 'user', resourceId: id, notice: null, workspaceId: null, details: { ...input } });
  });
}

export async function deleteTeamUser(context: RequestContext, principal: Principal, id: number): Promise<void> {
  if (id === principal.user.id) throw conflict('you cannot remove yourself');
  await mutate(context, principal, async (tx, changes) => {
    const user = await findTeamUser(tx, principal.client.id, id);
    await tx.nativeDelete(User, { id });
    changes.record({ action: 'user.delete', resourceType: 'user', resourceId: id, notice: null, workspaceId: null, details: { email_address: user.email } });
  });
}
