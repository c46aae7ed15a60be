import type { EntityManager } from '@mikro-orm/postgresql';
import type { Change, ChangeRecorder } from '../../services/change-log.js';
import { intArrayText } from '../../store/int-array-text.js';
import { preparedRows } from '../../store/prepared-rows.js';
import { workspaceIdOfRoute, type Principal } from '../auth/principal.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';
import { guardMutation } from './check-mutations.js';
import { decideBulkPause, type BulkPauseCandidate, type BulkPauseOutcome } from './bulk-pause-decision.js';

/**
 * The named checks (all of the workspace's when `ids` is null), in id order, locked until the
 * commit: what the decision reads cannot change before the update it leads to.
 */
const CANDIDATES = `select id, check_type as "checkType", managed_by as "managedBy", paused from uptime_checks
  where workspace_id = ?::int and (?::int[] is null or id = any(?::int[]))
  order by id for update`;

/** Ids are PostgreSQL integers: one past the largest names no check, and is answered as not found. */
const LARGEST_ID = 2 ** 31 - 1;

/** The changing checks, and an activity-log entry for each in id order. */
const CHANGE = `with changed as (
  update uptime_checks set paused = ?::boolean, version = version + 1, updated_at = now()
  where workspace_id = ?::int and id = any(?::int[])
  returning id
), entries as (
  insert into activity_log (client_id, workspace_id, actor_id, action, resource_type, resource_id, details, at)
  select ?::int, ?::int, ?::int, ?::text, ?::text, id, ?::jsonb, ?::timestamptz from changed order by id
  returning 1
)
select count(*)::int as entries from entries`;

/**
 * Pauses or resumes many checks in one transaction and two statements, whatever their number: as
 * entities, loaded, tracked and written back one by one with an activity-log entity each, 10,000
 * checks took 6.8 s (bench/api; 3.1 s now, most of it PostgreSQL's index upkeep). The rules are
 * decideBulkPause's.
 */
export async function bulkPause(
  context: RequestContext,
  principal: Principal,
  action: 'pause' | 'resume',
  ids: number[] | undefined,
): Promise<BulkPauseOutcome> {
  guardMutation(principal);
  const workspaceId = workspaceIdOfRoute(principal);
  return mutate(context, principal, async (tx, changes) => {
    const named = ids === undefined ? null : intArrayText(ids.filter((id) => id <= LARGEST_ID));
    const candidates = await preparedRows<BulkPauseCandidate>(tx, CANDIDATES, [workspaceId, named, named]);
    const { outcome, changing } = decideBulkPause(candidates, action, principal.entitlement, ids);
    if (changing.length > 0) await writeChanges(tx, changes, workspaceId, action, changing);
    return outcome;
  });
}

async function writeChanges(tx: EntityManager, changes: ChangeRecorder, workspaceId: number, action: 'pause' | 'resume', changing: number[]): Promise<void> {
  const change: Omit<Change, 'resourceId'> = {
    action: `uptime_check.${action}`,
    resourceType: 'uptime_check',
    notice: action === 'pause' ? 'paused' : 'resumed',
    details: { bulk: true },
  };
  const entry = changes.entryOf(change);
  const [written] = await preparedRows<{ entries: number }>(tx, CHANGE, [
    action === 'pause',
    workspaceId,
    intArrayText(changing),
    entry.clientId,
    entry.workspaceId,
    entry.actorId,
    entry.action,
    entry.resourceType,
    entry.details,
    entry.at,
  ]);
  if (written?.entries !== changing.length) throw new Error(`bulk ${action}: ${written?.entries ?? 0} of ${changing.length} locked checks written`);
  for (const resourceId of changing) changes.recordWritten({ ...change, resourceId } as Change);
}
