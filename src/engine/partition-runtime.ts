import type { Bus, BusHandler, BusSubscription } from '../bus/bus.js';
import { partitionOf, resultFilter } from '../bus/subjects.js';

/** The durable consumers of probe results, bound and released with the partitions they serve. */
interface ResultConsumers {
  bind(partitions: readonly number[]): void;
  release(partitions: readonly number[]): Promise<void>;
  /** Partitions whose results a live consumer reads. */
  readonly consumed: ReadonlySet<number>;
}

/** Among several replicas: one durable consumer per partition, so that its results follow its lease to the next holder. */
class ConsumerPerPartition implements ResultConsumers {
  private readonly subscriptions = new Map<number, BusSubscription>();

  constructor(
    private readonly bus: Bus,
    private readonly clusterName: string,
    private readonly onResult: BusHandler,
  ) {}

  get consumed(): ReadonlySet<number> {
    return new Set(this.subscriptions.keys());
  }

  bind(partitions: readonly number[]): void {
    for (const p of partitions) {
      if (this.subscriptions.has(p)) continue;
      this.subscriptions.set(p, this.bus.consumeDurable({ durable: `${this.clusterName}-engine-p${p}`, filter: resultFilter(p) }, this.onResult));
    }
  }

  async release(partitions: readonly number[]): Promise<void> {
    for (const p of partitions) {
      await this.subscriptions.get(p)?.stop();
      this.subscriptions.delete(p);
    }
  }
}

/** A sole replica owns every partition for good: one consumer over all results does the work of one per partition. */
class ConsumerForAll implements ResultConsumers {
  private subscription: BusSubscription | null = null;
  private readonly bound = new Set<number>();

  constructor(
    private readonly bus: Bus,
    private readonly clusterName: string,
    private readonly onResult: BusHandler,
  ) {}

  get consumed(): ReadonlySet<number> {
    return this.bound;
  }

  bind(partitions: readonly number[]): void {
    this.subscription ??= this.bus.consumeDurable({ durable: `${this.clusterName}-engine-all`, filter: 'vantage.result.>' }, this.onResult);
    for (const p of partitions) this.bound.add(p);
  }

  async release(partitions: readonly number[]): Promise<void> {
    for (const p of partitions) this.bound.delete(p);
    if (this.bound.size > 0 || !this.subscription) return;
    await this.subscription.stop();
    this.subscription = null;
  }
}

export interface PartitionRuntimeOptions {
  bus: Bus;
  clusterName: string;
  partitions: number;
  /** The only replica (it owns every partition for good), or one of several sharing them. */
  soleReplica: boolean;
  onResult: BusHandler;
}

/**
 * The partitions this replica owns, which of them are being brought up, and their result
 * consumers. Ownership follows what the leases tell (claim, release); whether this replica may act
 * on an owned partition at a given instant is the fence, which the actor registry applies.
 */
export class PartitionRuntime {
  private readonly owned = new Set<number>();
  /** Partitions being brought up (checks loaded, consumer bound): not a gap for the watchdog, and not brought up twice. */
  private readonly bringingUp = new Set<number>();
  private readonly consumers: ResultConsumers;

  constructor(private readonly options: PartitionRuntimeOptions) {
    const { bus, clusterName, onResult } = options;
    this.consumers = options.soleReplica ? new ConsumerForAll(bus, clusterName, onResult) : new ConsumerPerPartition(bus, clusterName, onResult);
  }

  get ownedPartitions(): ReadonlySet<number> {
    return this.owned;
  }

  get consumedPartitions(): ReadonlySet<number> {
    return this.consumers.consumed;
  }

  get partitionsComingUp(): ReadonlySet<number> {
    return this.bringingUp;
  }

  partitionOf(checkId: number): number {
    return partitionOf(checkId, this.options.partitions);
  }

  ownsCheck(checkId: number): boolean {
    return this.owned.has(this.partitionOf(checkId));
  }

  /** Takes the given partitions; returns those not owned before. */
  claim(partitions: readonly number[]): number[] {
    const fresh = partitions.filter((p) => !this.owned.has(p));
    for (const p of fresh) this.owned.add(p);
    return fresh;
  }

  /** Lets the given partitions go and stops their consumers; returns those that were owned. */
  async release(partitions: readonly number[]): Promise<Set<number>> {
    const gone = new Set(partitions.filter((p) => this.owned.has(p)));
    for (const p of gone) this.owned.delete(p);
    await this.consumers.release([...gone]);
    return gone;
  }

  /**
   * Runs `load` for those of the partitions not already coming up, then binds the consumers of
   * the ones still owned: actors exist before their results are consumed, so that results held
   * by the stream find them. A load that throws binds nothing; the watchdog tries again.
   */
  async bringUp(partitions: readonly number[], load: (partitions: ReadonlySet<number>) => Promise<void>): Promise<void> {
    const wanted = new Set(partitions.filter((p) => !this.bringingUp.has(p)));
    if (wanted.size === 0) return;
    for (const p of wanted) this.bringingUp.add(p);
    try {
      await load(wanted);
      this.consumers.bind([...wanted].filter((p) => this.owned.has(p)));
    } finally {
      for (const p of wanted) this.bringingUp.delete(p);
    }
  }
}
