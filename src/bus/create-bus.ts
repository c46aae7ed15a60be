import type { Logger } from '../log.js';
import type { Settings } from '../config/schema.js';
import type { Bus } from './bus.js';
import { InProcessBus } from './in-process-bus.js';
import { NatsBus } from './nats-bus.js';

/**
 * NATS + JetStream when NATS_URL is set (the distributed shape), else the in-process bus. On NATS
 * everything lives under the cluster name: installations sharing one server share nothing.
 */
export async function createBus(settings: Pick<Settings, 'NATS_URL' | 'VANTAGE_CLUSTER_NAME'>, logger: Logger, name?: string): Promise<Bus> {
  if (!settings.NATS_URL) return new InProcessBus(logger);
  const servers = settings.NATS_URL.split(',');
  return NatsBus.connect({ servers, namespace: settings.VANTAGE_CLUSTER_NAME, ...(name ? { name } : {}) }, logger);
}
