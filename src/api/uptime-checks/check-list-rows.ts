import type { CheckState } from '../../store/entities/uptime-check.js';
import type { CheckListFilters, StatusFilter } from './check-queries.js';
import { preparedRows, type StatementRunner } from '../../store/prepared-rows.js';
import { containsPattern } from '../substring-pattern.js';
import { CHECK_VIEW_TEXT, type CheckViewer } from './check-view-sql.js';
import type { SqlColumn } from '../auth/sign-in-check.js';
import { ANCHOR_STEP, anchorFor, wantsAnchors, type CheckPageAnchors, type OrderAnchors, type PageAnchor } from './check-page-anchors.js';

/**
 * A page of checks in one statement whatever the page size or the workspace size: the page, with
 * each check's group ids and the caller's favourite flag, read through the indexes on
 * (workspace_id, paused, state, name, id) and (workspace_id, paused, name, id), and its total.
 * Totals of the status and paused filters come from workspace_check_counts (kept by a trigger)
 * instead of counting the workspace's checks, those of a favourite filter from favorite_counts
 * (kept by a trigger too), a search's by counting the checks its trigram indexes find. The page comes back as the
 * answer's JSON text, written by PostgreSQL from the texts the checks' edits wrote (see
 * check-view-sql.ts): hydrating entities, then parsing rows and writing them again, was most of a
 * list's CPU, and every further statement costs a round trip. A deep page starts at an anchor the
 * process holds for its order (check-page-anchors.ts) instead of walking to its offset.
 */
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
 * How many of the user's favourites the conditions admit: the row of favorite_counts (kept by a
 * trigger) when the workspace is the only condition, else the favourites joined with the checks
 * the other conditions name.
 */
function favoriteTotal(where: Condition[], favorites: Condition): Condition {
  if (where.length === 1) return { sql: `(${FAVORITES_COUNTED})`, params: favorites.params };
  const checks = allOf(where.slice(1));
  return { sql: `(select count(*) from uptime_checks c where c.id in (${favorites.sql}) and ${checks.sql})`, params: [...favorites.params, ...checks.params] };
}

/** The key of a list's order among a process's anchors; null for the orders kept by none (a search's, a favourite filter's). */
const orderKey = (workspaceId: number, filters: CheckListFilters): string | null =>
  filters.search === undefined && filters.favorite === undefined ? `${workspaceId}/${filters.status}/${filters.paused ?? ''}` : null;

/**
 * `rows`: the page as the JSON text of an array of UptimeCheckView; `sign_in`: the signIn column
 * (see sign-in-check.ts). A page at ANCHOR_STEP or deeper whose order the process holds at
 * another version than the page read has the order read again, for the next pages to start from.
 */
export async function listCheckRows(
  statements: StatementRunner,
  anchors: CheckPageAnchors,
  workspaceId: number,
  viewer: CheckViewer,
  filters: CheckListFilters,
  signIn: SqlColumn,
): Promise<{ rows: string; total: number; sign_in: string | null }> {
  const key = orderKey(workspaceId, filters);
  const order = key === null ? undefined : anchors.get(key);
  const page = await pageRows(statements, workspaceId, viewer, filters, signIn, anchorFor(order, filters.offset));
  if (key !== null && page.version !== null && wantsAnchors(order, filters.offset, page.version)) {
    await anchors.refresh(key, () => readOrder(statements, workspaceId, filters));
  }
  return page;
}

