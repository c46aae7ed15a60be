import type { EntityManager } from '@mikro-orm/postgresql';
import type { PermissionKey } from '../../domain/permissions.js';
import { Domain } from '../../store/entities/domain.js';
import { Incident, type IncidentStatus } from '../../store/entities/incident.js';
import { NotificationGroup } from '../../store/entities/notification-group.js';
import { UptimeCheck } from '../../store/entities/uptime-check.js';
import type { UserPermissions } from '../../store/entities/user.js';
import type { Workspace } from '../../store/entities/workspace.js';

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

/** Case-insensitive substring search over names (and check host names) of one workspace. */
export async function search(em: EntityManager, workspace: Workspace, permissions: UserPermissions, query: string, limit: number): Promise<SearchResults> {
  const pattern = `%${escapeLike(query)}%`;
  const allowed = (section: SearchSection): boolean => permissions[SECTION_PERMISSIONS[section]] === true;
  const results: SearchResults = { query, uptime_checks: [], domains: [], notification_groups: [], incidents: [], omitted: [] };
  for (const section of Object.keys(SECTION_PERMISSIONS) as SearchSection[]) if (!allowed(section)) results.omitted.push(section);
  const matchingCheck = { workspace, $or: [{ name: { $ilike: pattern } }, { hostname: { $ilike: pattern } }] };
  if (allowed('uptime_checks')) {
    const checks = await em.find(UptimeCheck, matchingCheck, { orderBy: { name: 'asc', id: 'asc' }, limit });
    results.uptime_checks = checks.map((c) => ({ id: c.id, name: c.name, hostname: c.hostname, check_type: c.checkType }));
  }
  if (allowed('domains')) {
    const domains = await em.find(Domain, { workspace, name: { $ilike: pattern } }, { orderBy: { name: 'asc', id: 'asc' }, limit });
    results.domains = domains.map((d) => ({ id: d.id, name: d.name, active: d.active }));
  }
  if (allowed('notification_groups')) {
    const groups = await em.find(NotificationGroup, { workspace, name: { $ilike: pattern } }, { orderBy: { name: 'asc', id: 'asc' }, limit });
    results.notification_groups = groups.map((g) => ({ id: g.id, name: g.name }));
  }
  if (allowed('incidents')) {
    const incidents = await em.find(Incident, { workspace, check: matchingCheck }, { populate: ['check'], orderBy: { openedAt: 'desc', id: 'desc' }, limit });
    results.incidents = incidents.map((i) => ({ id: i.id, name: i.check.name, check_id: i.check.id, status: i.status, opened_at: i.openedAt.toISOString() }));
  }
  return results;
}
