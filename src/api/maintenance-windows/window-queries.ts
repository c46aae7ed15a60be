import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MaintenanceState } from '../../domain/maintenance-state.js';
import { MaintenanceWindow } from '../../store/entities/maintenance-window.js';
import type { Workspace } from '../../store/entities/workspace.js';
import { notFound } from '../errors.js';

/** The rows maintenanceState() puts in `state` at `now`, as a query. */
export function stateCondition(state: MaintenanceState, now: Date): FilterQuery<MaintenanceWindow> {
  switch (state) {
    case 'disabled':
      return { enabled: false };
    case 'scheduled':
      return { enabled: true, startsAt: { $gt: now } };
    case 'active':
      return { enabled: true, startsAt: { $lte: now }, endsAt: { $gt: now } };
    case 'completed':
      return { enabled: true, endsAt: { $lte: now } };
  }
}

export interface WindowFilters {
  enabled: boolean | undefined;
  state: MaintenanceState | undefined;
  search: string | undefined;
  limit: number;
  offset: number;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest start first. */
export async function listWindows(em: EntityManager, workspace: Workspace, filters: WindowFilters, now: Date) {
  const conditions: FilterQuery<MaintenanceWindow>[] = [{ workspace }];
  if (filters.enabled !== undefined) conditions.push({ enabled: filters.enabled });
  if (filters.state) conditions.push(stateCondition(filters.state, now));
  if (filters.search) conditions.push({ name: { $ilike: `%${escapeLike(filters.search)}%` } });
  const [windows, total] = await em.findAndCount(MaintenanceWindow, { $and: conditions }, {
    orderBy: { startsAt: 'desc', id: 'desc' },
    limit: filters.limit,
    offset: filters.offset,
  });
  return { windows, total };
}

export async function findWindow(em: EntityManager, workspace: Workspace, id: number): Promise<MaintenanceWindow> {
  const window = await em.findOne(MaintenanceWindow, { id, workspace }, { refresh: true });
  if (!window) throw notFound(`maintenance window ${id}`);
  return window;
}
