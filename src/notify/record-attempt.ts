import type { EntityManager } from '@mikro-orm/core';
import { DeliveryAttempt, OutboxDelivery } from '../store/entities/outbox.js';
import type { DeliveryOutcome } from './channel.js';
import type { NextState } from './retry-policy.js';

const MAX_ERROR_CHARS = 2000;

/**
 * Writes the attempt and the delivery's new state in one transaction and releases the lease.
 * Only a still-pending row changes: if a slow attempt overlaps a second claim after its lease
 * ran out, the first answer recorded wins and the other is kept as an attempt only.
 */
export async function recordAttempt(
  em: EntityManager,
  delivery: { id: number; attempts: number },
  outcome: DeliveryOutcome,
  next: NextState,
  attemptedAt: Date,
  durationMs: number,
): Promise<void> {
  const error = outcome.kind === 'delivered' ? null : outcome.reason.slice(0, MAX_ERROR_CHARS);
  await em.transactional(async (tx) => {
    tx.persist(
      tx.create(DeliveryAttempt, {
        delivery: tx.getReference(OutboxDelivery, delivery.id),
        attemptedAt,
        outcome: outcome.kind,
        responseCode: outcome.code ?? null,
        error,
        durationMs: Math.round(durationMs),
      }),
    );
    await tx.flush();
    await tx.nativeUpdate(
      OutboxDelivery,
      { id: delivery.id, status: 'pending' },
      {
        attempts: delivery.attempts + 1,
        status: next.status,
        leaseUntil: null,
        lastError: next.status === 'failed' ? next.reason.slice(0, MAX_ERROR_CHARS) : error,
        ...(next.status === 'pending' ? { nextAttemptAt: next.nextAttemptAt } : {}),
        ...(next.status === 'delivered' ? { deliveredAt: attemptedAt } : {}),
      },
    );
  });
}
