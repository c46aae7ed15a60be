import { createBus } from '../bus/create-bus.js';
import { closeStore } from '../store/orm.js';
import { openMigratedStore } from './open-migrated-store.js';
import { untilSignal, type RoleContext } from './role.js';
import { startApi } from './start-api.js';

/** The stateless REST API; run as many replicas as needed. */
export default async function apiRole(_args: string[], { settings, logger }: RoleContext): Promise<number> {
  const store = await openMigratedStore(settings, logger);
  const bus = await createBus(settings, logger.child({ component: 'bus' }));
  const stopApi = await startApi(settings, logger, store, bus);
  const signal = await untilSignal();
  logger.info({ signal }, 'stopping');
  await stopApi();
  await bus.close();
  await closeStore(store);
  return 0;
}
