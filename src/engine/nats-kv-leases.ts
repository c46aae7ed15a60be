import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { jetstream, jetstreamManager, JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { Kvm, type KV, type KvWatchEntry } from '@nats-io/kv';
import { connect, type NatsConnection, type QueuedIterator } from '@nats-io/transport-node';
import type { Logger } from '../log.js';
import { counter, gauge } from '../metrics/registry.js';
import { withTimeout } from '../ops/with-timeout.js';
import {
  actUntilAfter,
  decideLeases,
  mayAct,
  staleMembers,
  type HeldLease,
  type LeaseTiming,
  type LeaseValue,
  type ObservedKey,
} from './lease-protocol.js';
import type { PartitionLeases, PartitionListener } from './partition-leases.js';

export interface NatsKvLeaseOptions {
  servers: string[];
  clusterName: string;
  partitions: number;
  logger: Logger;
  /** How long a lease lasts without renewal; renewals every fifth of it, the holder stops a fifth before its end. */
  leaseMs?: number;
}

const leaseChanges = () =>
  counter('vantage_partition_lease_changes_total', 'Partition leases gained and given up by this engine, by how', ['change']);
const partitionsActing = () => gauge('vantage_partitions_owned', 'Partitions this engine holds a valid lease on and acts on');

/** Milliseconds of the monotonic clock: unaffected by wall-clock steps, running on through a SIGSTOP. */
const monotonicNow = (): number => performance.now();

/**
 * Partition leases in the NATS KV bucket `<cluster>-engine-leases`, by the protocol of
 * `lease-protocol.ts`. The bucket has no max age: a lease never expires on the server (NATS 2.9
 * has no per-key TTL, and a bucket-wide age would expire every lease while NATS is down); it
 * ends by its holder's window closing and another replica's compare-and-set. One watch over the
 * bucket keeps what this replica has seen; one round every `renewEveryMs` heartbeats, renews,
 * and hands leases over. The listener hears of changes in order, apart from the rounds, so
 * loading a large partition never delays a renewal.
 */
export class NatsKvPartitionLeases implements PartitionLeases {
  readonly soleReplica = false;
  readonly replicaId = `${hostname().replace(/[^A-Za-z0-9_-]/g, '_')}-${process.pid}-${randomBytes(3).toString('hex')}`;
  readonly timing: LeaseTiming;
  private readonly held = new Map<number, HeldLease>();
  private readonly members = new Map<string, ObservedKey<string>>();
  private readonly keys = new Map<number, ObservedKey<LeaseValue>>();
  private kv!: KV;
  private nc!: NatsConnection;
  private listener!: PartitionListener;
  private watcher: QueuedIterator<KvWatchEntry> | null = null;
  /** Our own heartbeat revision that the watch has not shown yet, and since when we wait for it. */
  private unseenHeartbeat: { revision: number; since: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> = Promise.resolve();
  private transitions: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Our last heartbeat failed: we may have missed renewals of others, so we take nothing over yet. */
  private blind = false;

  constructor(private readonly options: NatsKvLeaseOptions) {
    const leaseMs = options.leaseMs ?? 10_000;
    this.timing = { leaseMs, renewEveryMs: Math.floor(leaseMs / 5), safetyMarginMs: Math.floor(leaseMs / 5) };
  }

  get bucketName(): string {
    return `${this.options.clusterName}-engine-leases`;
  }

  /** Whether this replica may act on the partition now: checked right before every act. */
  mayAct(partition: number): boolean {
    return mayAct(this.held.get(partition), monotonicNow());
  }

  async start(listener: PartitionListener): Promise<void> {
    this.listener = listener;
    this.nc = await connect({ servers: this.options.servers, name: `vantage-engine-leases-${this.replicaId}`, maxReconnectAttempts: -1, waitOnFirstConnect: true });
    this.kv = await new Kvm(jetstream(this.nc, { timeout: this.timing.renewEveryMs })).create(this.bucketName, { history: 1 });
    await this.removeMaxAge();
    await this.watch();
    // The first round runs before start resolves: a replica alone holds every free partition at once.
    this.round = this.runRound().catch((error: unknown) => this.options.logger.warn({ err: error }, 'partition lease round failed'));
    await this.round;
    await this.transitions;
    this.schedule(this.timing.renewEveryMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.round;
    const released = [...this.held.keys()];
    for (const lease of this.held.values()) lease.releasing = true;
    this.updateGauge();
    await this.transitions;
    await this.listener?.lost(released).catch((error: unknown) => this.options.logger.warn({ err: error }, 'stopping partitions failed'));
    await Promise.all(released.map((p) => this.deleteLease(p)));
    if (released.length > 0) leaseChanges().inc({ change: 'released' }, released.length);
    await this.attempt(this.kv?.delete(memberKey(this.replicaId)));
    this.watcher?.stop();
    await this.nc?.close();
    this.options.logger.info({ partitions: released }, 'partition leases released');
  }

  /** A bucket made by an earlier version expired its keys by max age: that is what split the brain after a NATS restart. */
  private async removeMaxAge(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    const stream = `KV_${this.bucketName}`;
    const info = await jsm.streams.info(stream);
    if (info.config.max_age !== 0) await jsm.streams.update(stream, { max_age: 0 });
  }

  /** One watch over the bucket for the life of the replica, started again when it ends or falls behind. */
  private async watch(): Promise<void> {
    this.watcher?.stop();
    const watcher = await this.kv.watch({ key: '>' });
    this.watcher = watcher;
    // What the new watch shows is seen as of now: nothing observed while blind counts as unchanged for a lease.
    this.seeEverythingAsOfNow();
    this.unseenHeartbeat = null;
    void (async () => {
      try {
        for await (const entry of watcher) this.observe(entry);
      } catch (error) {
        if (!this.stopped) this.options.logger.warn({ err: error }, 'lease bucket watch failed');
      }
    })();
  }

  private observe(entry: KvWatchEntry): void {
    const now = monotonicNow();
    const deleted = entry.operation !== 'PUT';
    if (entry.key.startsWith('r.')) {
      const id = entry.key.slice(2);
      if (id === this.replicaId && this.unseenHeartbeat && entry.revision >= this.unseenHeartbeat.revision) this.unseenHeartbeat = null;
      if (this.members.get(id)?.revision !== entry.revision) this.members.set(id, { revision: entry.revision, value: deleted ? null : id, observedAt: now });
    } else if (entry.key.startsWith('p.')) {
      const partition = Number(entry.key.slice(2));
      if (this.keys.get(partition)?.revision === entry.revision) return;
      this.keys.set(partition, { revision: entry.revision, value: deleted ? null : parseLease(entry.string()), observedAt: now });
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.runRound()
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'partition lease round failed'))
        .finally(() => this.schedule(this.timing.renewEveryMs));
    }, delayMs);
  }

  private async runRound(): Promise<void> {
    const heartbeat = await this.attempt(this.kv.put(memberKey(this.replicaId), this.replicaId));
    if (heartbeat === null) this.blind = true;
    else {
      // Back in touch after an outage: what we saw before it counts as seen now, or every lease would look abandoned.
      if (this.blind) this.seeEverythingAsOfNow();
      this.blind = false;
      this.unseenHeartbeat ??= { revision: heartbeat, since: monotonicNow() };
    }
    const decision = decideLeases(
      { self: this.replicaId, now: monotonicNow(), partitions: this.options.partitions, members: this.members, keys: this.keys, held: this.held },
      this.timing,
    );
    if (decision.expired.length > 0) {
      for (const p of decision.expired) this.held.delete(p);
      leaseChanges().inc({ change: 'expired' }, decision.expired.length);
      this.options.logger.warn({ partitions: decision.expired }, 'stopped acting on partitions: their leases were not renewed in time');
      this.tell('lost', decision.expired);
    }
    await Promise.all([...this.held].filter(([, lease]) => !lease.releasing).map(([p, lease]) => this.renew(p, lease)));
    this.release(decision.release.filter((p) => this.held.has(p)));
    if (!this.blind) await this.acquireAll(decision.acquire);
    this.updateGauge();
    for (const { id, revision } of staleMembers({ self: this.replicaId, now: monotonicNow(), members: this.members }, this.timing)) {
      await this.attempt(this.kv.delete(memberKey(id), { previousSeq: revision }));
    }
    // The watch must show our own heartbeat; one that stopped showing anything is replaced.
    if (this.unseenHeartbeat && monotonicNow() - this.unseenHeartbeat.since > this.timing.leaseMs / 2) {
      this.options.logger.warn('lease bucket watch fell behind; watching again');
      await this.watch();
    }
  }

  private async acquireAll(wanted: Array<{ partition: number; revision: number | null }>): Promise<void> {
    const gained = (await Promise.all(wanted.map(({ partition, revision }) => this.acquire(partition, revision)))).filter((p) => p !== null);
    if (gained.length === 0) return;
    leaseChanges().inc({ change: 'acquired' }, gained.length);
    this.options.logger.info({ partitions: gained }, 'partition leases acquired');
    this.tell('acquired', gained);
  }

  private seeEverythingAsOfNow(): void {
    const now = monotonicNow();
    for (const key of [...this.members.values(), ...this.keys.values()]) key.observedAt = Math.max(key.observedAt, now);
  }

  private async renew(partition: number, lease: HeldLease): Promise<void> {
    const sentAt = monotonicNow();
    try {
      const revision = await this.kv.update(leaseKey(partition), encodeLease(this.replicaId, lease.epoch), lease.revision);
      lease.revision = revision;
      // A renewal answered after the window closed does not reopen it: the next round ends the lease and takes it again.
      if (monotonicNow() < lease.actUntil) lease.actUntil = Math.max(lease.actUntil, actUntilAfter(sentAt, this.timing));
    } catch (error) {
      if (!isWrongRevision(error)) return;
      const current = await this.attempt(this.kv.get(leaseKey(partition)));
      const value = current && current.operation === 'PUT' ? parseLease(current.string()) : null;
      // Our own earlier renewal landed without its answer: carry on from its revision.
      if (current && value?.holder === this.replicaId && value.epoch === lease.epoch) {
        lease.revision = current.revision;
        return;
      }
      if (this.held.get(partition) !== lease) return;
      this.held.delete(partition);
      leaseChanges().inc({ change: 'lost' });
      this.options.logger.warn({ partition, holder: value?.holder ?? null }, 'stopped acting on a partition: another replica holds its lease');
      this.tell('lost', [partition]);
    }
  }

  /** Stop acting first, then free the key: the next holder takes it at once and never overlaps with us. */
  private release(partitions: number[]): void {
    if (partitions.length === 0) return;
    for (const p of partitions) this.held.get(p)!.releasing = true;
    leaseChanges().inc({ change: 'released' }, partitions.length);
    this.options.logger.info({ partitions }, 'handing partitions over to rebalance');
    this.transitions = this.transitions
      .then(() => this.listener.lost(partitions))
      .then(() => Promise.all(partitions.map((p) => this.deleteLease(p))))
      .then(() => this.options.logger.info({ partitions }, 'partition leases released'))
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'handing partitions over failed'));
  }

  private async deleteLease(partition: number): Promise<void> {
    const lease = this.held.get(partition);
    if (!lease) return;
    await this.attempt(this.kv.delete(leaseKey(partition), { previousSeq: lease.revision }));
    if (this.held.get(partition) === lease) this.held.delete(partition);
  }

  private async acquire(partition: number, revision: number | null): Promise<number | null> {
    const sentAt = monotonicNow();
    const value = encodeLease(this.replicaId, 0);
    const written = await this.attempt(revision === null ? this.kv.create(leaseKey(partition), value) : this.kv.update(leaseKey(partition), value, revision));
    if (written === null || this.held.has(partition) || this.stopped) return null;
    // The epoch is the revision that made us holder; renewals carry it so that our own writes are recognised.
    this.held.set(partition, { revision: written, epoch: written, actUntil: actUntilAfter(sentAt, this.timing), releasing: false });
    return partition;
  }

  private tell(change: 'acquired' | 'lost', partitions: number[]): void {
    this.transitions = this.transitions
      .then(() => this.listener[change](partitions))
      .catch((error: unknown) => this.options.logger.warn({ err: error, partitions }, `partitions ${change}: the engine failed to follow`));
  }

  private updateGauge(): void {
    partitionsActing().set([...this.held.keys()].filter((p) => this.mayAct(p)).length);
  }

  /** The outcome of a KV request, or null when it failed: every failure is retried by a later round. */
  private attempt<T>(work: Promise<T> | undefined): Promise<T | null> {
    if (!work) return Promise.resolve(null);
    return withTimeout(work, this.timing.renewEveryMs, 'lease bucket').catch(() => null);
  }
}

const leaseKey = (partition: number): string => `p.${partition}`;
const memberKey = (id: string): string => `r.${id}`;
const encodeLease = (holder: string, epoch: number): string => JSON.stringify({ holder, epoch } satisfies LeaseValue);

function parseLease(text: string): LeaseValue | null {
  try {
    const value = JSON.parse(text) as Partial<LeaseValue>;
    return typeof value.holder === 'string' && typeof value.epoch === 'number' ? { holder: value.holder, epoch: value.epoch } : null;
  } catch {
    // A lease written by an earlier version held the bare replica id.
    return text ? { holder: text, epoch: 0 } : null;
  }
}

const isWrongRevision = (error: unknown): boolean =>
  (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamWrongLastSequence) ||
  (error instanceof Error && /wrong last sequence/i.test(error.message));
