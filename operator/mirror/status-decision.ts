import { isDeepStrictEqual } from 'node:util';

/** Status fields that move on every cycle: written at most once per interval, so that GitOps tools are not woken each cycle. */
export const EVERY_CYCLE_FIELDS = ['lastRunAt', 'lastCheckedAt'] as const;

export type StatusWrite = { write: 'now' } | { write: 'later'; atMs: number } | { write: 'none' };

const without = (status: Record<string, unknown>, fields: readonly string[]) =>
  Object.fromEntries(Object.entries(status).filter(([key, value]) => !fields.includes(key) && value !== undefined));

/**
 * Whether to write a custom resource's status. Anything a person acts on (state, incident, id,
 * conditions, observed generation) goes out at once; a change of only the last-run time waits
 * until `minIntervalMs` after the previous write; an equal status is never written.
 */
export function decideStatusWrite(
  current: Record<string, unknown> | undefined,
  desired: Record<string, unknown>,
  lastWriteMs: number | undefined,
  nowMs: number,
  minIntervalMs: number,
): StatusWrite {
  const before = current ?? {};
  if (!isDeepStrictEqual(without(before, EVERY_CYCLE_FIELDS), without(desired, EVERY_CYCLE_FIELDS))) return { write: 'now' };
  const cycleChanged = EVERY_CYCLE_FIELDS.some((field) => (before[field] ?? null) !== (desired[field] ?? null));
  if (!cycleChanged) return { write: 'none' };
  if (lastWriteMs === undefined || nowMs - lastWriteMs >= minIntervalMs) return { write: 'now' };
  return { write: 'later', atMs: lastWriteMs + minIntervalMs };
}
