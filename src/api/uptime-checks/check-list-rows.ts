import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckState, CheckType } from '../../store/entities/uptime-check.js';
import type { ManagedBy } from '../../store/entities/managed-by.js';
import { isoInstant } from '../sql-instant.js';
import type { CheckListFilters, StatusFilter } from './check-queries.js';
import { preparedRows } from '../../store/prepared-rows.js';
import { containsPattern } from '../substring-pattern.js';

/**
 * A page of checks in one statement whatever the page size or the workspace size: the page, with
 * each check's group ids and the caller's favourite flag, read through the indexes on
 * (workspace_id, paused, state, name, id) and (workspace_id, paused, name, id), and its total.
 * Totals of the status and paused filters come from workspace_check_counts (kept by a trigger)
 * instead of counting the workspace's checks; a favourite filter counts the user's favourites of
 * the workspace, a search the checks its trigram indexes find. Rows as one JSON value, not entities: hydrating entities was most of a list's CPU,
 * and every further statement costs a round trip.
 */
export interface CheckRow {
  id: number;
  workspace_id: number;
  name: string;
  check_type: CheckType;
  hostname: string;
  protocol: string | null;
  path: string | null;
  check_frequency: number;
  request_method: string | null;
  response_timeout: number;
  trigger_locations: string[];
  min_failing_locations: number;
  response_classes: string[];
  flag_follow_redirect: boolean;
  dns_record_type: string | null;
  dns_expected_values: string[] | null;
  port: number | null;
  banner_match_operator: string | null;
  banner_match_value: string | null;
  paused: boolean;
  state: CheckState;
  managed_by: ManagedBy;
  /** ISO 8601 instants (see isoInstant). */
  last_run_at: string | null;
  created_at: string;
  updated_at: string;
  notification_group_ids: number[];
  favorite: boolean;
}

const CHECK_COLUMNS = `c.id, c.workspace_id, c.name, c.check_type, c.hostname, c.protocol, c.path, c.check_frequency, c.request_method,
  c.response_timeout, c.trigger_locations, c.min_failing_locations, c.response_classes, c.flag_follow_redirect, c.dns_record_type,
  c.dns_expected_values, c.port, c.banner_match_operator, c.banner_match_value, c.paused, c.state, c.managed_by,
  ${isoInstant('c.last_run_at')} as last_run_at, ${isoInstant('c.created_at')} as created_at, ${isoInstant('c.updated_at')} as updated_at,
  array(select g.notification_group_id from uptime_check_notification_groups g where g.uptime_check_id = c.id order by 1) as notification_group_ids,
  exists(select 1 from uptime_check_favorites f where f.check_id = c.id and f.user_id = ?) as favorite`;

/** (paused, state) pairs a status filter admits; null: any. */
function statusPairs(status: StatusFilter): { paused: boolean; states: CheckState[] | null } | null {
  switch (status) {
    case 'all':
      return null;
    case 'paused':
      return { paused: true, states: null };
    case 'unknown':
      return { paused: false, states: ['unknown', 'pending'] };
    default:
      return { paused: false, states: [status] };
  }
}

interface Condition {
  sql: string;
  params: unknown[];
}

/** The conditions on the check itself (workspace, status, paused, search); the favourite filter is joined apart. */
function conditions(workspaceId: number, filters: CheckListFilters): Condition[] {
  const where: Condition[] = [{ sql: 'c.workspace_id = ?', params: [workspaceId] }];
  const status = statusPairs(filters.status);
  if (status) where.push({ sql: 'c.paused = ?', params: [status.paused] });
  if (status?.states) where.push({ sql: `c.state in (${status.states.map(() => '?').join(', ')})`, params: status.states });
  if (filters.paused !== undefined) where.push({ sql: 'c.paused = ?', params: [filters.paused] });
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    where.push({ sql: '(c.name ilike ? or c.hostname ilike ?)', params: [pattern, pattern] });
  }
  return where;
}

/** Every one of the conditions. */
const allOf = (conditions: Condition[]): Condition => ({
  sql: conditions.map((condition) => condition.sql).join(' and '),
  params: conditions.flatMap((condition) => condition.params),
});

/** The user's favourites in the workspace: one range of the index on (user_id, workspace_id, check_id). */
const favoritesOf = (userId: number, workspaceId: number): Condition => ({
  sql: 'select f.check_id from uptime_check_favorites f where f.user_id = ? and f.workspace_id = ?',
  params: [userId, workspaceId],
});

/**
 * How many of the user's favourites the conditions admit: counted from the favourites' index alone
 * when the workspace is the only condition, else joined with the checks the other conditions name.
 */
function favoriteTotal(where: Condition[], favorites: Condition): Condition {
  if (where.length === 1) return { sql: `(select count(*) from (${favorites.sql}) f)`, params: favorites.params };
  const checks = allOf(where.slice(1));
  return { sql: `(select count(*) from uptime_checks c where c.id in (${favorites.sql}) and ${checks.sql})`, params: [...favorites.params, ...checks.params] };
}

export async function listCheckRows(em: EntityManager, workspaceId: number, userId: number, filters: CheckListFilters): Promise<{ rows: CheckRow[]; total: number }> {
  const where = conditions(workspaceId, filters);
  const base = allOf(where);
  const favorites = favoritesOf(userId, workspaceId);
  const pageWhere: Condition =
    filters.favorite === undefined
      ? base
      : { sql: `${base.sql} and c.id ${filters.favorite ? 'in' : 'not in'} (${favorites.sql})`, params: [...base.params, ...favorites.params] };
  const paging = [filters.limit, filters.offset];
  // A search counts the checks it matches: found once through the trigram indexes on name and host name
  // (materialised, so that the prepared statement's generic plan cannot prefer walking the name order), then paged.
  const [ids, total]: [Condition, Condition] = filters.search
    ? [
        {
          sql: `matched as materialized (select c.id, c.name from uptime_checks c where ${pageWhere.sql}), ids as (select id from matched order by name, id limit ? offset ?)`,
          params: [...pageWhere.params, ...paging],
        },
        { sql: '(select count(*) from matched)', params: [] },
      ]
    : // The page's ids first (an index range, skipped rows cost an index entry each), then the columns of those rows only.
      [{ sql: `ids as (select c.id from uptime_checks c where ${pageWhere.sql} order by c.name, c.id limit ? offset ?)`, params: [...pageWhere.params, ...paging] }, countedTotal(where, favorites, filters.favorite)];
  const [result] = await preparedRows<{ rows: CheckRow[]; total: number }>(em,
    `with ${ids.sql}, page as (select ${CHECK_COLUMNS} from ids join uptime_checks c on c.id = ids.id)
    select (select coalesce(json_agg(page order by page.name, page.id), '[]') from page) as rows, (${total.sql})::int as total`,
    [...ids.params, userId, ...total.params],
  );
  return result!;
}

/** The total without a search: from workspace_check_counts (kept by a trigger), less or only the user's favourites. */
function countedTotal(where: Condition[], favorites: Condition, favorite: boolean | undefined): Condition {
  const base = allOf(where);
  // workspace_check_counts has the columns the status and paused conditions name, so they apply to it as written.
  const counted: Condition = { sql: `(select coalesce(sum(c.checks), 0) from workspace_check_counts c where ${base.sql})`, params: base.params };
  if (favorite === undefined) return counted;
  const favorited = favoriteTotal(where, favorites);
  return favorite ? favorited : { sql: `${counted.sql} - ${favorited.sql}`, params: [...counted.params, ...favorited.params] };
}
