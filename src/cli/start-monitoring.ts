import type { OnDemandProbe } from '../api/on-demand-probe.js';
import type { Bus } from '../bus/bus.js';
import type { Settings } from '../config/schema.js';
import { startEngine, type PartitionLeases } from '../engine/index.js';
import type { Logger } from '../log.js';
import { startNotifier } from '../notify/notifier.js';
import type { Store } from '../store/orm.js';

export interface RunningMonitoring {
  onDemandProbe: OnDemandProbe;
  stop(): Promise<void>;
}

/** The engine's side of the service: check actors and the notification outbox dispatcher. */
export async function startMonitoring(options: {
  settings: Settings;
  logger: Logger;
  store: Store;
  bus: Bus;
  partitions?: PartitionLeases;
}): Promise<RunningMonitoring> {
  const { settings, logger, store, bus } = options;
  const engine = await startEngine({ settings, logger, store, bus, ...(options.partitions ? { partitions: options.partitions } : {}) });
  const notifier = startNotifier({ settings, logger: logger.child({ component: 'notifier' }), store, bus });
  return {
    onDemandProbe: engine.onDemand,
    stop: async () => {
      await engine.stop();
      await notifier.stop();
    },
  };
}
