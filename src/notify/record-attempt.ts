import type { EntityManager } from '@mikro-orm/core';
import { DeliveryAttempt, OutboxDelivery } from '../store/entities/outbox.js';
import type { DeliveryOutcome } from './channel.js';
import type { NextState } from './retry-policy.js';

const MAX_ERROR_CHARS = 2000;

export interface AttemptRecord {
  delivery: { id: number };
  outcome: DeliveryOutcome;
  next: NextState;
  attemptedAt: Date;
  durationMs: number;
}

/**
 * Writes the attempts and the deliveries' new states in one transaction and releases their
 * leases. Only a still-pending row changes: if a slow attempt overlaps a second claim after its
 * lease ran out, the first answer recorded wins and the other is kept as an attempt only.
 */
export async function recordAttempts(em: EntityManager, records: readonly AttemptRecord[]): Promise<void> {
  await em.transactional(async (tx) => {
    for (const { delivery, outcome, attemptedAt, durationMs } of records) {
      tx.persist(
        tx.create(DeliveryAttempt, {
          delivery: tx.getReference(OutboxDelivery, delivery.id),
          attemptedAt,
          outcome: outcome.kind,
          responseCode: outcome.code ?? null,
          error: outcome.kind === 'delivered' ? null : outcome.reason.slice(0, MAX_ERROR_CHARS),
          durationMs: Math.round(durationMs),
        }),
      );
    }
    await tx.flush();
    // One statement for every row of the batch: the batch commits in a few round trips, whatever its size.
    const values = records.map(() => '(?::int, ?::text, ?::text, ?::timestamptz, ?::timestamptz)').join(', ');
    const params = records.flatMap(({ delivery, outcome, next, attemptedAt }) => [
      delivery.id,
      next.status,
      next.status === 'failed' ? next.reason.slice(0, MAX_ERROR_CHARS) : outcome.kind === 'delivered' ? null : outcome.reason.slice(0, MAX_ERROR_CHARS),
      next.status === 'pending' ? next.nextAttemptAt : null,
      next.status === 'delivered' ? attemptedAt : null,
    ]);
    await tx.getConnection().execute(
      `update outbox_deliveries d set
         attempts = d.attempts + 1,
         status = v.status,
         lease_until = null,
         last_error = v.last_error,
         next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at),
         delivered_at = coalesce(v.delivered_at, d.delivered_at)
       from (values ${values}) as v(id, status, last_error, next_attempt_at, delivered_at)
       where d.id = v.id and d.status = 'pending'`,
      params,
      'run',
      tx.getTransactionContext(),
    );
  });
}

/**
 * Group commit for attempt records: while one transaction writes, the records that arrive wait
 * and go together in the next one. Each caller learns when its own record is stored.
 */
export class AttemptRecorder {
  private queue: Array<{ record: AttemptRecord; done: (error?: unknown) => void }> = [];
  private writing = false;

  constructor(private readonly newEntityManager: () => EntityManager) {}

  record(record: AttemptRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ record, done: (error) => (error ? reject(error) : resolve()) });
      void this.drain();
    });
  }

  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        await recordAttempts(this.newEntityManager(), batch.map((item) => item.record));
        for (const item of batch) item.done();
      } catch (error) {
        for (const item of batch) item.done(error);
      }
    }
    this.writing = false;
  }
}
