/**
 * Throttling of failed sign-ins. A key (an e-mail address or a client address) that has
 * `maxFailures` failures within the last `windowMs` is refused until its oldest failure in
 * the window ages out. A correct password does not get through while refused: otherwise the
 * throttle would not slow a password guesser down.
 */
export interface ThrottlePolicy {
  maxFailures: number;
  windowMs: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Ten wrong passwords for one e-mail in 15 minutes; fifty from one address (several people may share it). */
export const EMAIL_THROTTLE: ThrottlePolicy = { maxFailures: 10, windowMs: 15 * 60_000 };
export const ADDRESS_THROTTLE: ThrottlePolicy = { maxFailures: 50, windowMs: 15 * 60_000 };

/** The failures still inside the window, oldest first. */
export const failuresInWindow = (failures: readonly number[], now: number, policy: ThrottlePolicy): number[] =>
  failures.filter((at) => at > now - policy.windowMs && at <= now).sort((a, b) => a - b);

export function decideThrottle(failures: readonly number[], now: number, policy: ThrottlePolicy): ThrottleDecision {
  const recent = failuresInWindow(failures, now, policy);
  if (recent.length < policy.maxFailures) return { allowed: true };
  // The attempt is allowed again once enough failures have left the window to drop below the limit.
  const freedAt = recent[recent.length - policy.maxFailures]! + policy.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now) / 1000)) };
}

/** The stricter of several decisions: refused if any refuses, for the longest wait. */
export function combineDecisions(decisions: readonly ThrottleDecision[]): ThrottleDecision {
  const waits = decisions.flatMap((d) => (d.allowed ? [] : [d.retryAfterSeconds]));
  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(...waits) };
}
