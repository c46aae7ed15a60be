/**
 * Epoch-aligned schedule of a periodic check. Fire times are `offset + k * period` for integer
 * `k`, so the next fire is computed from the wall clock, never from the previous timer: no drift
 * accumulates over hours, and a late timer does not push every later cycle back.
 */

/** FNV-1a over the decimal id, so that checks created together still spread across the period. */
function hashOf(id: number): number {
  let hash = 0x811c9dc5;
  for (const ch of `check:${id}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Where in each period a check fires: spreads the load of many checks of one frequency. */
export const phaseOffset = (checkId: number, periodMs: number): number => hashOf(checkId) % periodMs;

/** The latest slot at or before `at`. */
export function slotAtOrBefore(at: number, periodMs: number, offset: number): number {
  return at - ((((at - offset) % periodMs) + periodMs) % periodMs);
}

/** The first slot strictly after `at`. */
export const slotAfter = (at: number, periodMs: number, offset: number): number => slotAtOrBefore(at, periodMs, offset) + periodMs;

export const minutes = (n: number): number => n * 60_000;
