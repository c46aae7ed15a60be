/** What one replica knows of the leadership Lease, read from the cluster. */
export interface LeaseRecord {
  holder: string | null;
  renewTime: Date | null;
  durationSeconds: number;
}

export type LeaseDecision = { action: 'create' } | { action: 'renew' } | { action: 'take-over' } | { action: 'wait'; holder: string };

/**
 * What a replica does with the Lease it just read. A Lease whose holder stopped renewing for its
 * whole duration is free; the holder itself renews; everyone else waits and tries again on the
 * next round, so leadership that a holder loses is always taken up by another replica.
 */
export function decideLease(lease: LeaseRecord | null, me: string, now: Date): LeaseDecision {
  if (!lease) return { action: 'create' };
  if (lease.holder === me) return { action: 'renew' };
  if (!lease.holder || !lease.renewTime) return { action: 'take-over' };
  const expiresAt = lease.renewTime.getTime() + lease.durationSeconds * 1000;
  return now.getTime() >= expiresAt ? { action: 'take-over' } : { action: 'wait', holder: lease.holder };
}

/** Timing derived from the Lease duration: renew three times per duration, give up acting after two thirds. */
export function leaseTiming(durationSeconds: number): { retryMs: number; renewDeadlineMs: number } {
  return { retryMs: Math.max(500, Math.floor((durationSeconds * 1000) / 3)), renewDeadlineMs: Math.floor((durationSeconds * 2000) / 3) };
}
