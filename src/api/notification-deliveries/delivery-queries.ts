import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotificationGroup } from '../../store/entities/notification-group.js';
import { DeliveryAttempt, OutboxDelivery, type DeliveryStatus } from '../../store/entities/outbox.js';
import { notFound } from '../errors.js';

/** The group's deliveries, newest first, with their events. */
export async function listDeliveries(
  em: EntityManager,
  group: NotificationGroup,
  filters: { status: DeliveryStatus | undefined; limit: number; offset: number },
): Promise<{ deliveries: OutboxDelivery[]; total: number }> {
  const where: FilterQuery<OutboxDelivery> = filters.status ? { group, status: filters.status } : { group };
  const [deliveries, total] = await em.findAndCount(OutboxDelivery, where, {
    populate: ['event'],
    orderBy: { id: 'desc' },
    limit: filters.limit,
    offset: filters.offset,
  });
  return { deliveries, total };
}

/** A delivery of this group (a delivery of another group, even of the same client, is not found). */
export async function findDelivery(em: EntityManager, group: NotificationGroup, id: number): Promise<OutboxDelivery> {
  const delivery = await em.findOne(OutboxDelivery, { id, group }, { populate: ['event'], refresh: true });
  if (!delivery) throw notFound(`delivery ${id} of notification group ${group.id}`);
  return delivery;
}

/** These deliveries of the group, oldest first, in one query. */
export const deliveriesById = (em: EntityManager, group: NotificationGroup, ids: number[]): Promise<OutboxDelivery[]> =>
  em.find(OutboxDelivery, { id: { $in: ids }, group }, { populate: ['event'], orderBy: { id: 'asc' } });

export const attemptsOf = (em: EntityManager, delivery: OutboxDelivery): Promise<DeliveryAttempt[]> =>
  em.find(DeliveryAttempt, { delivery }, { orderBy: { id: 'asc' } });
