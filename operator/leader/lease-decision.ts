/** What one replica knows of the leadership Lease, read from the cluster. */
export interface LeaseRecord {
  holder: string | null;
  /** The holder's renewTime exactly as written: compared for change only, never with this replica's clock. */
  renewTime: string | null;
  resourceVersion: string;
  durationSeconds: number;
}

/** The Lease record as this replica last saw it change, and when, on its own monotonic clock. */
export interface LeaseObservation {
  record: string;
  atMs: number;
}

export type LeaseDecision = { action: 'create' } | { action: 'renew' } | { action: 'take-over' } | { action: 'wait'; holder: string };

const fingerprint = (lease: LeaseRecord) => JSON.stringify([lease.resourceVersion, lease.holder, lease.renewTime]);

/**
 * Remembers when the record last changed as seen from here. A record seen for the first time counts
 * as just renewed, so a replica that starts beside a live leader waits a full duration before
 * judging it gone.
 */
export function observeLease(previous: LeaseObservation | undefined, lease: LeaseRecord | null, nowMs: number): LeaseObservation | undefined {
  if (!lease) return undefined;
  const record = fingerprint(lease);
  return previous && previous.record === record ? previous : { record, atMs: nowMs };
}

/**
 * What a replica does with the Lease it just read, judged as client-go does: the Lease is free when
 * it has no holder, or when this replica has seen no change of its record for the whole lease
 * duration on its own monotonic clock. Two replicas' wall clocks are never compared, so a replica
 * whose clock runs ahead cannot take the Lease from a leader that keeps renewing.
 */
export function decideLease(lease: LeaseRecord | null, me: string, observation: LeaseObservation | undefined, nowMs: number): LeaseDecision {
  if (!lease) return { action: 'create' };
  if (lease.holder === me) return { action: 'renew' };
  if (!lease.holder) return { action: 'take-over' };
  const unchangedSince = observation && observation.record === fingerprint(lease) ? observation.atMs : nowMs;
  return nowMs - unchangedSince >= lease.durationSeconds * 1000 ? { action: 'take-over' } : { action: 'wait', holder: lease.holder };
}

/** Timing derived from the Lease duration: renew three times per duration, give up acting after two thirds. */
export function leaseTiming(durationSeconds: number): { retryMs: number; renewDeadlineMs: number } {
  return { retryMs: Math.max(500, Math.floor((durationSeconds * 1000) / 3)), renewDeadlineMs: Math.floor((durationSeconds * 2000) / 3) };
}
