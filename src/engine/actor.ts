import { jitteredBackoffMs } from '../domain/backoff.js';
import type { Logger } from '../log.js';

/** What an actor does with its messages, and how it comes back after a failure. */
export interface ActorBehavior<M> {
  handle(message: M): void | Promise<void>;
  /** Rebuilds the behaviour's state from storage after `handle` threw. */
  restart(error: unknown): Promise<void>;
}

/** How long a failed restart waits before the next try: doubling from `baseMs` up to `maxMs`, jittered. */
export interface RestartBackoff {
  baseMs: number;
  maxMs: number;
}

/**
 * A mailbox and one message at a time. A handler that throws is logged and the behaviour
 * restarted from stored state; the failure never reaches the process, and the next message is
 * handled by the restarted behaviour. A restart that fails (the database is away) is tried again
 * with backoff until it succeeds: an actor never waits for a message that may not come to get
 * its behaviour, and its timers, back.
 */
export class Actor<M> {
  private mailbox: M[] | null = null;
  private running = false;
  private stopped = false;
  private idleWaiters: Array<() => void> | null = null;
  /** Ends the wait before the next restart attempt (a stop must not leave a timer of up to 30 s behind). */
  private wakeRetry: (() => void) | null = null;

  constructor(
    readonly name: string,
    private readonly behavior: ActorBehavior<M>,
    private readonly logger: Logger,
    private readonly restartBackoff: RestartBackoff = { baseMs: 500, maxMs: 30_000 },
  ) {}

  tell(message: M): void {
    if (this.stopped) return;
    (this.mailbox ??= []).push(message);
    if (!this.running) this.drain();
  }

  /** Drops what is queued and refuses new messages; the message being handled finishes, a restart waiting to be retried gives up. */
  stop(): void {
    this.stopped = true;
    this.mailbox = null;
    this.wakeRetry?.();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Resolves once the mailbox is empty and nothing is being handled. */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => (this.idleWaiters ??= []).push(resolve));
  }

  /**
   * Handles messages synchronously while handlers finish synchronously (most do: a probe answer
   * only updates state and buffers a run), and falls back to awaiting from the first one that
   * returns a promise. A promise chain per message would cost 100,000 actors more than the work.
   */
  private drain(): void {
    this.running = true;
    while (this.mailbox && this.mailbox.length > 0) {
      const message = this.mailbox.shift()!;
      let pending: void | Promise<void>;
      try {
        pending = this.behavior.handle(message);
      } catch (error) {
        void this.supervise(error).then(() => this.drain());
        return;
      }
      if (pending) {
        void pending.then(
          () => this.drain(),
          (error: unknown) => this.supervise(error).then(() => this.drain()),
        );
        return;
      }
    }
    this.mailbox = null;
    this.running = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = null;
    waiters?.forEach((resolve) => resolve());
  }

  private async supervise(error: unknown): Promise<void> {
    this.logger.error({ err: error, actor: this.name }, 'actor failed; restarting it from stored state');
    for (let attempt = 1; !this.stopped; attempt++) {
      try {
        await this.behavior.restart(error);
        if (attempt > 1) this.logger.info({ actor: this.name, attempts: attempt }, 'actor restarted');
        return;
      } catch (restartError) {
        const delayMs = jitteredBackoffMs(attempt, this.restartBackoff.baseMs, this.restartBackoff.maxMs);
        // The first failure is worth an error; the retries of a long outage would flood the log.
        const level = attempt === 1 ? 'error' : 'debug';
        this.logger[level]({ err: restartError, actor: this.name, attempt, retryInMs: delayMs }, 'actor restart failed; retrying');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delayMs);
          this.wakeRetry = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeRetry = null;
      }
    }
  }
}
