import type { EntityManager } from '@mikro-orm/postgresql';
import { Client, type Plan } from '../../store/entities/client.js';
import { User, type UserPermissions } from '../../store/entities/user.js';
import { Workspace } from '../../store/entities/workspace.js';
import { prefixedColumns, rowOf } from '../../store/entity-rows.js';
import { preparedRows } from '../../store/prepared-rows.js';

/** Who is calling as plain values: what the read routes need, known without hydrating an entity. */
export interface Caller {
  userId: number;
  clientId: number;
  isAdmin: boolean;
  permissions: UserPermissions;
  /** The requested workspace when it is the user's client's and visible to the user; null otherwise or when none was asked. */
  workspaceId: number | null;
}

export interface SignedIn {
  caller: Caller;
  credentialsVersion: number;
  /** What the sign-in resolved to, as PostgreSQL writes it (see fingerprintNow); null for a sign-in that read entities instead. */
  fingerprint: string | null;
  /** False for a sign-in remembered from an earlier request and not read again: the route's statement must check it (see sign-in-check.ts). */
  confirmed: boolean;
  /** What the entitlement is resolved from. */
  plan: { plan: Plan; trialEndsAt: Date | null };
  /** The user entity, its client populated: hydrated on first use, in the request's entity manager. */
  readonly user: User;
  /** The user's client entity, hydrated on first use. */
  readonly client: Client;
  /** The workspace entity of `caller.workspaceId`, hydrated on first use. */
  readonly workspace: Workspace | null;
}

/** A sign-in whose entities are at hand already (a verification that read them). */
export const signedInOf = (user: User, workspace: Workspace | null): SignedIn => ({
  caller: { userId: user.id, clientId: user.client.id, isAdmin: user.isAdmin, permissions: user.permissions, workspaceId: workspace?.id ?? null },
  credentialsVersion: user.credentialsVersion,
  fingerprint: null,
  confirmed: true,
  plan: user.client,
  user,
  client: user.client,
  workspace,
});

/**
 * What a sign-in resolves to, as one text PostgreSQL writes: a change of any of it (password,
 * e-mail, administrator flag, permissions, client, plan, trial end, the workspace's visibility)
 * changes the text. A route's own statement carries it (see sign-in-check.ts).
 */
const fingerprint = (withWorkspace: boolean): string =>
  `json_build_array(u.credentials_version, u.is_admin, u.permissions, c.id, c.plan, c.trial_ends_at, ${withWorkspace ? 'w.id' : 'null'})::text`;

/** The user by id and e-mail, their client and, when one is requested, the workspace if it is the client's and visible to the user. */
function signedInSource(userId: number, email: string, workspaceId: number | null): { sql: string; params: unknown[] } {
  const workspaceJoin =
    workspaceId === null
      ? ''
      : `left join workspaces w on w.id = ? and w.client_id = u.client_id
        and (u.is_admin or exists (select 1 from workspace_shares s where s.workspace_id = w.id and s.user_id = u.id))`;
  return {
    sql: `from users u join clients c on c.id = u.client_id ${workspaceJoin} where u.id = ? and u.email = ?`,
    params: workspaceId === null ? [userId, email] : [workspaceId, userId, email],
  };
}

/** A scalar subquery giving the sign-in's fingerprint now (null when the user is gone or the e-mail changed). */
export function fingerprintNow(userId: number, email: string, workspaceId: number | null): { sql: string; params: unknown[] } {
  const source = signedInSource(userId, email, workspaceId);
  return { sql: `(select ${fingerprint(workspaceId !== null)} ${source.sql})`, params: source.params };
}

/**
 * A request's user, client and workspace in one statement: what a cached sign-in still reads on
 * every request (unless the route's own statement checks it, see sign-in-check.ts), so that a
 * password change, a removed user, changed permissions or a workspace no longer shared take
 * effect on the next request. Null when the user is gone or the e-mail changed. The entities are
 * hydrated only when a route asks for them: most reads need the ids, permissions and plan alone,
 * and hydrating three entities cost more than the rest of the sign-in.
 */
export async function loadSignedIn(em: EntityManager, userId: number, email: string, workspaceId: number | null): Promise<SignedIn | null> {
  const source = signedInSource(userId, email, workspaceId);
  const [row] = await preparedRows<Record<string, unknown>>(em,
    `select ${prefixedColumns(em, User, 'u')}, ${prefixedColumns(em, Client, 'c')}${workspaceId === null ? '' : `, ${prefixedColumns(em, Workspace, 'w')}`},
      ${fingerprint(workspaceId !== null)} as fingerprint
    ${source.sql}`,
    source.params,
  );
  if (!row) return null;
  let user: User | undefined;
  let client: Client | undefined;
  let workspace: Workspace | null | undefined;
  const visibleWorkspaceId = (row.w__id as number | null | undefined) ?? null;
  return {
    caller: {
      userId: row.u__id as number,
      clientId: row.c__id as number,
      isAdmin: row.u__is_admin as boolean,
      permissions: row.u__permissions as UserPermissions,
      workspaceId: visibleWorkspaceId,
    },
    credentialsVersion: row.u__credentials_version as number,
    fingerprint: row.fingerprint as string,
    confirmed: true,
    // The ORM leaves timestamps to itself: the driver hands them over as text.
    plan: { plan: row.c__plan as Plan, trialEndsAt: row.c__trial_ends_at == null ? null : new Date(row.c__trial_ends_at as string | Date) },
    get user() {
      if (!user) {
        client ??= em.map(Client, rowOf(row, 'c')!);
        user = em.map(User, rowOf(row, 'u')!);
      }
      return user;
    },
    get client() {
      client ??= em.map(Client, rowOf(row, 'c')!);
      return client;
    },
    get workspace() {
      if (workspace === undefined) workspace = visibleWorkspaceId === null ? null : em.map(Workspace, rowOf(row, 'w')!);
      return workspace;
    },
  };
}

/**
 * A sign-in read by an earlier request, as plain values, to be checked by the route's own
 * statement: its entities are not at hand (the routes that check the sign-in read none).
 */
export function rememberedSignIn(signedIn: SignedIn): SignedIn {
  const { caller, credentialsVersion, fingerprint, plan } = signedIn;
  const unavailable = (): never => {
    throw new Error('a remembered sign-in has no entities: this route must read the sign-in (see sign-in-check.ts)');
  };
  return {
    caller,
    credentialsVersion,
    fingerprint,
    confirmed: false,
    plan,
    get user() {
      return unavailable();
    },
    get client() {
      return unavailable();
    },
    get workspace() {
      return unavailable();
    },
  };
}
