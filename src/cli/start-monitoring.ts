import type { DomainChecker } from '../api/domains/domain-checker.js';
import type { OnDemandProbe } from '../api/on-demand-probe.js';
import type { Bus } from '../bus/bus.js';
import type { Settings } from '../config/schema.js';
import { systemClock } from '../engine/clock.js';
import { startDomainMonitor } from '../engine/domain-monitor.js';
import { startEngine, type PartitionLeases } from '../engine/index.js';
import { RetentionWorker, retentionPolicyOf } from '../engine/retention-worker.js';
import type { Logger } from '../log.js';
import { startNotifier } from '../notify/notifier.js';
import type { Store } from '../store/orm.js';

export interface RunningMonitoring {
  onDemandProbe: OnDemandProbe;
  domainChecker: DomainChecker;
  stop(): Promise<void>;
}

/** The engine's side of the service: check actors, the domain certificate monitor and the outbox dispatcher. */
export async function startMonitoring(options: {
  settings: Settings;
  logger: Logger;
  store: Store;
  bus: Bus;
  partitions?: PartitionLeases;
}): Promise<RunningMonitoring> {
  const { settings, logger, store, bus } = options;
  const engine = await startEngine({ settings, logger, store, bus, ...(options.partitions ? { partitions: options.partitions } : {}) });
  const domains = await startDomainMonitor({ settings, logger: logger.child({ component: 'domain-monitor' }), store, bus });
  const notifier = startNotifier({ settings, logger: logger.child({ component: 'notifier' }), store, bus });
  const retention = new RetentionWorker({ store, logger: logger.child({ component: 'retention' }), clock: systemClock, policy: retentionPolicyOf(settings) });
  retention.start();
  return {
    onDemandProbe: engine.onDemand,
    domainChecker: domains,
    stop: async () => {
      await retention.stop();
      await engine.stop();
      await domains.stop();
      await notifier.stop();
    },
  };
}
