import type { DeliveryOutcome } from './channel.js';

export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  /** Time after the delivery was created (or last retried by hand) when it fails for good. */
  giveUpAfterMs: number;
}

/**
 * Delay before attempt `attempts + 1`: doubling from the base, capped, with "equal jitter"
 * (half fixed, half random) so that deliveries failing together do not retry together.
 * `random` is in [0, 1).
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy, random: number): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (exponential / 2) * random);
}

export type NextState =
  | { status: 'delivered' }
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'failed'; reason: string };

/**
 * The state of a delivery after an attempt. A retry is never scheduled past the give-up time:
 * the last one happens at that time, and an attempt failing after it ends the delivery.
 */
export function nextStateAfter(
  outcome: DeliveryOutcome,
  /** `since`: when the delivery was created, or last asked to retry now. */
  delivery: { attempts: number; since: Date },
  now: Date,
  policy: RetryPolicy,
  random: number,
): NextState {
  if (outcome.kind === 'delivered') return { status: 'delivered' };
  if (outcome.kind === 'failed') return { status: 'failed', reason: outcome.reason };
  const giveUpAt = delivery.since.getTime() + policy.giveUpAfterMs;
  if (now.getTime() >= giveUpAt) {
    return { status: 'failed', reason: `gave up after ${delivery.attempts} attempts: ${outcome.reason}` };
  }
  const next = Math.min(now.getTime() + retryDelayMs(delivery.attempts, policy, random), giveUpAt);
  return { status: 'pending', nextAttemptAt: new Date(next) };
}
