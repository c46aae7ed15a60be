import { createBus } from '../bus/create-bus.js';
import { BusOnDemandProbe } from '../engine/bus-on-demand.js';
import { closeStore } from '../store/orm.js';
import { openMigratedStore } from './open-migrated-store.js';
import { untilSignal, type RoleContext } from './role.js';
import { startApi } from './start-api.js';

/**
 * The stateless REST API; run as many replicas as needed. It runs no checks itself: on NATS,
 * test-now asks the engine replica that owns the check; without NATS there is no engine to ask
 * and test-now answers 503.
 */
export default async function apiRole(_args: string[], { settings, logger }: RoleContext): Promise<number> {
  const store = await openMigratedStore(settings, logger);
  const bus = await createBus(settings, logger.child({ component: 'bus' }), 'vantage-api');
  const onDemandProbe = settings.NATS_URL ? { onDemandProbe: new BusOnDemandProbe(bus, settings.VANTAGE_PARTITIONS) } : {};
  const stopApi = await startApi({ settings, logger, store, bus, ...onDemandProbe });
  const signal = await untilSignal();
  logger.info({ signal }, 'stopping');
  await stopApi();
  await bus.close();
  await closeStore(store);
  return 0;
}
