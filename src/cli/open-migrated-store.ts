import type { Settings } from '../config/schema.js';
import type { Logger } from '../log.js';
import { migrate, openStore, type Store } from '../store/orm.js';

/** Opens the configured store and brings its schema up to date. */
export async function openMigratedStore(settings: Settings, logger: Logger): Promise<Store> {
  const store = await openStore({ databaseUrl: settings.DATABASE_URL, dataDir: settings.VANTAGE_DATA_DIR, logger });
  const applied = await migrate(store);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  return store;
}
