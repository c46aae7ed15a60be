/** A maintenance window as the engine needs it: plain data, no entity. */
export interface MaintenanceSpan {
  id: number;
  workspaceId: number;
  /** The covered check for a check-scoped window; null for a workspace-wide one. */
  checkId: number | null;
  startsAt: number;
  endsAt: number;
  enabled: boolean;
}

/** Whether the window applies to the check at `at`: enabled, in range (end exclusive), in scope. */
export function windowCovers(window: MaintenanceSpan, workspaceId: number, checkId: number, at: number): boolean {
  if (!window.enabled || at < window.startsAt || at >= window.endsAt) return false;
  return window.checkId === null ? window.workspaceId === workspaceId : window.checkId === checkId;
}

export const inMaintenance = (windows: readonly MaintenanceSpan[], workspaceId: number, checkId: number, at: number): boolean =>
  windows.some((window) => windowCovers(window, workspaceId, checkId, at));
