import { maintenanceState } from '../../../../src/domain/maintenance-state.js';
import { validateMaintenanceWindow, type MaintenanceWindowConfig } from '../../../../src/domain/maintenance-window-validation.js';
import { deleteWindowRow, saveWindowRow } from '../../../../src/services/maintenance-window-service.js';
import { MaintenanceWindow } from '../../../../src/store/entities/maintenance-window.js';
import { maintenanceWindowResource } from './resource.js';
import { uptimeCheckKind } from '../uptime-check/kind.js';
import { compact, isoSeconds, specField, type MirrorContext, type MirroredKind } from '../mirrored-kind.js';

/**
 * The spec of a window's values, whether they come from its row or from a spec just read: one
 * spelling, compared as plain values. Null while the check it covers has no resource to name.
 */
function specOfValues(values: MaintenanceWindowConfig, context: MirrorContext): Record<string, unknown> | null {
  const checkName = values.uptimeCheckId === null ? null : context.resourceNameOfRow(uptimeCheckKind, values.uptimeCheckId);
  if (values.uptimeCheckId !== null && checkName === null) return null;
  return compact({
    name: values.name,
    description: values.description,
    scope: values.scope,
    uptimeCheck: checkName,
    startsAt: isoSeconds(values.startsAt),
    endsAt: isoSeconds(values.endsAt),
    enabled: values.enabled,
  });
}

export const maintenanceWindowKind: MirroredKind<MaintenanceWindow, MaintenanceWindowConfig> = {
  resource: maintenanceWindowResource,
  kind: maintenanceWindowResource.kind,
  plural: maintenanceWindowResource.plural,
  drivesAgents: false,
  notice: 'maintenance_window',
  entity: MaintenanceWindow,

  references: [{ kind: uptimeCheckKind, namesIn: (spec) => (typeof spec.uptimeCheck === 'string' ? [spec.uptimeCheck] : []) }],
  findRows: (em, where) => em.find(MaintenanceWindow, where, { orderBy: { id: 'asc' } }),

  read(spec, resourceName, context, existing) {
    const problems: Record<string, string> = {};
    let checkId: number | null = null;
    let pending = false;
    if (typeof spec.uptimeCheck === 'string') {
      checkId = context.rowIdOfResource(uptimeCheckKind, spec.uptimeCheck);
      pending = checkId === null;
      if (pending) problems.uptimeCheck = `no synced UptimeCheck named "${spec.uptimeCheck}" in this namespace`;
    }
    const result = validateMaintenanceWindow(
      {
        name: spec.name ?? resourceName,
        description: spec.description ?? null,
        scope: spec.scope,
        uptime_check_id: checkId,
        starts_at: spec.startsAt,
        ends_at: spec.endsAt,
        enabled: spec.enabled,
      },
      context.now,
      existing?.endsAt,
    );
    if (!result.ok) for (const [field, reason] of Object.entries(result.fields)) problems[field === 'uptime_check_id' ? 'uptimeCheck' : specField(field)] ??= reason;
    if (!result.ok || Object.keys(problems).length > 0) return { ok: false, problems, pending };
    return { ok: true, input: result.config };
  },

  save: async (unit, owner, existing, config, origin) => (await saveWindowRow(unit, owner, existing?.id ?? null, () => config, origin)).window,

  remove: (unit, workspaceId, id, origin) => deleteWindowRow(unit, workspaceId, id, origin),

  specOf: (row, context) => specOfValues(
      { name: row.name, description: row.description, scope: row.scope, uptimeCheckId: row.check?.id ?? null, startsAt: row.startsAt, endsAt: row.endsAt, enabled: row.enabled },
      context,
    ),

  specOfInput: (config, context) => specOfValues(config, context),

  statusOf: (row, now) => ({ state: maintenanceState(row, now) }),
};
