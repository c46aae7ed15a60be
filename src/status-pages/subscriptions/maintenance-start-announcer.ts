import type { Logger } from '../../log.js';
import type { Store } from '../../store/orm.js';
import { announceStartedWindows } from './maintenance-notices.js';

/**
 * Looks every `intervalMs` for maintenance windows that started, and tells their pages'
 * subscribers through the outbox. Runs beside each notifier; the claim in
 * `announceStartedWindows` makes several of them tell each start once.
 */
export function startMaintenanceStartAnnouncer(options: { store: Store; logger: Logger; intervalMs: number; onTold?: () => void }): { stop(): Promise<void> } {
  const { store, logger, intervalMs } = options;
  let failing = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = async (): Promise<void> => {
    try {
      if ((await announceStartedWindows(store, new Date())) > 0) options.onTold?.();
      failing = false;
    } catch (error) {
      // Once per run of failures: a database away for minutes must not write a line per look.
      if (!failing) logger.error({ err: error }, 'announcing started maintenance windows failed; trying again later');
      failing = true;
    }
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
