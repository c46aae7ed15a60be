import type { Request } from 'express';
import type { Entitlement } from '../../domain/entitlement.js';
import type { Client } from '../../store/entities/client.js';
import type { User } from '../../store/entities/user.js';
import type { Workspace } from '../../store/entities/workspace.js';

/** Who is calling, resolved by the authentication module: user, client, entitlement and, on workspace routes, the workspace. */
export interface Principal {
  user: User;
  client: Client;
  entitlement: Entitlement;
  /** Set on routes secured with the `workspace` scope. */
  workspace: Workspace | null;
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

/** The workspace of a workspace-scoped route. */
export function workspaceOf(principal: Principal): Workspace {
  if (!principal.workspace) throw new Error('no workspace: the route is missing the workspace scope');
  return principal.workspace;
}
