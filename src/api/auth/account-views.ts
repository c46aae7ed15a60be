import { entitlementSummary, type Entitlement, type EntitlementSummary } from '../../domain/entitlement.js';
import type { Plan } from '../../store/entities/client.js';
import type { User, UserPermissions } from '../../store/entities/user.js';
import type { Workspace } from '../../store/entities/workspace.js';

export interface UserView {
  id: number;
  email_address: string;
  /** 1 for administrators, 0 otherwise. */
  flag_is_admin: number;
  permissions: UserPermissions;
  /** The plan in effect: a trial past its end shows `expired`. */
  subscription_plan: Plan;
}

/** The legacy /authenticate answer: the user row without its password. */
export interface LegacyUserView extends UserView {
  client_id: number;
  created_at: string;
}

export interface WorkspaceView {
  id: number;
  name: string;
  description: string | null;
}

export interface Bootstrap {
  user: UserView;
  workspaces: WorkspaceView[];
  /** A suggested workspace: the first the user can see; null when none is. */
  current_workspace_id: number | null;
  entitlement: EntitlementSummary;
}

export const userView = (user: User, entitlement: Entitlement): UserView => ({
  id: user.id,
  email_address: user.email,
  flag_is_admin: user.isAdmin ? 1 : 0,
  permissions: user.permissions,
  subscription_plan: entitlement.status === 'expired' ? 'expired' : entitlement.plan,
});

export const legacyUserView = (user: User, entitlement: Entitlement): LegacyUserView => ({
  ...userView(user, entitlement),
  client_id: user.client.id,
  created_at: user.createdAt.toISOString(),
});

export const workspaceView = (workspace: Workspace): WorkspaceView => ({
  id: workspace.id,
  name: workspace.name,
  description: workspace.description,
});

export const bootstrap = (user: User, entitlement: Entitlement, workspaces: Workspace[]): Bootstrap => ({
  user: userView(user, entitlement),
  workspaces: workspaces.map(workspaceView),
  current_workspace_id: workspaces[0]?.id ?? null,
  entitlement: entitlementSummary(entitlement),
});
