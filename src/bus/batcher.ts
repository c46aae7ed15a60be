/** When a batch leaves: at `maxItems`, or `windowMs` after its first item, whichever comes first (or at the end of the event loop's turn, with an urgent item). */
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
  private readonly urgentKeys = new Set<string>();
  private urgentTurn: NodeJS.Immediate | null = null;

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

  /**
   * An urgent item (someone waits for it, or its deadline is near) leaves at the end of this turn of
   * the event loop, with what its batch holds by then. Not at once: an agent that falls behind
   * finishes most of its probes near their deadlines, and sending each such result alone (one
   * JetStream publish and acknowledgement per result) cost it and NATS the CPU it was short of,
   * until its publishes timed out. The results one turn handles now leave together.
   */
  add(key: string, item: T, urgent = false): void {
    const items = this.open.get(key);
    if (!items) this.open.set(key, [item]);
    else items.push(item);
    if ((items?.length ?? 1) >= this.limits.maxItems) this.flushKey(key);
    else if (urgent) {
      this.urgentKeys.add(key);
      this.urgentTurn ??= setImmediate(this.flushUrgent);
    } else this.timer ??= setTimeout(this.flush, this.limits.windowMs);
  }

  /** Sends every open batch now (the window elapsed, or shutdown). */
  readonly flush = (): void => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.urgentTurn) clearImmediate(this.urgentTurn);
    this.urgentTurn = null;
    this.urgentKeys.clear();
    for (const key of [...this.open.keys()]) this.flushKey(key);
  };

  private readonly flushUrgent = (): void => {
    this.urgentTurn = null;
    const keys = [...this.urgentKeys];
    this.urgentKeys.clear();
    for (const key of keys) this.flushKey(key);
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
