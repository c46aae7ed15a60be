import type { EntityManager } from '@mikro-orm/postgresql';
import type { PermissionKey } from '../../domain/permissions.js';
import type { IncidentStatus } from '../../store/entities/incident.js';
import type { UserPermissions } from '../../store/entities/user.js';
import { isoInstant } from '../sql-instant.js';
import { preparedRows } from '../../store/prepared-rows.js';

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 10;

/** Each section is searched only for a caller holding its permission; the others come back empty and listed in `omitted`. */
export const SECTION_PERMISSIONS = {
  uptime_checks: 'manage_uptime_checks',
  domains: 'manage_domains',
  notification_groups: 'manage_notification_groups',
  incidents: 'manage_incidents',
} as const satisfies Record<string, PermissionKey>;

export type SearchSection = keyof typeof SECTION_PERMISSIONS;

export interface SearchHit {
  id: number;
  name: string;
}

export interface SearchResults {
  query: string;
  uptime_checks: Array<SearchHit & { hostname: string; check_type: string }>;
  domains: Array<SearchHit & { active: boolean }>;
  notification_groups: SearchHit[];
  /** Incidents of checks whose name or host matches; `name` is the check's name. */
  incidents: Array<SearchHit & { check_id: number; status: IncidentStatus; opened_at: string }>;
  /** Sections left out because the caller lacks their permission. */
  omitted: SearchSection[];
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Each section's statement: ids, names and the fields the results show, at most `limit` rows, as a JSON array. */
const SECTION_SQL: Record<SearchSection, string> = {
  uptime_checks: `select coalesce(json_agg(json_build_object('id', id, 'name', name, 'hostname', hostname, 'check_type', check_type) order by name, id), '[]') from (
    select id, name, hostname, check_type from uptime_checks where workspace_id = ? and (name ilike ? or hostname ilike ?) order by name, id limit ?) hits`,
  domains: `select coalesce(json_agg(json_build_object('id', id, 'name', name, 'active', active) order by name, id), '[]') from (
    select id, name, active from domains where workspace_id = ? and name ilike ? order by name, id limit ?) hits`,
  notification_groups: `select coalesce(json_agg(json_build_object('id', id, 'name', name) order by name, id), '[]') from (
    select id, name from notification_groups where workspace_id = ? and name ilike ? order by name, id limit ?) hits`,
  incidents: `select coalesce(json_agg(json_build_object('id', id, 'name', name, 'check_id', check_id, 'status', status, 'opened_at', ${isoInstant('opened_at')}) order by opened_at desc, id desc), '[]') from (
    select i.id, c.name, i.check_id, i.status, i.opened_at from incidents i join uptime_checks c on c.id = i.check_id
    where i.workspace_id = ? and c.workspace_id = ? and (c.name ilike ? or c.hostname ilike ?) order by i.opened_at desc, i.id desc limit ?) hits`,
};

const sectionParams = (section: SearchSection, workspaceId: number, pattern: string, limit: number): unknown[] => {
  switch (section) {
    case 'uptime_checks':
      return [workspaceId, pattern, pattern, limit];
    case 'incidents':
      return [workspaceId, workspaceId, pattern, pattern, limit];
    default:
      return [workspaceId, pattern, limit];
  }
};

/**
 * Case-insensitive substring search over names (and check host names) of one workspace, every
 * permitted section in one statement. A substring cannot use a b-tree index: each section walks
 * the workspace's rows in its order until `limit` of them match.
 */
export async function search(em: EntityManager, workspaceId: number, permissions: UserPermissions, query: string, limit: number): Promise<SearchResults> {
  const pattern = `%${escapeLike(query)}%`;
  const sections = Object.keys(SECTION_PERMISSIONS) as SearchSection[];
  const allowed = sections.filter((section) => permissions[SECTION_PERMISSIONS[section]] === true);
  const results: SearchResults = { query, uptime_checks: [], domains: [], notification_groups: [], incidents: [], omitted: sections.filter((section) => !allowed.includes(section)) };
  if (allowed.length === 0) return results;
  const [row] = await preparedRows<Record<SearchSection, unknown[]>>(em,
    `select ${allowed.map((section) => `(${SECTION_SQL[section]}) as ${section}`).join(', ')}`,
    allowed.flatMap((section) => sectionParams(section, workspaceId, pattern, limit)),
  );
  for (const section of allowed) (results as unknown as Record<SearchSection, unknown[]>)[section] = row![section];
  return results;
}
