import type { Knex } from '@mikro-orm/postgresql';
import { affectedRows, type AffectedRows } from './affected-rows.js';

/**
 * Deletes up to `limit` notifications that occurred before the cutoff and have no delivery left
 * to make (every delivery delivered or given up); their deliveries and attempts go with them
 * (foreign keys cascade). Answers how many were deleted.
 */
export async function deleteFinishedNotifications(tx: Knex.Transaction, cutoff: Date, limit: number): Promise<number> {
  const result = await tx.raw<AffectedRows>(
    `delete from outbox_events where id in (
       select e.id from outbox_events e
        where e.occurred_at < ?
          and not exists (select 1 from outbox_deliveries d where d.event_id = e.id and d.status = 'pending')
        order by e.occurred_at
        limit ?)`,
    [cutoff.toISOString(), limit],
  );
  return affectedRows(result);
}

/** Deletes up to `limit` activity log entries older than the cutoff, oldest first. */
export async function deleteOldActivity(tx: Knex.Transaction, cutoff: Date, limit: number): Promise<number> {
  const result = await tx.raw<AffectedRows>(
    'delete from activity_log where id in (select id from activity_log where at < ? order by at limit ?)',
    [cutoff.toISOString(), limit],
  );
  return affectedRows(result);
}
