import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ActivityLogEntry } from '../../store/entities/activity-log.js';

export interface ActivityLogView {
  id: number;
  at: string;
  /** Null for the system (engine, operator) or a user since removed. */
  actor: { id: number; email_address: string } | null;
  /** e.g. `incident.acknowledge`, `domain.create`. */
  action: string;
  resource_type: string;
  resource_id: number | null;
  workspace_id: number | null;
  details: Record<string, unknown> | null;
}

export interface ActivityFilters {
  from: Date | undefined;
  to: Date | undefined;
  /** Exact action, or a prefix ending in `.` (e.g. `domain.`). */
  action: string | undefined;
  resourceType: string | undefined;
  resourceId: number | undefined;
  actorId: number | undefined;
  limit: number;
  offset: number;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listActivity(em: EntityManager, clientId: number, filters: ActivityFilters): Promise<{ entries: ActivityLogView[]; total: number }> {
  const where: FilterQuery<ActivityLogEntry> = { client: clientId };
  if (filters.from || filters.to) where.at = { ...(filters.from ? { $gte: filters.from } : {}), ...(filters.to ? { $lte: filters.to } : {}) };
  if (filters.action) where.action = filters.action.endsWith('.') ? { $like: `${escapeLike(filters.action)}%` } : filters.action;
  if (filters.resourceType) where.resourceType = filters.resourceType;
  if (filters.resourceId !== undefined) where.resourceId = filters.resourceId;
  if (filters.actorId !== undefined) where.actor = filters.actorId;
  const [rows, total] = await em.findAndCount(ActivityLogEntry, where, { populate: ['actor'], orderBy: { at: 'desc', id: 'desc' }, limit: filters.limit, offset: filters.offset });
  const entries = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor ? { id: row.actor.id, email_address: row.actor.email } : null,
    action: row.action,
    resource_type: row.resourceType,
    resource_id: row.resourceId,
    workspace_id: row.workspaceId,
    details: row.details,
  }));
  return { entries, total };
}
