import { maintenanceState, type MaintenanceState } from '../../domain/maintenance-state.js';
import type { MaintenanceScope, MaintenanceWindow } from '../../store/entities/maintenance-window.js';

export interface MaintenanceWindowView {
  id: number;
  workspace_id: number;
  name: string;
  description: string | null;
  /** workspace: every check of the workspace; uptime_check: the one check named by uptime_check_id. */
  scope: MaintenanceScope;
  uptime_check_id: number | null;
  /** Start of the one-time range (inclusive), ISO 8601 UTC. */
  starts_at: string;
  /** End of the range (exclusive), ISO 8601 UTC. */
  ends_at: string;
  enabled: boolean;
  /** Derived from the time: scheduled, active, completed; disabled when not enabled. */
  state: MaintenanceState;
  /** False when a Kubernetes manifest owns the window. */
  can_mutate: boolean;
  created_at: string;
  updated_at: string;
}

export const windowView = (window: MaintenanceWindow, now: Date): MaintenanceWindowView => ({
  id: window.id,
  workspace_id: window.workspace.id,
  name: window.name,
  description: window.description,
  scope: window.scope,
  uptime_check_id: window.check?.id ?? null,
  starts_at: window.startsAt.toISOString(),
  ends_at: window.endsAt.toISOString(),
  enabled: window.enabled,
  state: maintenanceState(window, now),
  can_mutate: window.managedBy !== 'kubernetes',
  created_at: window.createdAt.toISOString(),
  updated_at: window.updatedAt.toISOString(),
});
