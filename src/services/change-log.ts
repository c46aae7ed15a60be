import type { EntityManager } from '@mikro-orm/postgresql';
import type { Bus } from '../bus/bus.js';
import type { ChangeNotice } from '../bus/messages.js';
import type { Logger } from '../log.js';
import { ActivityLogEntry } from '../store/entities/activity-log.js';
import { User } from '../store/entities/user.js';
import { publishChangeNotices } from './change-notices.js';

interface ChangeBase {
  /** Activity-log action, e.g. `uptime_check.update`. */
  action: string;
  resourceId: number;
  details?: Record<string, unknown>;
  /** The workspace the entry belongs to, when it is not the author's (administrator routes have none). */
  workspaceId?: number | null;
}

interface MonitoringChange extends ChangeBase {
  resourceType: ChangeNotice['kind'];
  /** The change notice for the engine; null when the change does not concern it (e.g. a favorite). */
  notice: ChangeNotice['action'] | null;
}

/** Resources only the activity log records: the engine has nothing to reload for them. */
export type RecordOnlyResource = 'user' | 'workspace' | 'push_token' | 'status_page';

interface RecordOnlyChange extends ChangeBase {
  resourceType: RecordOnlyResource;
  notice: null;
}

export type Change = MonitoringChange | RecordOnlyChange;

/** An activity-log entry's columns but the resource id, for a service that writes the entry itself. */
export interface EntryColumns {
  clientId: number;
  workspaceId: number | null;
  actorId: number | null;
  action: string;
  resourceType: string;
  /** As JSON text. */
  details: string | null;
  at: Date;
}

export interface ChangeRecorder {
  /** A change whose activity-log entry is written at the end of the transaction. */
  record(change: Change): void;
  /**
   * The entry of a change that a service writes in the statement making the change (saving a
   * round trip while it holds a lock): every column but the resource id, which the statement knows.
   */
  entryOf(change: Omit<Change, 'resourceId'>): EntryColumns;
  /** A change whose entry the service wrote (see entryOf): only its notice is left to publish. */
  recordWritten(change: Change): void;
}

/** Who makes a change: a signed-in user, or (userId null) the operator applying a manifest. */
export interface ChangeAuthor {
  clientId: number;
  workspaceId: number | null;
  userId: number | null;
}

/** What a service writes with: the transaction, and where its changes are recorded. */
export interface ChangeUnit {
  tx: EntityManager;
  changes: ChangeRecorder;
}

export interface ChangeOutlets {
  em: EntityManager;
  bus: Bus;
  logger: Logger;
  now: () => Date;
}

const entryColumns = (outlets: ChangeOutlets, author: ChangeAuthor, change: Omit<Change, 'resourceId'>): EntryColumns => ({
  clientId: author.clientId,
  workspaceId: workspaceOfEntry(author, change),
  actorId: author.userId,
  action: change.action,
  resourceType: change.resourceType,
  details: change.details === undefined ? null : JSON.stringify(change.details),
  at: outlets.now(),
});

/** Publishes the notices of committed changes, so that the engine never reloads a row that is not there yet. */
async function publishCommitted(outlets: ChangeOutlets, changes: readonly Change[]): Promise<void> {
  const at = outlets.now().toISOString();
  const notices: ChangeNotice[] = [];
  for (const change of changes) {
    if (change.notice !== null) notices.push({ kind: change.resourceType, id: change.resourceId, action: change.notice, at });
  }
  await publishChangeNotices(outlets.bus, outlets.logger, notices);
}

/**
 * Runs a change in one transaction, writes an activity-log entry per recorded change in the same
 * transaction, and publishes the change notices only after the commit. A failed publish is logged
 * and does not fail the change: it is committed, and the engine's periodic resync picks it up.
 */
export async function commitChanges<T>(outlets: ChangeOutlets, author: ChangeAuthor, work: (unit: ChangeUnit) => Promise<T>): Promise<T> {
  const changes: Change[] = []; // every change, for its notice
  const unwritten: Change[] = []; // those whose entry is written here
  const recorder: ChangeRecorder = {
    record: (change) => {
      changes.push(change);
      unwritten.push(change);
    },
    entryOf: (change) => entryColumns(outlets, author, change),
    recordWritten: (change) => changes.push(change),
  };
  const result = await outlets.em.transactional(async (tx) => {
    const value = await work({ tx, changes: recorder });
    const at = outlets.now();
    for (const change of unwritten) {
      tx.create(ActivityLogEntry, {
        client: author.clientId,
        workspaceId: workspaceOfEntry(author, change),
        actor: author.userId === null ? null : tx.getReference(User, author.userId),
        action: change.action,
        resourceType: change.resourceType,
        resourceId: change.resourceId,
        details: change.details ?? null,
        at,
      });
    }
    return value;
  });
  await publishCommitted(outlets, changes);
  return result;
}

/**
 * Runs a change whose writes are one statement: its rows and its activity-log entries, judged
 * inside the statement so that a refusal writes nothing (a check's create and update,
 * services/uptime-check-rows). A statement is a transaction by itself, so none is opened around
 * it: BEGIN and COMMIT were two of a create's three round trips to the database. Reads before the
 * statement see what was committed then; the statement guards what they read (a version, a lock).
 * `record` has no transaction to write its entry in, so it is refused.
 */
export async function commitStatement<T>(outlets: ChangeOutlets, author: ChangeAuthor, work: (unit: ChangeUnit) => Promise<T>): Promise<T> {
  const changes: Change[] = [];
  const recorder: ChangeRecorder = {
    record: () => {
      throw new Error('a change made in one statement writes its activity-log entries in that statement (entryOf, recordWritten)');
    },
    entryOf: (change) => entryColumns(outlets, author, change),
    recordWritten: (change) => changes.push(change),
  };
  const result = await work({ tx: outlets.em, changes: recorder });
  await publishCommitted(outlets, changes);
  return result;
}

const workspaceOfEntry = (author: ChangeAuthor, change: Pick<Change, 'workspaceId'>): number | null =>
  change.workspaceId !== undefined ? change.workspaceId : author.workspaceId;
