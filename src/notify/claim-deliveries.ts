import type { EntityManager } from '@mikro-orm/core';

/**
 * Reserves up to `limit` due deliveries for this notifier until `leaseUntil`, in one statement
 * (its own short transaction). `skip locked` lets replicas claim side by side without waiting
 * on each other or taking the same row; a lease that runs out (the claimer died) makes the row
 * due again, so a claimed delivery is never lost.
 */
export async function claimDueDeliveries(em: EntityManager, now: Date, leaseUntil: Date, limit: number): Promise<number[]> {
  const rows: Array<{ id: number }> = await em.getConnection().execute(
    `update outbox_deliveries set lease_until = ?
     where id in (
       select id from outbox_deliveries
       where status = 'pending' and next_attempt_at <= ? and (lease_until is null or lease_until < ?)
       order by next_attempt_at, id
       limit ?
       for update skip locked)
     returning id`,
    [leaseUntil, now, now, limit],
  );
  return rows.map((row) => Number(row.id));
}
