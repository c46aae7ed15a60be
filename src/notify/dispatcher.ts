import { performance } from 'node:perf_hooks';
import type { Logger } from '../log.js';
import { deliveryAttemptsTotal, deliverySeconds } from '../metrics/vantage-metrics.js';
import { logDeliveryGivenUp } from '../ops/event-log.js';
import { OutboxDelivery } from '../store/entities/outbox.js';
import type { Store } from '../store/orm.js';
import type { ChannelName } from './channel-name.js';
import { failed, type Channel, type DeliveryOutcome } from './channel.js';
import { claimDueDeliveries } from './claim-deliveries.js';
import { outcomeOfError } from './error-outcome.js';
import { viewOfDelivery } from './outbox-view.js';
import { AttemptRecorder } from './record-attempt.js';
import { nextStateAfter, type RetryPolicy } from './retry-policy.js';

export interface DispatcherOptions {
  store: Store;
  channels: ReadonlyMap<ChannelName, Channel>;
  logger: Logger;
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  retry: RetryPolicy;
  now?: () => Date;
  random?: () => number;
}

/** Time in-flight sends get to finish on stop before they are aborted. */
const STOP_GRACE_MS = 5000;

/**
 * Claims due outbox deliveries, sends each through its channel outside any transaction, and
 * records every attempt. Wakes every `pollMs`, on `nudge()`, and when slots free up while a backlog waits.
 * Several dispatchers (replicas) may run against one database.
 */
export class Dispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private stopped = false;
  private backlog = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private claimFailing = false;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly recorder: AttemptRecorder;

  constructor(private readonly options: DispatcherOptions) {
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.recorder = new AttemptRecorder(() => options.store.em.fork());
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Something was just enqueued: look now instead of at the next poll. */
  nudge(): void {
    this.wake?.();
  }

  /** Stops claiming, lets in-flight sends finish (aborting them after a grace period), records them. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    const grace = setTimeout(() => this.abort.abort(), STOP_GRACE_MS);
    await Promise.allSettled([...this.inFlight]);
    clearTimeout(grace);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const free = this.options.concurrency - this.inFlight.size;
      let claimed = 0;
      if (free > 0) {
        try {
          claimed = await this.claimAndSend(free);
          if (this.claimFailing) this.options.logger.info('claiming outbox deliveries works again');
          this.claimFailing = false;
        } catch (error) {
          // Once per run of failures: a database away for minutes must not write a line per poll.
          this.options.logger[this.claimFailing ? 'debug' : 'error']({ err: error }, 'claiming outbox deliveries failed; trying again at the next poll');
          this.claimFailing = true;
        }
      }
      // A full batch (or no free slot to look with) means more may be due: claim again as soon as enough slots free up.
      this.backlog = free === 0 || (claimed > 0 && claimed === free);
      if (this.backlog && this.refillDue()) continue;
      await this.sleep();
    }
  }

  /**
   * With a backlog, refill when half the slots are free rather than at each one: a claim costs
   * a few queries, and batching them keeps the loop from becoming the bottleneck.
   */
  private refillDue(): boolean {
    return this.options.concurrency - this.inFlight.size >= Math.ceil(this.options.concurrency / 2);
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      this.wake = done;
      if (this.stopped) done();
    });
  }

  private async claimAndSend(limit: number): Promise<number> {
    const em = this.options.store.em.fork();
    const now = this.now();
    const ids = await claimDueDeliveries(em, now, new Date(now.getTime() + this.options.leaseMs), limit);
    if (ids.length === 0) return 0;
    const rows = await em.find(OutboxDelivery, { id: { $in: ids } }, { populate: ['event', 'group'], orderBy: { id: 'asc' } });
    for (const row of rows) {
      const sending = this.deliver(row).finally(() => {
        this.inFlight.delete(sending);
        if (this.backlog && this.refillDue()) this.wake?.();
      });
      this.inFlight.add(sending);
    }
    return ids.length;
  }

  private async deliver(row: OutboxDelivery): Promise<void> {
    const { logger } = this.options;
    const channel = this.options.channels.get(row.channel as ChannelName);
    const { event, target } = viewOfDelivery(row);
    // The attempt must end while the lease still holds, or a second notifier would claim the row meanwhile.
    const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(Math.max(500, this.options.leaseMs - 2000))]);
    const attemptedAt = this.now();
    const started = performance.now();
    let outcome: DeliveryOutcome;
    if (!channel) outcome = failed(`the ${row.channel} channel is not available on this server`);
    else {
      try {
        outcome = await channel.send(event, target, signal);
      } catch (error) {
        outcome = outcomeOfError(error);
      }
    }
    const durationMs = performance.now() - started;
    deliveryAttemptsTotal().inc({ channel: row.channel, outcome: outcome.kind });
    deliverySeconds().observe({ channel: row.channel }, durationMs / 1000);
    const next = nextStateAfter(outcome, { attempts: row.attempts + 1, since: row.retriedAt ?? row.createdAt }, this.now(), this.options.retry, this.random());
    const fields = { delivery_id: row.deliveryId, channel: row.channel, event_type: event.eventType, attempt: row.attempts + 1, outcome: outcome.kind, next: next.status };
    if (outcome.kind === 'delivered') logger.debug(fields, 'notification delivered');
    else if (next.status === 'failed') {
      logDeliveryGivenUp(logger, { deliveryId: row.deliveryId, channel: row.channel, eventType: event.eventType, groupId: row.group?.id ?? null, attempts: row.attempts + 1, reason: next.reason });
    } else logger.warn({ ...fields, reason: outcome.reason, code: outcome.code }, 'notification attempt failed; retrying later');
    try {
      await this.recorder.record({ delivery: row, outcome, next, attemptedAt, durationMs });
    } catch (error) {
      logger.error({ err: error, delivery_id: row.deliveryId }, 'recording a delivery attempt failed; the lease will run out and the delivery be tried again');
    }
  }
}
