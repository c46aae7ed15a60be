/**
 * Failed sign-ins per key, in memory: each key keeps the times of its recent failures and is
 * forgotten once they are all older than the window. Per process: with several API replicas a
 * guesser gets one allowance per replica, which still bounds the rate.
 */
export class FailureStore {
  private readonly failures = new Map<string, number[]>();
  private writesSinceSweep = 0;

  constructor(private readonly retentionMs: number) {}

  recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => at > now - this.retentionMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  record(key: string, now: number): void {
    this.failures.set(key, [...this.recent(key, now), now]);
    if (++this.writesSinceSweep >= 1000) this.sweep(now);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  /** Drops every key whose failures have all expired, so that a spray of addresses cannot grow the map for ever. */
  sweep(now: number): void {
    this.writesSinceSweep = 0;
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}
