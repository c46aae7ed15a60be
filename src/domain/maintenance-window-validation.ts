import { MAINTENANCE_SCOPES, type MaintenanceScope } from '../store/entities/maintenance-window.js';

/** A maintenance window's settings as the upsert body gives them. */
export interface MaintenanceWindowConfig {
  name: string;
  description: string | null;
  scope: MaintenanceScope;
  uptimeCheckId: number | null;
  startsAt: Date;
  endsAt: Date;
  enabled: boolean;
}

export const WINDOW_LIMITS = { nameMax: 200, descriptionMax: 1000, maxDurationDays: 31 } as const;

export type WindowValidation = { ok: true; config: MaintenanceWindowConfig } | { ok: false; fields: Record<string, string> };

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An ISO 8601 date-time with an explicit offset: a window boundary must not depend on the server's zone. */
function instant(value: unknown): Date | string {
  if (typeof value !== 'string' || !INSTANT.test(value)) return 'must be an ISO 8601 date-time with a zone, e.g. 2026-03-01T22:00:00Z';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? 'is not a valid date-time' : at;
}

/**
 * Validates an upsert body (a full description of the window). `previousEndsAt` is the stored end
 * on update: only a changed end must lie in the future, so that a past window can still be renamed.
 */
export function validateMaintenanceWindow(body: Record<string, unknown>, now: Date, previousEndsAt?: Date): WindowValidation {
  const fields: Record<string, string> = {};
  const { name, description, scope, uptime_check_id: checkId, enabled } = body;

  if (typeof name !== 'string' || name.trim() === '') fields.name = `is required (1 to ${WINDOW_LIMITS.nameMax} characters)`;
  else if (name.trim().length > WINDOW_LIMITS.nameMax) fields.name = `must be at most ${WINDOW_LIMITS.nameMax} characters`;

  if (description !== undefined && description !== null && typeof description !== 'string') fields.description = 'must be a string or null';
  else if (typeof description === 'string' && description.trim().length > WINDOW_LIMITS.descriptionMax) {
    fields.description = `must be at most ${WINDOW_LIMITS.descriptionMax} characters`;
  }

  if (typeof scope !== 'string' || !(MAINTENANCE_SCOPES as readonly string[]).includes(scope)) fields.scope = `must be one of ${MAINTENANCE_SCOPES.join(', ')}`;
  else if (scope === 'uptime_check' && (checkId === undefined || checkId === null)) fields.uptime_check_id = 'is required when scope is uptime_check';
  else if (scope === 'workspace' && checkId !== undefined && checkId !== null) fields.uptime_check_id = 'must be omitted when scope is workspace';
  if (checkId !== undefined && checkId !== null && (!Number.isInteger(checkId) || (checkId as number) < 1)) fields.uptime_check_id = 'must be a positive integer';

  if (enabled !== undefined && typeof enabled !== 'boolean') fields.enabled = 'must be true or false';

  const startsAt = instant(body.starts_at);
  const endsAt = instant(body.ends_at);
  if (typeof startsAt === 'string') fields.starts_at = startsAt;
  if (typeof endsAt === 'string') fields.ends_at = endsAt;
  if (startsAt instanceof Date && endsAt instanceof Date) {
    if (endsAt.getTime() <= startsAt.getTime()) fields.ends_at = 'must be after starts_at';
    else if (endsAt.getTime() - startsAt.getTime() > WINDOW_LIMITS.maxDurationDays * 86_400_000) {
      fields.ends_at = `must be at most ${WINDOW_LIMITS.maxDurationDays} days after starts_at`;
    } else if (endsAt.getTime() <= now.getTime() && endsAt.getTime() !== previousEndsAt?.getTime()) fields.ends_at = 'must be in the future';
  }

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    config: {
      name: (name as string).trim(),
      description: typeof description === 'string' && description.trim() !== '' ? description.trim() : null,
      scope: scope as MaintenanceScope,
      uptimeCheckId: scope === 'uptime_check' ? (checkId as number) : null,
      startsAt: startsAt as Date,
      endsAt: endsAt as Date,
      enabled: enabled === undefined ? true : (enabled as boolean),
    },
  };
}
