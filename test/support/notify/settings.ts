import { loadSettings } from '../../../src/config/load-settings.js';
import type { Settings } from '../../../src/config/schema.js';

/** Settings as the notifier reads them, from an environment given in full: nothing leaks in from the test process. */
export const notifySettings = (env: Record<string, string | undefined>): Settings =>
  loadSettings({
    VANTAGE_ALLOW_PRIVATE_TARGETS: '1',
    VANTAGE_NOTIFY_POLL_MS: '50',
    VANTAGE_NOTIFY_RETRY_BASE_MS: '50',
    VANTAGE_NOTIFY_RETRY_MAX_MS: '200',
    VANTAGE_NOTIFY_TIMEOUT_MS: '5000',
    ...env,
  });
