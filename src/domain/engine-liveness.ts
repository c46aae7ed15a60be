/**
 * The engine's liveness guarantee, as a pure decision: every active check has its next cycle
 * armed within its period plus a margin, and every owned partition has a live result consumer.
 * Whatever the cause of a gap (a restart that failed at the worst moment, a timer that never
 * fired, a load that failed while a lease was taken), the watchdog finds it here and re-arms it.
 */

export interface CheckTimer {
  checkId: number;
  paused: boolean;
  periodMs: number;
  /** When its next tick fires; null when none is armed. */
  tickAt: number | null;
}

export interface LivenessInput {
  checks: Iterable<CheckTimer>;
  ownedPartitions: Iterable<number>;
  /** Partitions whose results a live consumer reads. */
  consumedPartitions: ReadonlySet<number>;
  now: number;
  /** Slack for a tick being handled right now, or a timer firing a little late. */
  marginMs: number;
}

export interface LivenessGaps {
  unarmedChecks: number[];
  partitionsWithoutConsumer: number[];
}

/** A paused check needs no tick; any other needs one due no later than a period (plus margin) ahead, and not long overdue. */
export function tickMissing(check: CheckTimer, now: number, marginMs: number): boolean {
  if (check.paused) return false;
  if (check.tickAt === null) return true;
  return check.tickAt > now + check.periodMs + marginMs || check.tickAt < now - marginMs;
}

export function findLivenessGaps(input: LivenessInput): LivenessGaps {
  const unarmedChecks: number[] = [];
  for (const check of input.checks) if (tickMissing(check, input.now, input.marginMs)) unarmedChecks.push(check.checkId);
  const partitionsWithoutConsumer = [...input.ownedPartitions].filter((p) => !input.consumedPartitions.has(p)).sort((a, b) => a - b);
  return { unarmedChecks, partitionsWithoutConsumer };
}
