import type { EntityManager } from '@mikro-orm/postgresql';
import { enqueueEvent } from '../../notify/enqueue.js';
import { TEST_EVENT_TYPE } from '../../notify/event.js';
import { wakeNotifiers } from '../../notify/wake.js';
import { Client } from '../../store/entities/client.js';
import { OutboxDelivery } from '../../store/entities/outbox.js';
import { workspaceOf, type Principal } from '../auth/principal.js';
import { conflict } from '../errors.js';
import { requireActiveEntitlement, requirePermission } from '../guards.js';
import { mutate } from '../mutation.js';
import { findGroup } from '../notification-groups/group-queries.js';
import type { RequestContext } from '../request-context.js';
import { findDelivery } from './delivery-queries.js';

/** Sending is a mutation of the group's world: the group permission and an active account. */
function guard(principal: Principal): void {
  requirePermission(principal, 'manage_notification_groups');
  requireActiveEntitlement(principal);
}

/** Best effort after the commit: a notifier that misses the wake-up finds the delivery at its next poll. */
async function wake(context: RequestContext): Promise<void> {
  try {
    await wakeNotifiers(context.deps.bus);
  } catch (error) {
    context.logger.warn({ err: error }, 'notifiers not woken; the delivery waits for their next poll');
  }
}

/**
 * Writes a `notification.test` event for the group into the outbox, one delivery per channel and
 * destination, exactly as a check failure would: the notifier sends it through the real channels.
 * Resolves to the ids of the new deliveries.
 */
export async function sendTestNotification(context: RequestContext, principal: Principal, groupId: number): Promise<number[]> {
  guard(principal);
  const ids = await mutate(context, principal, async (tx, changes) => {
    const group = await findGroup(tx, workspaceOf(principal), groupId);
    const event = enqueueEvent(
      tx,
      {
        client: tx.getReference(Client, principal.client.id),
        workspace: workspaceOf(principal),
        eventType: TEST_EVENT_TYPE,
        occurredAt: context.deps.now(),
        resource: { type: 'notification_group', id: group.id, name: group.name },
      },
      [group],
    );
    await tx.flush();
    changes.record({ action: 'notification_group.send_test', resourceType: 'notification_group', resourceId: group.id, notice: null });
    const deliveries = await tx.find(OutboxDelivery, { event }, { fields: ['id'], orderBy: { id: 'asc' } });
    return deliveries.map((delivery) => delivery.id);
  });
  await wake(context);
  return ids;
}

/**
 * Makes a failed or backing-off delivery due now, and restarts its give-up time from now. An
 * attempt under way (claimed, its lease running) or a delivered one is a 409: nothing to retry.
 */
export async function retryDeliveryNow(context: RequestContext, principal: Principal, groupId: number, deliveryId: number): Promise<void> {
  guard(principal);
  await mutate(context, principal, async (tx, changes) => {
    const group = await findGroup(tx, workspaceOf(principal), groupId);
    const delivery = await findDelivery(tx, group, deliveryId);
    if (delivery.status === 'delivered') throw conflict(`delivery ${deliveryId} was delivered; there is nothing to retry`);
    const now = context.deps.now();
    if (!(await makeDue(tx, deliveryId, now))) throw conflict(`an attempt of delivery ${deliveryId} is under way; its outcome will show in its attempts`);
    changes.record({ action: 'notification_group.retry_delivery', resourceType: 'notification_group', resourceId: group.id, notice: null, details: { delivery_id: delivery.deliveryId } });
  });
  await wake(context);
}

/** One conditional statement, so a notifier recording an attempt at the same moment cannot be overwritten. */
async function makeDue(tx: EntityManager, id: number, now: Date): Promise<boolean> {
  const rows: Array<{ id: number }> = await tx.getConnection().execute(
    `update outbox_deliveries set status = 'pending', next_attempt_at = ?, retried_at = ?
     where id = ? and (status = 'failed' or (status = 'pending' and (lease_until is null or lease_until < ?)))
     returning id`,
    [now, now, id, now],
    'all',
    tx.getTransactionContext(),
  );
  return rows.length === 1;
}
