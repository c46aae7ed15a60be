import type { Clock, TimerHandle } from './clock.js';

/** A scheduled callback; cancelling marks it, and the heap drops it when its time comes. */
export interface ScheduledEntry {
  readonly at: number;
  cancelled: boolean;
}

interface Entry extends ScheduledEntry {
  fire: (payload: never, at: number) => void;
  payload: unknown;
  seq: number;
}

/** Node refuses timer delays above 2^31-1 ms; longer waits re-arm on the way. */
const maxTimerDelay = 2 ** 31 - 1;

/**
 * One timer for every check: a binary min-heap of due times, with a single clock timer armed for
 * the earliest. Scheduling is O(log n), and 100k checks cost 100k small heap entries, not 100k
 * timers.
 */
export class Scheduler {
  private readonly heap: Entry[] = [];
  private timer: TimerHandle | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private seq = 0;
  private stopped = false;

  constructor(private readonly clock: Clock) {}

  get size(): number {
    return this.heap.length;
  }

  /**
   * Calls `fire(payload, time)` at `time`. Callers that schedule over and over pass one shared
   * function and vary the payload: a fresh closure per entry, living as long as the entry (up to
   * a period), is garbage the collector has to promote and then sweep.
   */
  at(time: number, fire: () => void): ScheduledEntry;
  at<T>(time: number, fire: (payload: T, at: number) => void, payload: T): ScheduledEntry;
  at(time: number, fire: (payload: never, at: number) => void, payload?: unknown): ScheduledEntry {
    const entry: Entry = { at: time, fire, payload, cancelled: false, seq: this.seq++ };
    this.push(entry);
    if (time < this.timerAt) this.arm();
    return entry;
  }

  cancel(entry: ScheduledEntry | null | undefined): void {
    if (entry) entry.cancelled = true;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.heap.length = 0;
  }

  private arm(): void {
    if (this.stopped) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    const first = this.heap[0];
    if (!first) return;
    const delay = Math.min(Math.max(0, first.at - this.clock.now()), maxTimerDelay);
    this.timer = this.clock.setTimeout(this.run, delay);
    // Only once the timer exists: a timer that could not be armed must leave the next `at` to arm one.
    this.timerAt = first.at;
  }

  /** Arms the clock timer again if entries wait without one (arming it failed); true when it had to. The engine's watchdog calls it. */
  ensureArmed(): boolean {
    if (this.stopped || this.timer !== null || this.heap.length === 0) return false;
    this.arm();
    return true;
  }

  private readonly run = (): void => {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = this.clock.now();
    while (!this.stopped && this.heap.length > 0 && this.heap[0]!.at <= now) {
      const entry = this.pop();
      if (!entry.cancelled) (entry.fire as (payload: unknown, at: number) => void)(entry.payload, entry.at);
    }
    this.arm();
  };

  private before(a: Entry, b: Entry): boolean {
    return a.at < b.at || (a.at === b.at && a.seq < b.seq);
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  private pop(): Entry {
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && this.before(heap[left]!, heap[smallest]!)) smallest = left;
        if (right < heap.length && this.before(heap[right]!, heap[smallest]!)) smallest = right;
        if (smallest === i) break;
        [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
        i = smallest;
      }
    }
    return top;
  }
}
