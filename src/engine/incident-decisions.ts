import { jitteredBackoffMs } from '../domain/backoff.js';
import type { Logger } from '../log.js';
import type { IncidentOpening, IncidentRecovery, IncidentWriter } from './incident-writer.js';

type Decision =
  | { kind: 'open'; opening: IncidentOpening; opened: (incidentId: number | null) => void }
  | { kind: 'resolve'; recovery: IncidentRecovery };

export interface DecisionRetry {
  baseMs: number;
  maxMs: number;
}

/**
 * The incident decisions of the check actors (open, resolve), applied in the order each check
 * made them and retried with jittered backoff until the database takes them. An actor hands its
 * decision over and goes on with its schedule: a cycle that closes while the database is away is
 * decided once it returns, and the writer's unique keys and row locks make a retry harmless.
 * Never shed: a check has at most one decision per cycle, and none while an incident is pending.
 */
export class IncidentDecisions {
  private readonly queues = new Map<number, Decision[]>();
  private readonly workers = new Map<number, Promise<void>>();
  private stopped = false;
  private failingSince: number | null = null;

  constructor(
    private readonly writer: IncidentWriter,
    private readonly logger: Logger,
    private readonly retry: DecisionRetry = { baseMs: 500, maxMs: 10_000 },
  ) {}

  /** Decisions not yet applied, over every check. */
  get pending(): number {
    let n = 0;
    for (const queue of this.queues.values()) n += queue.length;
    return n;
  }

  open(opening: IncidentOpening, opened: (incidentId: number | null) => void): void {
    this.enqueue(opening.checkId, { kind: 'open', opening, opened });
  }

  resolve(recovery: IncidentRecovery): void {
    this.enqueue(recovery.checkId, { kind: 'resolve', recovery });
  }

  /** Resolves once every decision of the check made so far is applied. */
  settled(checkId: number): Promise<void> {
    return this.workers.get(checkId) ?? Promise.resolve();
  }

  /** Waits for what is applied right now, then applies nothing more (shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.workers.values());
  }

  private enqueue(checkId: number, decision: Decision): void {
    if (this.stopped) return;
    const queue = this.queues.get(checkId);
    if (queue) {
      queue.push(decision);
      return;
    }
    this.queues.set(checkId, [decision]);
    this.workers.set(checkId, this.work(checkId));
  }

  /** Applies the check's decisions in order; it always awaits before it ends, so it is registered by then. */
  private async work(checkId: number): Promise<void> {
    const queue = this.queues.get(checkId)!;
    for (let attempt = 1; queue.length > 0 && !this.stopped; ) {
      const decision = queue[0]!;
      try {
        await this.apply(decision);
        queue.shift();
        attempt = 1;
        this.recovered();
      } catch (error) {
        const delayMs = jitteredBackoffMs(attempt++, this.retry.baseMs, this.retry.maxMs);
        this.failed(error, checkId, delayMs);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
    // In the same step as the last check of the queue: a decision enqueued from now on starts a new worker.
    this.queues.delete(checkId);
    this.workers.delete(checkId);
  }

  private async apply(decision: Decision): Promise<void> {
    if (decision.kind === 'resolve') return this.writer.resolve(decision.recovery);
    decision.opened(await this.writer.open(decision.opening));
  }

  /** One line when decisions start waiting for the database, one when they go through again: a long outage does not flood the log. */
  private failed(error: unknown, checkId: number, retryInMs: number): void {
    if (this.failingSince === null) {
      this.failingSince = Date.now();
      this.logger.warn({ err: error, checkId, retryInMs }, 'incident decisions cannot be written; kept and retried');
    } else {
      this.logger.debug({ err: error, checkId, retryInMs }, 'incident decision not written yet; retrying');
    }
  }

  private recovered(): void {
    if (this.failingSince === null) return;
    this.logger.info({ waitedMs: Date.now() - this.failingSince, pending: this.pending }, 'incident decisions are written again');
    this.failingSince = null;
  }
}
