import { validateMaintenanceWindow, type MaintenanceWindowConfig } from '../../domain/maintenance-window-validation.js';
import { API, type Owner } from '../../services/rules.js';
import { deleteWindowRow, saveWindowRow } from '../../services/maintenance-window-service.js';
import { workspaceOf, type Principal } from '../auth/principal.js';
import { validationError } from '../errors.js';
import { requireActiveEntitlement, requirePermission } from '../guards.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';

function guard(principal: Principal): void {
  requirePermission(principal, 'manage_maintenance_windows');
  requireActiveEntitlement(principal);
}

function validated(context: RequestContext, body: Record<string, unknown>, previousEndsAt?: Date): MaintenanceWindowConfig {
  const result = validateMaintenanceWindow(body, context.deps.now(), previousEndsAt);
  if (!result.ok) throw validationError(result.fields);
  return result.config;
}

const ownerOf = (principal: Principal): Owner => ({ workspaceId: workspaceOf(principal).id, clientId: principal.client.id, entitlement: principal.entitlement });

/**
 * Creates a window when the body has no `id` (answers created: true), otherwise replaces the
 * window with that id (every field as on create).
 */
export async function upsertWindow(context: RequestContext, principal: Principal, body: Record<string, unknown>): Promise<{ id: number; created: boolean }> {
  guard(principal);
  const id = body.id;
  if (id !== undefined && id !== null && (!Number.isInteger(id) || (id as number) < 1)) throw validationError({ id: 'must be a positive integer' });
  return mutate(context, principal, async (tx, changes) => {
    const saved = await saveWindowRow({ tx, changes }, ownerOf(principal), (id as number | null | undefined) ?? null, (existing) => validated(context, body, existing?.endsAt), API);
    return { id: saved.window.id, created: saved.created };
  });
}

export async function deleteWindow(context: RequestContext, principal: Principal, id: number): Promise<void> {
  guard(principal);
  await mutate(context, principal, (tx, changes) => deleteWindowRow({ tx, changes }, workspaceOf(principal).id, id, API));
}
