import type { Bus, BusSubscription } from '../bus/bus.js';
import type { Settings } from '../config/schema.js';
import type { Logger } from '../log.js';
import { sampledGauge } from '../metrics/registry.js';
import { withTimeout } from '../ops/with-timeout.js';
import type { Store } from '../store/orm.js';
import { buildChannels, type NotifierSettings } from './build-channels.js';
import { Dispatcher } from './dispatcher.js';
import { NOTIFIER_WAKE_SUBJECT } from './wake.js';
import { startMaintenanceStartAnnouncer } from '../status-pages/subscriptions/maintenance-start-announcer.js';

export type NotifierRoleSettings = NotifierSettings &
  Pick<
    Settings,
    | 'VANTAGE_NOTIFY_CONCURRENCY'
    | 'VANTAGE_NOTIFY_POLL_MS'
    | 'VANTAGE_NOTIFY_LEASE_MS'
    | 'VANTAGE_NOTIFY_RETRY_BASE_MS'
    | 'VANTAGE_NOTIFY_RETRY_MAX_MS'
    | 'VANTAGE_NOTIFY_GIVE_UP_MS'
  >;

export interface Notifier {
  /** Look at the outbox now (same process); other processes are woken through the bus. */
  nudge(): void;
  stop(): Promise<void>;
}

/** Starts delivering the outbox; for the serve and engine roles. The caller closes the store after `stop()`. */
export function startNotifier(options: { settings: NotifierRoleSettings; logger: Logger; store: Store; bus?: Bus }): Notifier {
  const { settings, logger, store, bus } = options;
  const { channels, close } = buildChannels(settings, store, logger);
  const dispatcher = new Dispatcher({
    store,
    channels,
    logger,
    concurrency: settings.VANTAGE_NOTIFY_CONCURRENCY,
    pollMs: settings.VANTAGE_NOTIFY_POLL_MS,
    leaseMs: settings.VANTAGE_NOTIFY_LEASE_MS,
    retry: {
      baseDelayMs: settings.VANTAGE_NOTIFY_RETRY_BASE_MS,
      maxDelayMs: settings.VANTAGE_NOTIFY_RETRY_MAX_MS,
      giveUpAfterMs: settings.VANTAGE_NOTIFY_GIVE_UP_MS,
    },
  });
  const subscription: BusSubscription | undefined = bus?.subscribe(NOTIFIER_WAKE_SUBJECT, () => dispatcher.nudge());
  dispatcher.start();
  const announcer = startMaintenanceStartAnnouncer({ store, logger, intervalMs: Math.max(1000, settings.VANTAGE_NOTIFY_POLL_MS * 5), onTold: () => dispatcher.nudge() });
  const stopDepth = sampledGauge('vantage_outbox_depth', 'Notification deliveries waiting in the outbox (pending or retrying)', 'max', () => outboxDepth(store));
  logger.info({ concurrency: settings.VANTAGE_NOTIFY_CONCURRENCY, channels: [...channels.keys()] }, 'notifier started');
  return {
    nudge: () => dispatcher.nudge(),
    stop: async () => {
      stopDepth();
      await subscription?.stop();
      await announcer.stop();
      await dispatcher.stop();
      await close();
      logger.info('notifier stopped');
    },
  };
}

async function outboxDepth(store: Store): Promise<number> {
  const query = store.em
    .fork()
    .getConnection()
    .execute<Array<{ depth: string | number }>>("select count(*) as depth from outbox_deliveries where status = 'pending'", [], 'all');
  const [row] = await withTimeout(query, 2_000, 'outbox depth');
  return Number(row?.depth ?? 0);
}
