import type { Logger } from '../src/log.js';
import { jitteredBackoffMs } from '../src/domain/backoff.js';
import { withTimeout } from '../src/ops/with-timeout.js';

/** Does the work for one key; may ask to run again at a time (ms since epoch). */
export type KeyWork = (key: string, signal: AbortSignal) => Promise<number | undefined>;

/**
 * Keys to reconcile, each at most once in the queue and at its earliest due time; one worker
 * takes them in due order while its signal lives. A key whose work fails runs again after a
 * jittered backoff that grows with its failures, so an outage of the database or the Kubernetes
 * API only slows reconciles down and never stops them.
 */
export class WorkQueue {
  private readonly due = new Map<string, number>();
  private readonly failures = new Map<string, number>();
  private wake: (() => void) | undefined;

  constructor(
    private readonly work: KeyWork,
    private readonly logger: Logger,
    /** A reconcile still running after this is given up (and retried): a hung request must not stop the queue. */
    private readonly workTimeoutMs = 60_000,
  ) {}

  add(key: string, atMs: number = Date.now()): void {
    const current = this.due.get(key);
    if (current === undefined || atMs < current) this.due.set(key, atMs);
    this.wake?.();
  }

  get size(): number {
    return this.due.size;
  }

  /** Works until the signal aborts; keys added meanwhile stay queued for the next run. */
  async run(signal: AbortSignal): Promise<void> {
    const onAbort = () => this.wake?.();
    signal.addEventListener('abort', onAbort);
    try {
      while (!signal.aborted) {
        const next = this.next();
        if (!next || next.atMs > Date.now()) {
          await this.sleep(next ? next.atMs - Date.now() : 60_000);
          continue;
        }
        this.due.delete(next.key);
        await this.runOne(next.key, signal);
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  private async runOne(key: string, signal: AbortSignal): Promise<void> {
    try {
      const again = await withTimeout(this.work(key, signal), this.workTimeoutMs, `reconcile of ${key}`);
      this.failures.delete(key);
      if (again !== undefined) this.add(key, again);
    } catch (error) {
      const failures = (this.failures.get(key) ?? 0) + 1;
      this.failures.set(key, failures);
      const delay = jitteredBackoffMs(failures, 500, 30_000);
      this.logger.warn({ err: error, key, failures, retryInMs: delay }, 'reconcile failed; retrying');
      this.add(key, Date.now() + delay);
    }
  }

  private next(): { key: string; atMs: number } | undefined {
    let best: { key: string; atMs: number } | undefined;
    for (const [key, atMs] of this.due) if (!best || atMs < best.atMs) best = { key, atMs };
    return best;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
