import type { Logger } from '../src/log.js';
import { jitteredBackoffMs } from '../src/domain/backoff.js';
import { withTimeout } from '../src/ops/with-timeout.js';
import { DueHeap } from './due-heap.js';

/** Does the work for one key; may ask to run again at a time (ms since epoch). */
export type KeyWork = (key: string, signal: AbortSignal) => Promise<number | undefined>;

/**
 * Keys to reconcile, each at most once in the queue and at its earliest due time; one worker
 * takes them while its signal lives: keys that are due in the order they became due (taking one
 * is O(1)), the others from a heap by due time, as controller-runtime's delaying queue does. A key whose work fails runs again after a
 * jittered backoff that grows with its failures, so an outage of the database or the Kubernetes
 * API only slows reconciles down and never stops them.
 */
export class WorkQueue {
  /** The one due time of every queued key; heap entries that disagree with it are stale. */
  private readonly due = new Map<string, number>();
  private readonly ready = new Set<string>();
  private readonly waiting = new DueHeap();
  private readonly failures = new Map<string, number>();
  private wake: (() => void) | undefined;

  constructor(
    private readonly work: KeyWork,
    private readonly logger: Logger,
    /** A reconcile still running after this is given up (and retried): a hung request must not stop the queue. */
    private readonly workTimeoutMs = 60_000,
  ) {}

  add(key: string, atMs: number = Date.now()): void {
    if (this.ready.has(key)) return;
    const current = this.due.get(key);
    if (current !== undefined && current <= atMs) return;
    this.due.set(key, atMs);
    if (atMs <= Date.now()) this.ready.add(key);
    else this.waiting.push(key, atMs);
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
        const next = this.next(Date.now());
        if ('sleepMs' in next) {
          await this.sleep(next.sleepMs);
          continue;
        }
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

  /** The key to work on now, taken off the queue; or how long to wait for one. */
  private next(nowMs: number): { key: string } | { sleepMs: number } {
    for (let top = this.waiting.peek(); top && top.atMs <= nowMs; top = this.waiting.peek()) {
      this.waiting.pop();
      if (this.due.get(top.key) === top.atMs) this.ready.add(top.key);
    }
    const first = this.ready.values().next();
    if (!first.done) {
      this.ready.delete(first.value);
      this.due.delete(first.value);
      return { key: first.value };
    }
    while (this.waiting.peek() && this.due.get(this.waiting.peek()!.key) !== this.waiting.peek()!.atMs) this.waiting.pop();
    const soonest = this.waiting.peek();
    return { sleepMs: soonest ? soonest.atMs - nowMs : 60_000 };
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
