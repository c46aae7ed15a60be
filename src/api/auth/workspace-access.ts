import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../../store/entities/user.js';
import { Workspace, WorkspaceShare } from '../../store/entities/workspace.js';
import { ApiError, badRequest, forbidden } from '../errors.js';

/** Administrators see every workspace of their client; other users the ones shared with them. */
export async function visibleWorkspaces(em: EntityManager, user: User): Promise<Workspace[]> {
  if (user.isAdmin) return em.find(Workspace, { client: user.client }, { orderBy: { id: 'asc' } });
  const shares = await em.find(WorkspaceShare, { user, workspace: { client: user.client } }, { populate: ['workspace'], orderBy: { workspace: { id: 'asc' } } });
  return shares.map((share) => share.workspace);
}

/** Reads X-Workspace-Id: missing or not a positive integer is 400 (returned, for the caller to throw after authentication). */
export function workspaceIdOf(header: string | undefined): number | ApiError {
  if (header === undefined || header.trim() === '') return badRequest('the X-Workspace-Id header is required');
  const value = header.trim();
  if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647) return badRequest('the X-Workspace-Id header must be a positive integer');
  return Number(value);
}

/** The workspace when it is the user's client's and (for a non-administrator) shared with them, in one statement; null otherwise. */
export const visibleWorkspace = (em: EntityManager, user: User, id: number): Promise<Workspace | null> =>
  em
    .createQueryBuilder(Workspace, 'w')
    .select('*')
    .where({ id, client: user.client })
    .andWhere('(? or exists (select 1 from workspace_shares s where s.workspace_id = w.id and s.user_id = ?))', [user.isAdmin, user.id])
    .getSingleResult();

export const inaccessibleWorkspace = (id: number): ApiError => forbidden(`workspace ${id} is not accessible to this user`);
