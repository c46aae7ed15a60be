import { ReferenceKind, type EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from '../../store/entities/client.js';
import { User } from '../../store/entities/user.js';
import { Workspace } from '../../store/entities/workspace.js';
import { preparedRows } from '../../store/prepared-rows.js';

export interface SignedIn {
  user: User;
  /** The requested workspace when it is the user's client's and visible to the user; null otherwise or when none was asked. */
  workspace: Workspace | null;
}

/** The columns of an entity's table, each selected as `<alias>__<column>` so that three tables fit in one row. */
const columnLists = new Map<string, string>();
function columnsOf(em: EntityManager, entity: EntityName<object>, alias: string): string {
  const meta = em.getMetadata().get(entity);
  const key = `${meta.className} ${alias}`;
  let list = columnLists.get(key);
  if (!list) {
    const columns = meta.props.filter((prop) => prop.persist !== false && (prop.kind === ReferenceKind.SCALAR || prop.kind === ReferenceKind.MANY_TO_ONE)).flatMap((prop) => prop.fieldNames);
    list = columns.map((column) => `${alias}.${column} as ${alias}__${column}`).join(', ');
    columnLists.set(key, list);
  }
  return list;
}

const part = (row: Record<string, unknown>, alias: string): Record<string, unknown> => {
  const prefix = `${alias}__`;
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (key.startsWith(prefix)) data[key.slice(prefix.length)] = value;
  return data;
};

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
    `select ${columnsOf(em, User, 'u')}, ${columnsOf(em, Client, 'c')}${workspaceId === null ? '' : `, ${columnsOf(em, Workspace, 'w')}`}
    from users u join clients c on c.id = u.client_id ${workspaceJoin}
    where u.id = ? and u.email = ?`,
    workspaceId === null ? [userId, email] : [workspaceId, userId, email],
  );
  if (!row) return null;
  em.map(Client, part(row, 'c'));
  const user = em.map(User, part(row, 'u'));
  const workspaceRow = workspaceId === null ? null : part(row, 'w');
  return { user, workspace: workspaceRow && workspaceRow.id !== null ? em.map(Workspace, workspaceRow) : null };
}
