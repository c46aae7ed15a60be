import { OptimisticLockError } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { commitChanges, commitStatement, type ChangeRecorder } from '../services/change-log.js';
import type { Principal } from './auth/principal.js';
import { conflict } from './errors.js';
import type { RequestContext } from './request-context.js';

export type { Change, ChangeRecorder, RecordOnlyResource } from '../services/change-log.js';

type Work<T> = (tx: EntityManager, changes: ChangeRecorder) => Promise<T>;

/**
 * Runs a request's change through the one change path the operator uses too (services/change-log):
 * one transaction with its activity-log entries, notices published after the commit. A row
 * changed by someone else since it was read is a 409 the client may retry.
 */
export const mutate = <T>(context: RequestContext, principal: Principal, work: Work<T>): Promise<T> => committed(commitChanges, context, principal, work);

/** As mutate, for a change whose writes are one statement that judges the rules itself (commitStatement): no transaction around it. */
export const mutateInOneStatement = <T>(context: RequestContext, principal: Principal, work: Work<T>): Promise<T> =>
  committed(commitStatement, context, principal, work);

async function committed<T>(commit: typeof commitChanges<T>, context: RequestContext, principal: Principal, work: Work<T>): Promise<T> {
  const outlets = { em: context.em, bus: context.deps.bus, logger: context.logger, now: context.deps.now };
  // The caller's ids: hydrating the user and workspace entities cost a create more than its statement.
  const author = { clientId: principal.caller.clientId, workspaceId: principal.caller.workspaceId, userId: principal.caller.userId };
  try {
    return await commit(outlets, author, ({ tx, changes }) => work(tx, changes));
  } catch (error) {
    if (error instanceof OptimisticLockError) throw conflict('the resource was changed at the same time by someone else; retry');
    throw error;
  }
}
