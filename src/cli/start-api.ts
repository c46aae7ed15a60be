import type { Server } from 'node:http';
import { createApiApp } from '../api/app.js';
import type { ApiDependencies } from '../api/dependencies.js';
import { closeServer, listen } from '../api/http-server.js';
import { ALL_INTERFACES } from '../config/core-settings.js';
import { followStatusPageChanges, publicStatusPages } from '../status-pages/public-status-pages.js';

/**
 * Serves the API on the configured port; resolves to a function that stops it. Given the server
 * that answered while the role waited at start, the API takes over its port without closing it.
 */
export async function startApi(deps: Omit<ApiDependencies, 'now'>, waiting?: Server): Promise<() => Promise<void>> {
  const logger = deps.logger.child({ component: 'api' });
  const statusPages = publicStatusPages(deps.store, deps.settings);
  const stopFollowing = followStatusPageChanges(statusPages, deps.store, deps.settings, logger.child({ component: 'status-pages' }));
  const app = createApiApp({ ...deps, logger, statusPages, now: () => new Date() });
  const host = deps.settings.HOST ?? ALL_INTERFACES;
  const server = waiting ?? (await listen(app, deps.settings.PORT, host));
  if (waiting) {
    waiting.removeAllListeners('request');
    waiting.on('request', app);
  }
  logger.info({ port: deps.settings.PORT, host }, 'API listening');
  return async () => {
    await closeServer(server);
    await stopFollowing();
  };
}
