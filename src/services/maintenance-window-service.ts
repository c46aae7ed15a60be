import type { EntityManager } from '@mikro-orm/postgresql';
import type { MaintenanceWindowConfig } from '../domain/maintenance-window-validation.js';
import { MaintenanceWindow } from '../store/entities/maintenance-window.js';
import { UptimeCheck } from '../store/entities/uptime-check.js';
import { enqueueWindowScheduled } from '../status-pages/subscriptions/maintenance-notices.js';
import type { ChangeUnit } from './change-log.js';
import { invalid, missing } from './refusal.js';
import { detailsFor, markOrigin, refuseInactive, refuseManaged, type Origin, type Owner } from './rules.js';

export async function findWindowRow(tx: EntityManager, workspaceId: number, id: number): Promise<MaintenanceWindow> {
  const window = await tx.findOne(MaintenanceWindow, { id, workspace: workspaceId }, { refresh: true });
  if (!window) throw missing(`maintenance window ${id}`);
  return window;
}

/**
 * Creates a window (no id) or replaces the window with that id. `read` validates the fields
 * against the stored window (an ended window's end may stay in the past). The covered check must
 * be of this workspace.
 */
export async function saveWindowRow(
  { tx, changes }: ChangeUnit,
  owner: Owner,
  id: number | null,
  read: (existing: MaintenanceWindow | null) => MaintenanceWindowConfig,
  origin: Origin,
): Promise<{ window: MaintenanceWindow; created: boolean }> {
  const existing = id === null ? null : await findWindowRow(tx, owner.workspaceId, id);
  if (existing) refuseManaged(origin, existing, 'maintenance window');
  refuseInactive(owner.entitlement);
  const config = read(existing);
  const check = config.uptimeCheckId === null ? null : await tx.findOne(UptimeCheck, { id: config.uptimeCheckId, workspace: owner.workspaceId });
  if (config.uptimeCheckId !== null && !check) throw invalid({ uptime_check_id: `not an uptime check of this workspace: ${config.uptimeCheckId}` });
  const before = existing ? { enabled: existing.enabled, startsAt: existing.startsAt } : null;
  const window = existing ?? tx.create(MaintenanceWindow, { workspace: owner.workspaceId, name: config.name, scope: config.scope, startsAt: config.startsAt, endsAt: config.endsAt });
  Object.assign(window, {
    name: config.name,
    description: config.description,
    scope: config.scope,
    check,
    startsAt: config.startsAt,
    endsAt: config.endsAt,
    enabled: config.enabled,
  });
  markOrigin(window, origin);
  await tx.flush();
  await enqueueWindowScheduled(tx, window, before, new Date());
  changes.record({
    action: `maintenance_window.${existing ? 'update' : 'create'}`,
    resourceType: 'maintenance_window',
    resourceId: window.id,
    notice: existing ? 'updated' : 'created',
    details: detailsFor(origin, { name: window.name }),
  });
  return { window, created: !existing };
}

/** Deletions judge no plan: a manifest that is gone takes its row with it; the API guards its own deletes. */
export async function deleteWindowRow({ tx, changes }: ChangeUnit, workspaceId: number, id: number, origin: Origin): Promise<void> {
  const window = await findWindowRow(tx, workspaceId, id);
  refuseManaged(origin, window, 'maintenance window');
  await tx.nativeDelete(MaintenanceWindow, { id });
  changes.record({ action: 'maintenance_window.delete', resourceType: 'maintenance_window', resourceId: id, notice: 'deleted', details: detailsFor(origin, { name: window.name }) });
}
