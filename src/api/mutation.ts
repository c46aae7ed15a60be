import { OptimisticLockError } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChangeNotice } from '../bus/messages.js';
import { changeSubject } from '../bus/subjects.js';
import { ActivityLogEntry } from '../store/entities/activity-log.js';
import { User } from '../store/entities/user.js';
import type { Principal } from './auth/principal.js';
import { conflict } from './errors.js';
import type { RequestContext } from './request-context.js';

interface ChangeBase {
  /** Activity-log action, e.g. `uptime_check.update`. */
  action: string;
  resourceId: number;
  details?: Record<string, unknown>;
  /** The workspace the entry belongs to, when it is not the request's (administrator routes have none). */
  workspaceId?: number | null;
}

interface MonitoringChange extends ChangeBase {
  resourceType: ChangeNotice['kind'];
  /** The change notice for the engine; null when the change does not concern it (e.g. a favorite). */
  notice: ChangeNotice['action'] | null;
}

/** Resources only the activity log records: the engine has nothing to reload for them. */
export type RecordOnlyResource = 'user' | 'workspace' | 'push_token';

interface RecordOnlyChange extends ChangeBase {
  resourceType: RecordOnlyResource;
  notice: null;
}

export type Change = MonitoringChange | RecordOnlyChange;

export interface ChangeRecorder {
  record(change: Change): void;
}

/**
 * Runs a mutation in one transaction, writes an activity-log entry per recorded change in the
 * same transaction, and publishes the change notices only after the commit (so the engine never
 * reloads a row that is not there yet). A failed publish is logged and does not fail the request:
 * the change is committed, and the engine's periodic resync picks it up.
 */
export async function mutate<T>(
  context: RequestContext,
  principal: Principal,
  work: (tx: EntityManager, changes: ChangeRecorder) => Promise<T>,
): Promise<T> {
  const changes: Change[] = [];
  const result = await inTransaction(context, async (tx) => {
    const value = await work(tx, { record: (change) => changes.push(change) });
    for (const change of changes) {
      tx.create(ActivityLogEntry, {
        client: principal.client.id,
        workspaceId: change.workspaceId !== undefined ? change.workspaceId : (principal.workspace?.id ?? null),
        actor: tx.getReference(User, principal.user.id),
        action: change.action,
        resourceType: change.resourceType,
        resourceId: change.resourceId,
        details: change.details ?? null,
        at: context.deps.now(),
      });
    }
    return value;
  });
  await publishNotices(context, changes);
  return result;
}

/** A row changed by someone else (the engine, another request) since it was read: the client may retry. */
async function inTransaction<T>(context: RequestContext, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  try {
    return await context.em.transactional(work);
  } catch (error) {
    if (error instanceof OptimisticLockError) throw conflict('the resource was changed at the same time by someone else; retry');
    throw error;
  }
}

async function publishNotices(context: RequestContext, changes: readonly Change[]): Promise<void> {
  const at = context.deps.now().toISOString();
  for (const change of changes) {
    if (change.notice === null) continue;
    const notice: ChangeNotice = { kind: change.resourceType, id: change.resourceId, action: change.notice, at };
    try {
      await context.deps.bus.publishDurable(changeSubject(notice.kind, notice.id), notice);
    } catch (error) {
      context.logger.error({ err: error, notice }, 'change notice not published; the engine resync will pick the change up');
    }
  }
}