async function pageRows(
  statements: StatementRunner,
  workspaceId: number,
  viewer: CheckViewer,
  filters: CheckListFilters,
  signIn: SqlColumn,
  anchor: PageAnchor | null,
): Promise<{ rows: string; total: number; sign_in: string | null; version: string | null }> {
  const { userId } = viewer;
  const where = conditions(workspaceId, filters);
  const base = allOf(where);
  const favorites = favoritesOf(userId, workspaceId);
  const pageWhere: Condition =
    filters.favorite === undefined
      ? base
      : filters.favorite
        ? // With other conditions (alone, see favoritesPage). `not (… not in …)` keeps the favourites a hashed filter on the walk in name order: written as `in`, PostgreSQL
          // makes it a join, and the generic plan joins every check of the workspace and sorts them for each page.
          { sql: `${base.sql} and not (c.id not in (${favorites.sql}))`, params: [...base.params, ...favorites.params] }
        : // The others: a walk in name order passes few favourites, so each check it passes is looked up in the favourites'
          // index rather than hashing all of them first (PGlite: 0.5 → 0.3 ms at 1,000 favourites). `offset 0` keeps the
          // lookup a filter of the walk: without it, PostgreSQL makes it an anti-join and plans the page as for `in` above.
          { sql: `${base.sql} and not exists (${favorites.sql} and f.check_id = c.id offset 0)`, params: [...base.params, ...favorites.params] };
  const paging = [filters.limit, filters.offset];
  // A search counts the checks it matches: found once through the trigram indexes on name and host name
  // (materialised, so that the prepared statement's generic plan cannot prefer walking the name order), then paged.
  // The CTEs `ids` (the page's ids and names) and `total` (its count, as n).
  const pageAndTotal: Condition & { version: string } = filters.search
    ? {
        version: 'null::text',
        sql: `matched as materialized (select c.id, c.name from uptime_checks c where ${pageWhere.sql}),
          ids as materialized (select id, name from matched order by name, id limit ? offset ?),
          total as materialized (select count(*)::int as n from matched)`,
        params: [...pageWhere.params, ...paging],
      }
    : filters.favorite && where.length === 1
      ? favoritesPage(favorites, filters)
      : totalThenPage(countedTotal(where, favorites, filters.favorite), pageWhere, filters, workspaceId, anchor);
  const [result] = await preparedRows<{ rows: string; total: number; sign_in: string | null; version: string | null }>(statements,
    // Each row of the page by its id, as a subquery per id: joined, the generic plan (expecting a tenth of the
    // workspace on the page) reads every check of the workspace to hash them.
    `with ${pageAndTotal.sql}
    select (select '[' || coalesce(string_agg((select ${CHECK_VIEW_TEXT} from uptime_checks c join uptime_check_view_texts t on t.check_id = c.id where c.id = ids.id),
      ',' order by ids.name, ids.id), '') || ']' from ids) as rows, (select n from total) as total, ${signIn.sql} as sign_in,
      ${pageAndTotal.version} as version`,
    [...pageAndTotal.params, userId, viewer.blockedTypes, ...signIn.params],
  );
  return result!;
}

/**
 * The page's ids (an index range, each skipped row costs an index entry), then the columns of
 * those rows only; materialised, so that they are planned for their limit (inlined, the generic
 * plan sorts the whole workspace). Walked from the end nearer to the page: in reverse name order
 * from the last check when the page lies well into the workspace's second half, so the last page
 * of 10,000 checks skips no entry instead of 9,950 (PostgreSQL's CPU for it 1.0 → 0.45 ms, PGlite's
 * request 3.8 → 1.9 ms). The total (the `total` CTE, exact: kept in the same transactions as the
 * checks) says which end; the branch not taken is a one-time filter that reads nothing. With an
 * anchor whose version is the one this statement reads (the `version` CTE), the walk starts at the
 * anchor's check instead and skips fewer than ANCHOR_STEP entries (unless the walk backwards skips
 * fewer still); at any other version, or with none, that branch reads nothing and one of the others walks.
 */
