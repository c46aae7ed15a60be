import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Incident, IncidentNote, type IncidentStatus, type Severity } from '../../store/entities/incident.js';
import type { Workspace } from '../../store/entities/workspace.js';
import { notFound } from '../errors.js';

export interface IncidentFilters {
  status: IncidentStatus | undefined;
  severity: Severity | undefined;
  /** Opened at or after. */
  from: Date | undefined;
  /** Opened at or before. */
  to: Date | undefined;
  limit: number;
  offset: number;
}

export async function listIncidents(em: EntityManager, workspace: Workspace, filters: IncidentFilters) {
  const where: FilterQuery<Incident> = { workspace };
  if (filters.status) where.status = filters.status;
  if (filters.severity) where.severity = filters.severity;
  if (filters.from || filters.to) where.openedAt = { ...(filters.from ? { $gte: filters.from } : {}), ...(filters.to ? { $lte: filters.to } : {}) };
  const [incidents, total] = await em.findAndCount(Incident, where, {
    populate: ['check'],
    orderBy: { openedAt: 'desc', id: 'desc' },
    limit: filters.limit,
    offset: filters.offset,
  });
  return { incidents, total };
}

/** An incident of this workspace: any other id is 404 alike. */
export async function findIncident(em: EntityManager, workspace: Workspace, id: number): Promise<Incident> {
  const incident = await em.findOne(Incident, { id, workspace }, { populate: ['check', 'acknowledgedBy', 'resolvedBy'], refresh: true });
  if (!incident) throw notFound(`incident ${id}`);
  return incident;
}

export const notesOf = (em: EntityManager, incident: Incident): Promise<IncidentNote[]> =>
  em.find(IncidentNote, { incident }, { populate: ['author'], orderBy: { createdAt: 'asc', id: 'asc' } });
