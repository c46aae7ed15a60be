/**
 * Whether a discovered check's new state is news for its source: going down (from anything else,
 * or first seen down) or coming back up from down. Paused, pending and unknown tell nothing.
 */
export function stateChange(previous: string | undefined, current: string | undefined, seenBefore: boolean): 'down' | 'recovered' | null {
  if (current === 'down' && (!seenBefore || previous !== 'down')) return 'down';
  if (current === 'up' && previous === 'down') return 'recovered';
  return null;
}
