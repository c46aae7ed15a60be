/**
 * The partition lease protocol as pure decisions over what one replica has observed. Every time
 * here is the deciding replica's own monotonic clock (milliseconds); nothing compares clocks of
 * two processes, so wall-clock steps change nothing and a pause only makes a replica late.
 *
 * - A lease is the KV key `p.<n>` holding `{ holder, epoch }`; each write gets a new revision.
 * - The holder renews it by a compare-and-set on the revision it last wrote. It may act on the
 *   partition until `sentAt + leaseMs − safetyMarginMs`, where `sentAt` is when it sent the last
 *   renewal that succeeded: that write reached the server after `sentAt`, so everyone else saw it
 *   later still.
 * - Another replica takes a held lease over only after it has seen the same revision unchanged
 *   for a full `leaseMs`, and only by a compare-and-set on that revision: by then the holder's
 *   own window has closed, and a renewal in between makes the takeover fail.
 * - A free key (never written, or deleted by a holder that stopped acting first) is taken at once.
 * - Who should hold what is a function of the live members (`r.<id>` keys renewed every round and
 *   seen changing within `leaseMs`): partition `p` goes to the sorted live members' `p mod n`.
 *   Steady membership means a steady assignment: no handovers.
 */
export interface LeaseTiming {
  leaseMs: number;
  renewEveryMs: number;
  /** Taken off the holder's window: covers clock rate differences and the time to stop acting. */
  safetyMarginMs: number;
}

export interface LeaseValue {
  holder: string;
  /** The revision at which the holder acquired the lease: grows with every new ownership. */
  epoch: number;
}

/** A key as this replica saw it: its revision, its value (null once deleted), and since when it saw that revision. */
export interface ObservedKey<V> {
  revision: number;
  value: V | null;
  observedAt: number;
}

/** A lease this replica holds: the revision it last wrote and how long it may act. */
export interface HeldLease {
  revision: number;
  epoch: number;
  actUntil: number;
  /** Being handed back: no longer acted on, deleted once its work stopped. */
  releasing: boolean;
}

export interface LeaseView {
  self: string;
  now: number;
  partitions: number;
  /** Member heartbeats by replica id. */
  members: ReadonlyMap<string, ObservedKey<string>>;
  /** Partition keys as observed, by partition. */
  keys: ReadonlyMap<number, ObservedKey<LeaseValue>>;
  held: ReadonlyMap<number, HeldLease>;
}

export interface LeaseDecision {
  /** Held leases whose window closed: stop acting now and forget them. */
  expired: number[];
  /** Held leases another live member should have: stop acting, then delete the key. */
  release: number[];
  /** Leases to take: `revision` null creates a key that is absent or deleted, else a compare-and-set on it. */
  acquire: Array<{ partition: number; revision: number | null }>;
}

/** Whether the holder may act on a lease at `now`. */
export const mayAct = (lease: HeldLease | undefined, now: number): boolean => lease !== undefined && !lease.releasing && now < lease.actUntil;

/** The window a successful write sent at `sentAt` gives the holder. */
export const actUntilAfter = (sentAt: number, timing: LeaseTiming): number => sentAt + timing.leaseMs - timing.safetyMarginMs;

/** Members seen renewing within the lease, this replica always among them; sorted. */
export function liveMembers(view: Pick<LeaseView, 'self' | 'now' | 'members'>, timing: LeaseTiming): string[] {
  const live = new Set([view.self]);
  for (const [id, key] of view.members) if (key.value !== null && view.now - key.observedAt < timing.leaseMs) live.add(id);
  return [...live].sort();
}

export const desiredHolder = (partition: number, members: readonly string[]): string => members[partition % members.length]!;

export function decideLeases(view: LeaseView, timing: LeaseTiming): LeaseDecision {
  const members = liveMembers(view, timing);
  const decision: LeaseDecision = { expired: [], release: [], acquire: [] };
  for (const [partition, lease] of view.held) {
    // A release whose delete never landed ends like any lease: the window closes, the key is taken over.
    if (view.now >= lease.actUntil) decision.expired.push(partition);
    else if (!lease.releasing && desiredHolder(partition, members) !== view.self) decision.release.push(partition);
  }
  for (let partition = 0; partition < view.partitions; partition++) {
    if (view.held.has(partition) || desiredHolder(partition, members) !== view.self) continue;
    const key = view.keys.get(partition);
    if (!key || key.value === null) decision.acquire.push({ partition, revision: null });
    // Our own key that we no longer hold (its window closed): nobody may act on it, a compare-and-set proves nobody took it.
    else if (key.value.holder === view.self) decision.acquire.push({ partition, revision: key.revision });
    else if (view.now - key.observedAt >= timing.leaseMs) decision.acquire.push({ partition, revision: key.revision });
  }
  return decision;
}

/** Member keys unchanged for this long belong to replicas gone for good and are deleted. */
export const staleMemberAfter = (timing: LeaseTiming): number => 3 * timing.leaseMs;

export function staleMembers(view: Pick<LeaseView, 'self' | 'now' | 'members'>, timing: LeaseTiming): Array<{ id: string; revision: number }> {
  const stale: Array<{ id: string; revision: number }> = [];
  for (const [id, key] of view.members) {
    if (id !== view.self && key.value !== null && view.now - key.observedAt >= staleMemberAfter(timing)) stale.push({ id, revision: key.revision });
  }
  return stale;
}
