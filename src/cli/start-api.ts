import { createApiApp } from '../api/app.js';
import { closeServer, listen } from '../api/http-server.js';
import type { Bus } from '../bus/bus.js';
import type { Settings } from '../config/schema.js';
import type { Logger } from '../log.js';
import type { Store } from '../store/orm.js';

/** Serves the API on the configured port; resolves to a function that stops it. */
export async function startApi(settings: Settings, logger: Logger, store: Store, bus: Bus): Promise<() => Promise<void>> {
  const apiLogger = logger.child({ component: 'api' });
  const app = createApiApp({ settings, logger: apiLogger, store, bus, now: () => new Date() });
  const server = await listen(app, settings.PORT, settings.HOST);
  apiLogger.info({ port: settings.PORT, host: settings.HOST }, 'API listening');
  return () => closeServer(server);
}
