import type { PermissionKey } from '../../domain/permissions.js';
import type { IncidentStatus } from '../../store/entities/incident.js';
import type { UserPermissions } from '../../store/entities/user.js';
import type { SqlColumn } from '../auth/sign-in-check.js';
import { isoInstant } from '../sql-instant.js';
import { preparedRows, type StatementRunner } from '../../store/prepared-rows.js';
import { containsPattern, hasTrigram } from '../substring-pattern.js';

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


interface SectionStatement {
  sql: string;
  params(workspaceId: number, pattern: string, limit: number): unknown[];
  /** Reads `matched`, the checks the trigram indexes found, written once per statement for every section that reads it. */
  readsMatched?: true;
}

const CHECK_HIT = `json_build_object('id', id, 'name', name, 'hostname', hostname, 'check_type', check_type)`;
const INCIDENT_HIT = `json_build_object('id', id, 'name', name, 'check_id', check_id, 'status', status, 'opened_at', ${isoInstant('opened_at')})`;
const CHECKS_MATCHING = `select id, name, hostname, check_type from uptime_checks where workspace_id = ? and (name ilike ? or hostname ilike ?)`;

/**
 * Each section's statement: ids, names and the fields the results show, at most `limit` rows, as
 * a JSON array. Domains and groups walk the workspace's rows in their order until `limit` match.
 */
const WALKING: Record<SearchSection, SectionStatement> = {
  uptime_checks: {
    sql: `select coalesce(json_agg(${CHECK_HIT} order by name, id), '[]') from (${CHECKS_MATCHING} order by name, id limit ?) hits`,
    params: (workspaceId, pattern, limit) => [workspaceId, pattern, pattern, limit],
  },
  domains: {
    sql: `select coalesce(json_agg(json_build_object('id', id, 'name', name, 'active', active) order by name, id), '[]') from (
    select id, name, active from domains where workspace_id = ? and name ilike ? order by name, id limit ?) hits`,
    params: (workspaceId, pattern, limit) => [workspaceId, pattern, limit],
  },
  notification_groups: {
    sql: `select coalesce(json_agg(json_build_object('id', id, 'name', name) order by name, id), '[]') from (
    select id, name from notification_groups where workspace_id = ? and name ilike ? order by name, id limit ?) hits`,
    params: (workspaceId, pattern, limit) => [workspaceId, pattern, limit],
  },
  incidents: {
    sql: `select coalesce(json_agg(${INCIDENT_HIT} order by opened_at desc, id desc), '[]') from (
    select i.id, c.name, i.check_id, i.status, i.opened_at from incidents i join uptime_checks c on c.id = i.check_id
    where i.workspace_id = ? and c.workspace_id = ? and (c.name ilike ? or c.hostname ilike ?) order by i.opened_at desc, i.id desc limit ?) hits`,
    params: (workspaceId, pattern, limit) => [workspaceId, workspaceId, pattern, pattern, limit],
  },
};

/**
 * The checks' sections when the trigram indexes on name and host name can serve the term: the
 * matching checks first (materialised, so that the planner cannot prefer walking the name order
 * for the limit, as it does with the prepared statement's generic plan), then their order. The
 * checks and the incidents read the same `matched`: the trigram search was most of a search's
 * time in PostgreSQL, and each section ran its own.
 */
const MATCHED = {
  sql: `matched as materialized (${CHECKS_MATCHING})`,
  params: (workspaceId: number, pattern: string): unknown[] => [workspaceId, pattern, pattern],
};
const THROUGH_TRIGRAMS: Record<SearchSection, SectionStatement> = {
  ...WALKING,
  uptime_checks: {
    sql: `select coalesce(json_agg(${CHECK_HIT} order by name, id), '[]') from (select * from matched order by name, id limit ?) hits`,
    params: (_workspaceId, _pattern, limit) => [limit],
    readsMatched: true,
  },
  // Each check found, its newest incidents through the index on (check_id, opened_at, id), then the newest of those: the cost
  // follows the checks found, where joining them with the workspace's incidents read every incident it ever had (a third of
  // the search's time in PostgreSQL at 2,000 incidents, and growing with the history).
  incidents: {
    sql: `select coalesce(json_agg(${INCIDENT_HIT} order by opened_at desc, id desc), '[]') from (
    select i.id, c.name, i.check_id, i.status, i.opened_at from matched c cross join lateral (
      select i.id, i.check_id, i.status, i.opened_at from incidents i where i.check_id = c.id and i.workspace_id = ?
      order by i.opened_at desc, i.id desc limit ?) i
    order by i.opened_at desc, i.id desc limit ?) hits`,
    params: (workspaceId, _pattern, limit) => [workspaceId, limit, limit],
    readsMatched: true,
  },
};

/**
 * The results as the JSON text of SearchResults, each section's array written by PostgreSQL, and
 * the sign-in column (see sign-in-check.ts) when a statement ran (undefined otherwise).
 */
export async function search(
  runner: StatementRunner,
  workspaceId: number,
  permissions: UserPermissions,
  query: string,
  limit: number,
  signIn: SqlColumn,
): Promise<{ text: string; signIn?: string | null }> {
  const pattern = containsPattern(query);
  const statements = hasTrigram(query) ? THROUGH_TRIGRAMS : WALKING;
  const sections = Object.keys(SECTION_PERMISSIONS) as SearchSection[];
  const allowed = sections.filter((section) => permissions[SECTION_PERMISSIONS[section]] === true);
  const omitted = sections.filter((section) => !allowed.includes(section));
  const textOf = (found: Partial<Record<SearchSection, string>>): string =>
    `{"query":${JSON.stringify(query)},${sections.map((section) => `"${section}":${found[section] ?? '[]'}`).join(',')},"omitted":${JSON.stringify(omitted)}}`;
  if (allowed.length === 0) return { text: textOf({}) };
  const matched = allowed.some((section) => statements[section].readsMatched);
  const [row] = await preparedRows<Record<SearchSection, string> & { sign_in: string | null }>(runner,
    `${matched ? `with ${MATCHED.sql} ` : ''}select ${allowed.map((section) => `(${statements[section].sql})::text as ${section}`).join(', ')}, ${signIn.sql} as sign_in`,
    [
      ...(matched ? MATCHED.params(workspaceId, pattern) : []),
      ...allowed.flatMap((section) => statements[section].params(workspaceId, pattern, limit)),
      ...signIn.params,
    ],
  );
  return { text: textOf(row!), signIn: row!.sign_in };
}