function totalThenPage(total: Condition, pageWhere: Condition, paging: { limit: number; offset: number }, workspaceId: number, anchor: PageAnchor | null): Condition & { version: string } {
  const { limit, offset } = paging;
  const select = `select c.id, c.name from uptime_checks c where ${pageWhere.sql}`;
  // A walk backwards costs PostgreSQL more per entry: taken when it skips under three quarters of what the walk forwards would.
  const fromEnd = '4 * ((select n from total) - ?::bigint) < 3 * (?::bigint + ?::bigint)';
  // An anchor read at this version, unless the walk backwards would skip fewer entries (the last pages).
  const anchored = '((select v from version) = ?::bigint and ?::bigint < (select n from total) - ?::bigint - ?::bigint) is true';
  const anchoredParams = [anchor?.version ?? null, anchor?.skip ?? 0, offset, limit];
  return {
    version: '(select v from version)::text',
    sql: `total as materialized (select (${total.sql})::int as n),
    version as materialized (${ORDERS_VERSION}),
    ids as materialized (
      (${select} and not ${anchored} and not (${fromEnd}) order by c.name, c.id limit ? offset ?)
      union all
      (${select} and not ${anchored} and ${fromEnd} order by c.name desc, c.id desc
        limit greatest(least(?::bigint, (select n from total) - ?::bigint), 0) offset greatest((select n from total) - ?::bigint - ?::bigint, 0))
      union all
      (${select} and ${anchored} and (c.name, c.id) >= (?::text, ?::int) order by c.name, c.id limit ? offset ?))`,
    params: [
      ...total.params,
      workspaceId,
      ...pageWhere.params, ...anchoredParams, offset, offset, limit, limit, offset,
      ...pageWhere.params, ...anchoredParams, offset, offset, limit, limit, offset, offset, limit,
      ...pageWhere.params, ...anchoredParams, anchor?.name ?? null, anchor?.id ?? null, limit, anchor?.skip ?? 0,
    ],
  };
}

/**
 * The user's favourites alone, as a page: a range of the favourites' index in the list's order
 * (each favourite carries its check's name, kept by triggers), so the page reads its offset and
 * limit of favourites and no other check (walking the checks in name order passed nine others
 * for each favourite at one in ten); the total from favorite_counts.
 */
function favoritesPage(favorites: Condition, paging: { limit: number; offset: number }): Condition & { version: string } {
  return {
    version: 'null::text',
    sql: `total as materialized (select (${FAVORITES_COUNTED})::int as n),
    ids as materialized (select f.check_id as id, f.check_name as name from uptime_check_favorites f
      where f.user_id = ? and f.workspace_id = ? order by f.check_name, f.check_id limit ? offset ?)`,
    params: [...favorites.params, ...favorites.params, paging.limit, paging.offset],
  };
}

/** A user's favourites in a workspace (placeholders: the user, the workspace), kept by a trigger. */
const FAVORITES_COUNTED = 'select coalesce(sum(k.favorites), 0) from favorite_counts k where k.user_id = ? and k.workspace_id = ?';

/** The version of a workspace's list orders (placeholder: the workspace), as `v`: the sum of its count rows' `changes`, which only grows. */
const ORDERS_VERSION = 'select coalesce(sum(k.changes), 0) as v from workspace_check_counts k where k.workspace_id = ?';

/** Every ANCHOR_STEP-th check of a list's order and the version they were read at, in one statement (one snapshot). */
async function readOrder(statements: StatementRunner, workspaceId: number, filters: CheckListFilters): Promise<OrderAnchors> {
  const where = allOf(conditions(workspaceId, filters));
  const [result] = await preparedRows<{ version: string; positions: string }>(
    statements,
    `select (${ORDERS_VERSION})::text as version,
      coalesce((select json_agg(json_build_array(walked.name, walked.id) order by walked.position)::text
        from (select c.name, c.id, row_number() over (order by c.name, c.id) - 1 as position from uptime_checks c where ${where.sql}) walked
        where walked.position > 0 and walked.position % ${ANCHOR_STEP} = 0), '[]') as positions`,
    [workspaceId, ...where.params],
  );
  return { version: result!.version, positions: JSON.parse(result!.positions) as OrderAnchors['positions'] };
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
