/** An Event this replica wrote, kept to count its repeats. */
export interface SeenEvent {
  name: string;
  count: number;
  lastMs: number;
}

export type EventDecision = { action: 'create' } | { action: 'count'; name: string; count: number };

/**
 * The same event on the same object within the window is one Event whose count grows, as
 * client-go's recorder aggregates, instead of a new object per reconcile.
 */
export function decideEvent(seen: SeenEvent | undefined, nowMs: number, windowMs: number): EventDecision {
  if (!seen || nowMs - seen.lastMs > windowMs) return { action: 'create' };
  return { action: 'count', name: seen.name, count: seen.count + 1 };
}
