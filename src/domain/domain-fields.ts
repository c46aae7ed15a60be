import { normaliseDomainName } from './domain-name.js';

export interface DomainFields {
  name?: string;
  description?: string | null;
  notification_group_ids?: number[] | null;
}

export interface DomainChanges {
  name?: string;
  description?: string | null;
  groupIds?: number[];
}

export const DESCRIPTION_MAX = 1000;
export const GROUPS_MAX = 50;

/**
 * Reads a create body (`name` required) or an update body (every field optional: absent keeps
 * the stored value, null clears description and groups). Field errors as VALIDATION_ERROR fields.
 */
export function readDomainFields(body: DomainFields, requireName: boolean): { ok: true; changes: DomainChanges } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const changes: DomainChanges = {};
  if (body.name !== undefined || requireName) {
    const result = typeof body.name === 'string' ? normaliseDomainName(body.name) : { ok: false as const, reason: 'is required' };
    if (result.ok) changes.name = result.name;
    else fields.name = result.reason;
  }
  if (body.description !== undefined) {
    const description = body.description?.trim() || null;
    if (description !== null && description.length > DESCRIPTION_MAX) fields.description = `must be at most ${DESCRIPTION_MAX} characters`;
    else changes.description = description;
  }
  if (body.notification_group_ids !== undefined) {
    const ids = body.notification_group_ids ?? [];
    if (ids.length > GROUPS_MAX) fields.notification_group_ids = `must hold at most ${GROUPS_MAX} ids`;
    else if (ids.some((id) => !Number.isInteger(id) || id < 1)) fields.notification_group_ids = 'must be positive integers';
    else changes.groupIds = [...new Set(ids)];
  }
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, changes };
}
