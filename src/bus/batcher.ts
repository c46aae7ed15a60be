/** When a batch leaves: at `maxItems`, or `windowMs` after its first item, whichever comes first (or at once, with an urgent item). */
export interface BatchLimits {
  maxItems: number;
  windowMs: number;
}

/**
 * Gathers items per key (a location, a result subject) and hands each key's items to `send` as one
 * batch, so that the bus moves one message per batch instead of one per item. Pure bookkeeping:
 * `send` does the I/O and owns its failures.
 */
export class Batcher<T> {
  private readonly open = new Map<string, T[]>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly limits: BatchLimits,
    private readonly send: (key: string, items: T[]) => void,
  ) {}

  /** Items waiting for their batch to leave. */
  get pending(): number {
    let count = 0;
    for (const items of this.open.values()) count += items.length;
    return count;
  }

  /** An urgent item (someone waits for it, or its deadline is near) leaves at once, with what its batch holds so far. */
  add(key: string, item: T, urgent = false): void {
    const items = this.open.get(key);
    if (!items) this.open.set(key, [item]);
    else items.push(item);
    if (urgent || (items?.length ?? 1) >= this.limits.maxItems) this.flushKey(key);
    else this.timer ??= setTimeout(this.flush, this.limits.windowMs);
  }

  /** Sends every open batch now (the window elapsed, or shutdown). */
  readonly flush = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const key of [...this.open.keys()]) this.flushKey(key);
  };

  private flushKey(key: string): void {
    const items = this.open.get(key);
    if (!items) return;
    this.open.delete(key);
    if (this.open.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.send(key, items);
  }
}
