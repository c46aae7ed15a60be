import type { OnDemandProbe } from '../api/on-demand-probe.js';
import type { Bus } from '../bus/bus.js';
import type { Settings } from '../config/schema.js';
import type { Logger } from '../log.js';
import type { Store } from '../store/orm.js';
import type { RestartBackoff } from './actor.js';
import type { EngineObserver } from './check-actor.js';
import { systemClock, type Clock } from './clock.js';
import { Engine } from './engine.js';
import { OwnAllPartitions, type PartitionLeases } from './partition-leases.js';

export type { Clock, EngineObserver, PartitionLeases };
export { CheckNotRunHere } from './on-demand.js';

export interface EngineOptions {
  settings: Settings;
  logger: Logger;
  store: Store;
  bus: Bus;
  clock?: Clock;
  /** Which partitions this process runs; by default every one (the single-process shape). */
  partitions?: PartitionLeases;
  observer?: EngineObserver;
  resyncIntervalMs?: number;
  actorRestartBackoff?: RestartBackoff;
}

export interface RunningEngine {
  onDemand: OnDemandProbe;
  engine: Engine;
  stop(): Promise<void>;
}

/** Starts the check engine; `serve` and the `engine` role both come through here. */
export async function startEngine(options: EngineOptions): Promise<RunningEngine> {
  const { settings } = options;
  const engine = new Engine({
    clusterName: settings.VANTAGE_CLUSTER_NAME,
    partitions: settings.VANTAGE_PARTITIONS,
    store: options.store,
    bus: options.bus,
    clock: options.clock ?? systemClock,
    leases: options.partitions ?? new OwnAllPartitions(settings.VANTAGE_PARTITIONS),
    logger: options.logger.child({ component: 'engine' }),
    observer: options.observer,
    resyncIntervalMs: options.resyncIntervalMs,
    actorRestartBackoff: options.actorRestartBackoff,
    publishToAmqp: Boolean(settings.AMQP_URL),
    probeBatch: { maxItems: settings.VANTAGE_PROBE_BATCH_SIZE, windowMs: settings.VANTAGE_PROBE_BATCH_WINDOW_MS },
    startRatePerSecond: settings.VANTAGE_ENGINE_START_RATE,
  });
  await engine.start();
  return { onDemand: engine.onDemand, engine, stop: () => engine.stop() };
}
