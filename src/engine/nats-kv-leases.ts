import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Kvm, type KV } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../log.js';
import type { PartitionLeases, PartitionListener } from './partition-leases.js';

export interface NatsKvLeaseOptions {
  servers: string[];
  clusterName: string;
  partitions: number;
  logger: Logger;
  /** The bucket's max age: a replica that stops renewing loses its leases after this long. */
  leaseTtlMs?: number;
  renewEveryMs?: number;
}

const decoder = new TextDecoder();

/**
 * Partition leases in a NATS KV bucket. Key `p.<n>` holds the owner's id; the owner renews it by a
 * revision-checked update every ~1.5 s, so a lost race (or an expired lease someone else took) is
 * noticed at the next renewal. NATS 2.9 has no per-key TTL, so the bucket's max age expires the
 * keys of a dead owner. Each replica also keeps a heartbeat key `r.<id>`; from the live replicas
 * each one computes its fair share (partitions ÷ replicas, rounded up), releases what is above it
 * and takes free partitions up to it.
 */
export class NatsKvPartitionLeases implements PartitionLeases {
  readonly soleReplica = false;
  readonly replicaId = `${hostname().replace(/[^A-Za-z0-9_-]/g, '_')}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly owned = new Map<number, { revision: number; renewedAt: number }>();
  private readonly ttlMs: number;
  private readonly renewEveryMs: number;
  private kv!: KV;
  private nc!: NatsConnection;
  private listener!: PartitionListener;
  private timer: NodeJS.Timeout | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private renewing = false;
  private round: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: NatsKvLeaseOptions) {
    this.ttlMs = options.leaseTtlMs ?? 5_000;
    this.renewEveryMs = options.renewEveryMs ?? Math.min(1_500, Math.floor(this.ttlMs / 3));
  }

  get bucketName(): string {
    return `${this.options.clusterName}-engine-leases`;
  }

  async start(listener: PartitionListener): Promise<void> {
    this.listener = listener;
    this.nc = await connect({ servers: this.options.servers, name: `vantage-engine-leases-${this.replicaId}`, maxReconnectAttempts: -1, waitOnFirstConnect: true });
    this.kv = await new Kvm(this.nc).create(this.bucketName, { ttl: this.ttlMs, history: 1 });
    await this.rebalance();
    // Renewal runs apart from rebalancing: loading a large partition must not let its lease expire.
    this.renewTimer = setInterval(() => {
      if (this.renewing) return;
      this.renewing = true;
      this.renew()
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'partition lease renewal failed'))
        .finally(() => (this.renewing = false));
    }, this.renewEveryMs);
    this.timer = setInterval(() => {
      this.round = this.round.then(() => this.rebalance()).catch((error: unknown) => this.options.logger.warn({ err: error }, 'partition lease round failed'));
    }, this.renewEveryMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.renewTimer) clearInterval(this.renewTimer);
    await this.round;
    const released = [...this.owned.keys()];
    await this.listener?.lost(released).catch(() => undefined);
    for (const p of released) await this.kv.delete(key(p), { previousSeq: this.owned.get(p)!.revision }).catch(() => undefined);
    this.owned.clear();
    await this.kv?.delete(replicaKey(this.replicaId)).catch(() => undefined);
    await this.nc?.close();
  }

  private async rebalance(): Promise<void> {
    if (this.stopped) return;
    await this.heartbeat();
    const { replicas, taken } = await this.survey();
    const fairShare = Math.ceil(this.options.partitions / Math.max(1, replicas));
    if (this.owned.size > fairShare) await this.release([...this.owned.keys()].sort((a, b) => b - a).slice(0, this.owned.size - fairShare));
    else if (this.owned.size < fairShare) await this.acquire(taken, fairShare - this.owned.size);
  }

  private heartbeat(): Promise<number> {
    return this.kv.put(replicaKey(this.replicaId), this.replicaId);
  }

  private async renew(): Promise<void> {
    await this.heartbeat();
    const lost: number[] = [];
    const now = Date.now();
    for (const [p, lease] of this.owned) {
      try {
        lease.revision = await this.kv.update(key(p), this.replicaId, lease.revision);
        lease.renewedAt = now;
      } catch (error) {
        // Either someone else holds the key now, or NATS is away long enough that someone may.
        const conflict = !(error instanceof Error) || !/timeout|disconnect|connection/i.test(error.message);
        if (conflict || now - lease.renewedAt > this.ttlMs - this.renewEveryMs) lost.push(p);
      }
    }
    if (lost.length === 0 || this.stopped) return;
    for (const p of lost) this.owned.delete(p);
    this.options.logger.warn({ partitions: lost }, 'partition leases lost');
    await this.listener.lost(lost);
  }

  private async survey(): Promise<{ replicas: number; taken: Set<number> }> {
    let replicas = 0;
    const taken = new Set<number>();
    for await (const name of await this.kv.keys()) {
      if (name.startsWith('r.')) replicas++;
      else if (name.startsWith('p.')) taken.add(Number(name.slice(2)));
    }
    // Keys of deleted leases may still be listed: check their last operation.
    for (const p of taken) {
      if (this.owned.has(p)) continue;
      const entry = await this.kv.get(key(p));
      if (!entry || entry.operation !== 'PUT' || decoder.decode(entry.value) === '') taken.delete(p);
    }
    return { replicas, taken };
  }

  private async acquire(taken: Set<number>, wanted: number): Promise<void> {
    const { partitions } = this.options;
    // Start at a replica-specific partition so that replicas starting together contend less.
    const start = Number.parseInt(this.replicaId.slice(-6), 16) % partitions;
    const gained: number[] = [];
    for (let i = 0; i < partitions && gained.length < wanted; i++) {
      const p = (start + i) % partitions;
      if (taken.has(p) || this.owned.has(p)) continue;
      try {
        const revision = await this.kv.create(key(p), this.replicaId);
        this.owned.set(p, { revision, renewedAt: Date.now() });
        gained.push(p);
      } catch {
        // Another replica was faster.
      }
    }
    if (gained.length > 0) await this.listener.acquired(gained);
  }

  private async release(partitions: number[]): Promise<void> {
    // Stop working on them first, then free the keys: the next owner never overlaps with us.
    await this.listener.lost(partitions);
    for (const p of partitions) {
      const lease = this.owned.get(p)!;
      this.owned.delete(p);
      await this.kv.delete(key(p), { previousSeq: lease.revision }).catch(() => undefined);
    }
    this.options.logger.info({ partitions }, 'partitions released to rebalance');
  }
}

const key = (partition: number): string => `p.${partition}`;
const replicaKey = (id: string): string => `r.${id}`;
