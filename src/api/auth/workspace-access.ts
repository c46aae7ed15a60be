import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../../store/entities/user.js';
import { Workspace, WorkspaceShare } from '../../store/entities/workspace.js';
import { badRequest, forbidden } from '../errors.js';

/** Administrators see every workspace of their client; other users the ones shared with them. */
export async function visibleWorkspaces(em: EntityManager, user: User): Promise<Workspace[]> {
  if (user.isAdmin) return em.find(Workspace, { client: user.client }, { orderBy: { id: 'asc' } });
  const shares = await em.find(WorkspaceShare, { user, workspace: { client: user.client } }, { populate: ['workspace'], orderBy: { workspace: { id: 'asc' } } });
  return shares.map((share) => share.workspace);
}

/** Reads X-Workspace-Id: missing or not a positive integer is 400; a workspace the user may not see (another client's too) is 403. */
export async function resolveWorkspace(em: EntityManager, user: User, header: string | undefined): Promise<Workspace> {
  if (header === undefined || header.trim() === '') throw badRequest('the X-Workspace-Id header is required');
  const value = header.trim();
  if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw badRequest('the X-Workspace-Id header must be a positive integer');
  }
  const workspace = await em.findOne(Workspace, { id: Number(value), client: user.client });
  const visible = workspace !== null && (user.isAdmin || (await em.count(WorkspaceShare, { workspace, user })) > 0);
  if (!visible) throw forbidden(`workspace ${value} is not accessible to this user`);
  return workspace;
}
