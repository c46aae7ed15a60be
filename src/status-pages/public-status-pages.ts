import type { Settings } from '../config/schema.js';
import type { Logger } from '../log.js';
import type { Store } from '../store/orm.js';
import { DatabaseStatusPageSource } from './database-status-page-source.js';
import { statusPageRoutes, type StatusPageRoutes } from './public-routes.js';
import { subscriptionRoutes } from './subscriptions/subscription-routes.js';
import { StatusPageChangeFeed } from './status-page-change-feed.js';

/** The public status pages over this installation's database, their answers cached until a change or their max age, and their subscriptions. */
export function publicStatusPages(store: Store, settings: Settings): StatusPageRoutes {
  const source = new DatabaseStatusPageSource(store, { hourlyRetentionDays: settings.VANTAGE_HOURLY_ROLLUP_RETENTION_DAYS });
  const pages = statusPageRoutes(source, { publicUrl: settings.VANTAGE_PUBLIC_URL });
  pages.router.use(subscriptionRoutes({ store, confirmationMailsPerPageHour: settings.VANTAGE_STATUS_PAGE_CONFIRMATION_MAILS_PER_HOUR }));
  return pages;
}

/**
 * Drops cached status page answers when what they show changes, in whichever process it changed.
 * Started without waiting: on PostgreSQL the feed connects (and reconnects) by itself, and until
 * it listens the answers still age out. Resolves to a function that stops it.
 */
export function followStatusPageChanges(pages: StatusPageRoutes, store: Store, settings: Settings, logger: Logger): () => Promise<void> {
  const starting = StatusPageChangeFeed.start({ store, databaseUrl: settings.DATABASE_URL, listener: pages.changed, logger });
  starting.catch((error: unknown) => logger.error({ err: error }, 'status page change feed did not start; cached pages age out instead'));
  return async () => {
    const feed = await starting.catch(() => null);
    await feed?.stop();
  };
}
