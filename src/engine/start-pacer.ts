/** How often the pacer starts its next share of waiting actors. */
const tickMs = 20;

/**
 * Starts actors at most `ratePerSecond` per second: adopting 100,000 checks, or taking over a
 * partition, then spreads their first cycles instead of firing them all at once. Each tick starts
 * a fixed share, so a stalled event loop resumes at the same rate rather than catching up in one
 * burst. A start with none waiting before it runs at once.
 */
export class StartPacer<T> {
  private queue: T[] = [];
  private head = 0;
  private startedThisTick = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly perTick: number;

  constructor(
    ratePerSecond: number,
    private readonly start: (item: T) => void,
  ) {
    this.perTick = Math.max(1, Math.floor((ratePerSecond * tickMs) / 1000));
  }

  /** Starts waiting for their turn. */
  get waiting(): number {
    return this.queue.length - this.head;
  }

  add(item: T): void {
    if (this.waiting === 0 && this.startedThisTick < this.perTick) {
      this.startedThisTick++;
      this.start(item);
    } else {
      this.queue.push(item);
    }
    this.timer ??= setTimeout(this.tick, tickMs);
  }

  /** Forgets every start still waiting (the engine stops). */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.head = 0;
    this.startedThisTick = 0;
  }

  private readonly tick = (): void => {
    this.timer = null;
    this.startedThisTick = 0;
    while (this.startedThisTick < this.perTick && this.head < this.queue.length) {
      const item = this.queue[this.head]!;
      this.queue[this.head++] = undefined as never;
      this.startedThisTick++;
      this.start(item);
    }
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    }
    // Armed again while starts wait, or while this tick's share was used (a start arriving now must count against it).
    if (this.startedThisTick > 0 || this.waiting > 0) this.timer = setTimeout(this.tick, tickMs);
  };
}
