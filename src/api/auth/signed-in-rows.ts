import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from '../../store/entities/client.js';
import { User } from '../../store/entities/user.js';
import { Workspace } from '../../store/entities/workspace.js';
import { prefixedColumns, rowOf } from '../../store/entity-rows.js';
import { preparedRows } from '../../store/prepared-rows.js';

export interface SignedIn {
  user: User;
  /** The requested workspace when it is the user's client's and visible to the user; null otherwise or when none was asked. */
  workspace: Workspace | null;
}

/**
 * A request's user, client and workspace in one statement: what a cached sign-in still reads on
 * every request, so that a password change, a removed user, changed permissions or a workspace
 * no longer shared take effect on the next request. Null when the user is gone or the e-mail changed.
 */
export async function loadSignedIn(em: EntityManager, userId: number, email: string, workspaceId: number | null): Promise<SignedIn | null> {
  const workspaceJoin =
    workspaceId === null
      ? ''
      : `left join workspaces w on w.id = ? and w.client_id = u.client_id
        and (u.is_admin or exists (select 1 from workspace_shares s where s.workspace_id = w.id and s.user_id = u.id))`;
  const [row] = await preparedRows<Record<string, unknown>>(em,
    `select ${prefixedColumns(em, User, 'u')}, ${prefixedColumns(em, Client, 'c')}${workspaceId === null ? '' : `, ${prefixedColumns(em, Workspace, 'w')}`}
    from users u join clients c on c.id = u.client_id ${workspaceJoin}
    where u.id = ? and u.email = ?`,
    workspaceId === null ? [userId, email] : [workspaceId, userId, email],
  );
  if (!row) return null;
  em.map(Client, rowOf(row, 'c')!);
  const user = em.map(User, rowOf(row, 'u')!);
  const workspaceRow = rowOf(row, 'w');
  return { user, workspace: workspaceRow ? em.map(Workspace, workspaceRow) : null };
}
