/** Delay before retry `attempt` (1-based): doubling from `baseMs` up to `maxMs`, half of it random so that failing peers spread out. */
export function jitteredBackoffMs(attempt: number, baseMs: number, maxMs: number, random: number = Math.random()): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
