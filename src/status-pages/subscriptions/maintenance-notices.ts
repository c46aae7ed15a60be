import type { EntityManager } from '@mikro-orm/core';
import { MaintenanceWindow } from '../../store/entities/maintenance-window.js';
import type { Store } from '../../store/orm.js';
import { enqueuePageEvent } from './enqueue-notices.js';

export interface WindowTiming {
  enabled: boolean;
  startsAt: Date;
}

/** A window is announced as scheduled when it becomes enabled with a future start, or its future start moves. */
export function announcesSchedule(before: WindowTiming | null, after: WindowTiming, now: Date): boolean {
  if (!after.enabled || after.startsAt.getTime() <= now.getTime()) return false;
  return before === null || !before.enabled || before.startsAt.getTime() !== after.startsAt.getTime();
}

/** Windows that started longer ago than this when first seen are not announced (a notifier that was down for a day tells no stale news). */
const START_NOTICE_GRACE_MS = 3600_000;

function enqueueWindowEvent(tx: EntityManager, window: MaintenanceWindow, eventType: 'status_page.maintenance.scheduled' | 'status_page.maintenance.started', at: Date): Promise<void> {
  return enqueuePageEvent(tx, {
    eventType,
    occurredAt: at,
    checkIds: window.scope === 'workspace' ? { workspace: window.workspace.id } : window.check ? [window.check.id] : [],
    details: { window_id: window.id, message: window.name, starts_at: window.startsAt.toISOString(), ends_at: window.endsAt.toISOString() },
  });
}

/** In the transaction that saves the window: tells the pages' subscribers it is scheduled. */
export async function enqueueWindowScheduled(tx: EntityManager, window: MaintenanceWindow, before: WindowTiming | null, now: Date): Promise<void> {
  if (announcesSchedule(before, window, now)) await enqueueWindowEvent(tx, window, 'status_page.maintenance.scheduled', now);
}

/**
 * Tells subscribers of the windows that have started and were not told yet. Each window start is
 * claimed by inserting its row in the transaction that enqueues the notice: of several notifiers
 * running this, one inserts and tells, the others find the row and do nothing.
 */
export async function announceStartedWindows(store: Store, now: Date): Promise<number> {
  const due = await store.em.fork().find(MaintenanceWindow, {
    enabled: true,
    startsAt: { $lte: now, $gt: new Date(now.getTime() - START_NOTICE_GRACE_MS) },
    endsAt: { $gt: now },
  });
  let told = 0;
  for (const { id } of due) {
    told += await store.em.fork().transactional(async (tx) => {
      const window = await tx.findOne(MaintenanceWindow, id);
      if (!window) return 0;
      const inserted: Array<{ window_id: number }> = await tx.getConnection().execute(
        'insert into status_page_maintenance_starts (window_id, starts_at, announced_at) values (?, ?, ?) on conflict do nothing returning window_id',
        [window.id, window.startsAt, now],
        'all',
        tx.getTransactionContext(),
      );
      if (inserted.length === 0) return 0;
      await enqueueWindowEvent(tx, window, 'status_page.maintenance.started', now);
      return 1;
    });
  }
  return told;
}

