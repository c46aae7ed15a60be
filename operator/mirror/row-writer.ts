import type { EntityManager } from '@mikro-orm/postgresql';
import type { Bus } from '../../src/bus/bus.js';
import type { ChangeNotice } from '../../src/bus/messages.js';
import { changeSubject } from '../../src/bus/subjects.js';
import type { Logger } from '../../src/log.js';
import { ActivityLogEntry } from '../../src/store/entities/activity-log.js';
import type { MirroredKind, MirroredRow } from './kinds/mirrored-kind.js';

export interface RowChange {
  kind: MirroredKind<MirroredRow>;
  id: number;
  clientId: number;
  workspaceId: number;
  action: 'created' | 'updated' | 'deleted';
  ref: string;
}

const verb = { created: 'create', updated: 'update', deleted: 'delete' } as const;

/** Writes an activity-log entry per change (actor: none, the manifest is named instead) in the caller's transaction. */
export function recordChanges(tx: EntityManager, changes: readonly RowChange[], at: Date): void {
  for (const change of changes) {
    tx.create(ActivityLogEntry, {
      client: change.clientId,
      workspaceId: change.workspaceId,
      actor: null,
      action: `${change.kind.notice}.${verb[change.action]}`,
      resourceType: change.kind.notice,
      resourceId: change.id,
      details: { kubernetes_ref: change.ref },
      at,
    });
  }
}

/**
 * Tells the engine after the commit, as the API does. A lost notice is healed by the engine's
 * own resync, so a failed publish is logged and not retried here.
 */
export async function publishChanges(bus: Bus, changes: readonly RowChange[], logger: Logger, at: Date): Promise<void> {
  for (const change of changes) {
    const notice: ChangeNotice = { kind: change.kind.notice, id: change.id, action: change.action, at: at.toISOString() };
    try {
      await bus.publishDurable(changeSubject(notice.kind, notice.id), notice);
    } catch (error) {
      logger.error({ err: error, notice }, 'change notice not published; the engine resync will pick the change up');
    }
  }
}
