import { isIP } from 'node:net';
import { ipv6Bytes } from './private-address.js';

/**
 * Throttling of failed sign-ins without a lock-out.
 *
 * - An e-mail's failures from addresses it has never signed in from make the next attempt from
 *   such an address wait: nothing for the first `freeFailures`, then a delay that doubles with
 *   each further failure up to `maxDelayMs`, counted from the latest failure. A correct password
 *   from an address the e-mail has signed in from before is never refused, so a guesser
 *   elsewhere cannot keep the owner out.
 * - One address's failures (for e-mails not known there) slow that address down the same way,
 *   with a larger allowance: people behind one NAT who signed in there before are not affected.
 */
export interface ThrottlePolicy {
  /** Failures inside the window that cost nothing. */
  freeFailures: number;
  /** The wait after the first failure past the allowance; it doubles with each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Per e-mail: five free failures an hour, then 1 s, 2 s, 4 s … up to 15 minutes between attempts. */
export const EMAIL_THROTTLE: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, windowMs: 60 * 60_000 };
/** Per address: fifty free failures an hour (several people may share it), then the same growth. */
export const ADDRESS_THROTTLE: ThrottlePolicy = { freeFailures: 50, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, windowMs: 60 * 60_000 };

/** The wait the n-th failure past the allowance imposes (n from 1). */
export const delayAfter = (pastAllowance: number, policy: ThrottlePolicy): number =>
  Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(pastAllowance - 1, 40));

/** The failures a decision needs: how many are inside the window, and when the latest was. */
export interface FailureSummary {
  count: number;
  latestAt: number | null;
}

/** The summary of a list of failure times, as the store computes it with one query. */
export function summarize(failures: readonly number[], now: number, policy: ThrottlePolicy): FailureSummary {
  const recent = failures.filter((at) => at > now - policy.windowMs && at <= now);
  return { count: recent.length, latestAt: recent.length === 0 ? null : Math.max(...recent) };
}

export function decideThrottle(failures: FailureSummary, now: number, policy: ThrottlePolicy): ThrottleDecision {
  if (failures.count < policy.freeFailures || failures.latestAt === null) return { allowed: true };
  const nextAt = failures.latestAt + delayAfter(failures.count - policy.freeFailures + 1, policy);
  return now >= nextAt ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((nextAt - now) / 1000)) };
}

/** The stricter of several decisions: refused if any refuses, for the longest wait. */
export function combineDecisions(decisions: readonly ThrottleDecision[]): ThrottleDecision {
  const waits = decisions.flatMap((d) => (d.allowed ? [] : [d.retryAfterSeconds]));
  return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(...waits) };
}

/**
 * The key a client address is counted under: IPv4 as is (an IPv4-mapped IPv6 address too), IPv6
 * by its /64 prefix, which one subscriber usually holds whole.
 */
export function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  const bytes = ipv6Bytes(bare);
  const groups = [0, 2, 4, 6].map((i) => ((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return `${groups.join(':')}::/64`;
}
