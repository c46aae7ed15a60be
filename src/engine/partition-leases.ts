import { gauge } from '../metrics/registry.js';

/** Told when this replica gains or loses partitions; the engine loads or drops their checks. */
export interface PartitionListener {
  acquired(partitions: number[]): Promise<void>;
  lost(partitions: number[]): Promise<void>;
}

/**
 * Which partitions this engine replica runs. A partition is owned by one replica at a time; the
 * distributed implementation leases them in a NATS KV bucket, `serve` owns every one.
 */
export interface PartitionLeases {
  /**
   * This replica is the only one. It then reads change notices through one durable consumer
   * (none missed across restarts); replicas that share partitions each need every notice, so they
   * subscribe to them as a broadcast and heal what they miss by the periodic resync.
   */
  readonly soleReplica: boolean;
  start(listener: PartitionListener): Promise<void>;
  /**
   * Whether this replica may act on the partition at this instant (its fence): checked right
   * before every act, since the listener hears of a lost lease only after the fact.
   */
  mayAct(partition: number): boolean;
  /** Releases every lease (so another replica takes over at once) and stops. */
  stop(): Promise<void>;
}

/** One process runs everything: every partition is owned from the start. */
export class OwnAllPartitions implements PartitionLeases {
  readonly soleReplica = true;

  constructor(private readonly partitions: number) {}

  async start(listener: PartitionListener): Promise<void> {
    gauge('vantage_partitions_owned', 'Partitions this engine holds a valid lease on and acts on').set(this.partitions);
    await listener.acquired(Array.from({ length: this.partitions }, (_, p) => p));
  }

  mayAct(): boolean {
    return true;
  }

  async stop(): Promise<void> {}
}
