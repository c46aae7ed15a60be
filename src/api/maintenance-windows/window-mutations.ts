import { validateMaintenanceWindow, type MaintenanceWindowConfig } from '../../domain/maintenance-window-validation.js';
import { MaintenanceWindow } from '../../store/entities/maintenance-window.js';
import { UptimeCheck } from '../../store/entities/uptime-check.js';
import { workspaceOf, type Principal } from '../auth/principal.js';
import { conflict, validationError } from '../errors.js';
import { requireActiveEntitlement, requirePermission } from '../guards.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';
import { findWindow } from './window-queries.js';

function guard(principal: Principal): void {
  requirePermission(principal, 'manage_maintenance_windows');
  requireActiveEntitlement(principal);
}

function validated(context: RequestContext, body: Record<string, unknown>, previousEndsAt?: Date): MaintenanceWindowConfig {
  const result = validateMaintenanceWindow(body, context.deps.now(), previousEndsAt);
  if (!result.ok) throw validationError(result.fields);
  return result.config;
}

/**
 * Creates a window when the body has no `id` (answers created: true), otherwise replaces the
 * window with that id (every field as on create). The covered check must be of this workspace.
 */
export async function upsertWindow(context: RequestContext, principal: Principal, body: Record<string, unknown>): Promise<{ id: number; created: boolean }> {
  guard(principal);
  const workspace = workspaceOf(principal);
  const id = body.id;
  if (id !== undefined && id !== null && (!Number.isInteger(id) || (id as number) < 1)) throw validationError({ id: 'must be a positive integer' });
  return mutate(context, principal, async (tx, changes) => {
    const existing = id === undefined || id === null ? null : await findWindow(tx, workspace, id as number);
    if (existing?.managedBy === 'kubernetes') {
      throw conflict(`maintenance window ${existing.id} is managed by the Kubernetes manifest ${existing.kubernetesRef ?? '(unknown)'}; change it there`);
    }
    const config = validated(context, body, existing?.endsAt);
    const check = config.uptimeCheckId === null ? null : await tx.findOne(UptimeCheck, { id: config.uptimeCheckId, workspace });
    if (config.uptimeCheckId !== null && !check) throw validationError({ uptime_check_id: `not an uptime check of this workspace: ${config.uptimeCheckId}` });
    const window = existing ?? tx.create(MaintenanceWindow, { workspace: workspace.id, name: config.name, scope: config.scope, startsAt: config.startsAt, endsAt: config.endsAt });
    Object.assign(window, {
      name: config.name,
      description: config.description,
      scope: config.scope,
      check,
      startsAt: config.startsAt,
      endsAt: config.endsAt,
      enabled: config.enabled,
    });
    await tx.flush();
    const action = existing ? 'update' : 'create';
    changes.record({ action: `maintenance_window.${action}`, resourceType: 'maintenance_window', resourceId: window.id, notice: existing ? 'updated' : 'created', details: { name: window.name } });
    return { id: window.id, created: !existing };
  });
}

export async function deleteWindow(context: RequestContext, principal: Principal, id: number): Promise<void> {
  guard(principal);
  await mutate(context, principal, async (tx, changes) => {
    const window = await findWindow(tx, workspaceOf(principal), id);
    if (window.managedBy === 'kubernetes') {
      throw conflict(`maintenance window ${id} is managed by the Kubernetes manifest ${window.kubernetesRef ?? '(unknown)'}; change it there`);
    }
    await tx.nativeDelete(MaintenanceWindow, { id });
    changes.record({ action: 'maintenance_window.delete', resourceType: 'maintenance_window', resourceId: id, notice: 'deleted', details: { name: window.name } });
  });
}
