import type { Settings } from '../config/schema.js';
import { jitteredBackoffMs } from '../domain/backoff.js';
import type { Logger } from '../log.js';
import { closeStore, migrate, openStore, type Store } from '../store/orm.js';

/** Opens the configured store and brings its schema up to date; `poolSize`: PostgreSQL connections at most (the store's default without). */
export async function openMigratedStore(settings: Settings, logger: Logger, poolSize?: number): Promise<Store> {
  const store = await openStore({ databaseUrl: settings.DATABASE_URL, dataDir: settings.VANTAGE_DATA_DIR, logger, poolSize });
  try {
    const applied = await migrate(store);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    await closeStore(store).catch(() => undefined);
    throw error;
  }
  return store;
}

/**
 * The same for a long-lived role: a database that is away at start (an outage, a process
 * restarted during one) is waited for with jittered backoff, logged once, instead of ending the
 * process; the role joins when the database returns.
 */
export async function waitForMigratedStore(settings: Settings, logger: Logger, poolSize?: number): Promise<Store> {
  const since = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const store = await openMigratedStore(settings, logger, poolSize);
      if (attempt > 1) logger.info({ waitedMs: Date.now() - since }, `database reached after ${((Date.now() - since) / 1000).toFixed(1)} s`);
      return store;
    } catch (error) {
      if (!settings.DATABASE_URL) throw error;
      const retryInMs = jitteredBackoffMs(attempt, 500, 10_000);
      if (attempt === 1) logger.warn({ err: error, retryInMs }, 'database not reachable at start; waiting for it');
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}
