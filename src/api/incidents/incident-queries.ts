import type { EntityManager } from '@mikro-orm/postgresql';
import { Incident, IncidentNote, type IncidentStatus, type Severity } from '../../store/entities/incident.js';
import type { Workspace } from '../../store/entities/workspace.js';
import { notFound } from '../errors.js';
import type { SqlColumn } from '../auth/sign-in-check.js';
import { isoInstant } from '../sql-instant.js';
import { preparedRows, type StatementRunner } from '../../store/prepared-rows.js';

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

export interface IncidentRow {
  id: number;
  workspace_id: number;
  check_id: number;
  check_name: string;
  status: IncidentStatus;
  severity: Severity;
  failed_locations: string[];
  /** ISO 8601 instants (see isoInstant). */
  opened_at: string;
  acknowledged_at: string | null;
  resolved_at: string | null;
}

/**
 * A page with its checks' names and its total in one statement, the page as the JSON text of an
 * array of IncidentView (see incident-views.ts), written by PostgreSQL, and the sign-in column
 * (see sign-in-check.ts): through
 * (workspace_id, opened_at, id), or (workspace_id, status, opened_at) and (workspace_id,
 * severity, opened_at, id) when filtered.
 */
export async function listIncidents(statements: StatementRunner, workspaceId: number, filters: IncidentFilters, signIn: SqlColumn): Promise<{ rows: string; total: number; sign_in: string | null }> {
  const where = ['i.workspace_id = ?'];
  const params: unknown[] = [workspaceId];
  const add = (sql: string, value: unknown): void => {
    where.push(sql);
    params.push(value);
  };
  if (filters.status) add('i.status = ?', filters.status);
  if (filters.severity) add('i.severity = ?', filters.severity);
  if (filters.from) add('i.opened_at >= ?', filters.from);
  if (filters.to) add('i.opened_at <= ?', filters.to);
  const whereSql = where.join(' and ');
  const [result] = await preparedRows<{ rows: string; total: number; sign_in: string | null }>(statements,
    `with page as (
      select i.id, i.workspace_id, i.check_id, c.name as check_name, i.status, i.severity, i.failed_locations,
        ${isoInstant('i.opened_at')} as opened_at, ${isoInstant('i.acknowledged_at')} as acknowledged_at, ${isoInstant('i.resolved_at')} as resolved_at,
        i.opened_at as opened
      from incidents i join uptime_checks c on c.id = i.check_id where ${whereSql} order by i.opened_at desc, i.id desc limit ? offset ?)
    select (select coalesce(json_agg((select row_to_json(v) from (select p.id, p.workspace_id, json_build_object('id', p.check_id, 'name', p.check_name) as "check",
        p.status, p.severity, p.failed_locations, p.opened_at, p.acknowledged_at, p.resolved_at) v) order by p.opened desc, p.id desc), '[]')::text from page p) as rows,
      (select count(*)::int from incidents i where ${whereSql}) as total, ${signIn.sql} as sign_in`,
    [...params, filters.limit, filters.offset, ...params, ...signIn.params],
  );
  return result!;
}

/** An incident of this workspace: any other id is 404 alike. */
export async function findIncident(em: EntityManager, workspace: Workspace, id: number): Promise<Incident> {
  const incident = await em.findOne(Incident, { id, workspace }, { populate: ['check', 'acknowledgedBy', 'resolvedBy'], refresh: true });
  if (!incident) throw notFound(`incident ${id}`);
  return incident;
}

export const notesOf = (em: EntityManager, incident: Incident): Promise<IncidentNote[]> =>
  em.find(IncidentNote, { incident }, { populate: ['author'], orderBy: { createdAt: 'asc', id: 'asc' } });
