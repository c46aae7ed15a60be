import { createBus } from '../bus/create-bus.js';
import { ensureFirstClient } from '../store/first-client.js';
import { closeStore } from '../store/orm.js';
import { openMigratedStore } from './open-migrated-store.js';
import { untilSignal, type RoleContext } from './role.js';
import { logSignInNotice } from './sign-in-notice.js';
import { startApi } from './start-api.js';

/** Everything in one process: embedded database unless DATABASE_URL is set, in-process bus unless NATS_URL is. */
export default async function serveRole(_args: string[], { settings, logger }: RoleContext): Promise<number> {
  const servingSettings = { ...settings, VANTAGE_ALLOW_PRIVATE_TARGETS: settings.VANTAGE_ALLOW_PRIVATE_TARGETS ?? '1' } as const;
  const store = await openMigratedStore(servingSettings, logger);
  const first = await ensureFirstClient(store.em.fork(), {
    email: settings.VANTAGE_ADMIN_EMAIL,
    password: settings.VANTAGE_ADMIN_PASSWORD,
  });
  if (first) logSignInNotice(logger, first, settings.PORT);
  const bus = await createBus(servingSettings, logger.child({ component: 'bus' }));
  const stopApi = await startApi(servingSettings, logger, store, bus);
  const signal = await untilSignal();
  logger.info({ signal }, 'stopping');
  await stopApi();
  await bus.close();
  await closeStore(store);
  return 0;
}
