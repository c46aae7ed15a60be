import type { Request } from 'express';
import type { Entitlement } from '../../domain/entitlement.js';
import type { Client } from '../../store/entities/client.js';
import type { User } from '../../store/entities/user.js';
import type { Workspace } from '../../store/entities/workspace.js';
import type { SignInCheck } from './sign-in-check.js';
import type { Caller } from './signed-in-rows.js';

/**
 * Who is calling, resolved by the authentication module: user, client, entitlement and, on
 * workspace routes, the workspace. `caller` holds them as plain values; the entities are
 * hydrated when first read, so a route that needs ids and permissions alone hydrates none.
 */
export interface Principal {
  caller: Caller;
  readonly user: User;
  readonly client: Client;
  entitlement: Entitlement;
  /** Set on routes secured with the `workspace` scope. */
  readonly workspace: Workspace | null;
  /** A sign-in remembered from an earlier request, not read again: the route's statement checks it (see sign-in-check.ts). */
  signInCheck: SignInCheck | null;
}

/** Security scopes understood by the authentication module (`@Security('basic', [...])`). */
export const SCOPES = {
  /** X-Workspace-Id required and visible to the user. */
  workspace: 'workspace',
  /** flag_is_admin required. */
  admin: 'admin',
} as const;

export function principalOf(req: Request): Principal {
  const principal = (req as Request & { user?: Principal }).user;
  if (!principal) throw new Error('no principal: the route is missing @Security');
  return principal;
}

/** The workspace id of a workspace-scoped route, without hydrating the workspace. */
export function workspaceIdOfRoute(principal: Principal): number {
  if (principal.caller.workspaceId === null) throw new Error('no workspace: the route is missing the workspace scope');
  return principal.caller.workspaceId;
}

/** The workspace of a workspace-scoped route. */
export function workspaceOf(principal: Principal): Workspace {
  if (!principal.workspace) throw new Error('no workspace: the route is missing the workspace scope');
  return principal.workspace;
}
