import type { Server } from 'node:http';
import { createApiApp } from '../api/app.js';
import type { ApiDependencies } from '../api/dependencies.js';
import { closeServer, listen, servesApp } from '../api/http-server.js';
import { RequestsInFlight } from '../api/requests-in-flight.js';
import { ALL_INTERFACES } from '../config/core-settings.js';
import { withTimeout } from '../ops/with-timeout.js';
import { followStatusPageChanges, publicStatusPages } from '../status-pages/public-status-pages.js';

/** How long a stop waits for handlers still running; inside the shutdown bound, so that the bus and the database still close after. */
const requestsFinishMs = 15_000;

/**
 * Serves the API on the configured port; resolves to a function that stops it: no new connection,
 * the handlers still running finish (their clients may have gone), then the connections close.
 * Given the server that answered while the role waited at start, the API takes over its port
 * without closing it.
 */
export async function startApi(deps: Omit<ApiDependencies, 'now'>, waiting?: Server): Promise<() => Promise<void>> {
  const logger = deps.logger.child({ component: 'api' });
  const statusPages = publicStatusPages(deps.store, deps.settings);
  const stopFollowing = followStatusPageChanges(statusPages, deps.store, deps.settings, logger.child({ component: 'status-pages' }));
  const app = createApiApp({ ...deps, logger, statusPages, now: () => new Date() });
  const host = deps.settings.HOST ?? ALL_INTERFACES;
  const inFlight = new RequestsInFlight();
  const listener = inFlight.track(app);
  const server = waiting ?? (await listen(listener, deps.settings.PORT, host));
  servesApp(server, app);
  if (waiting) {
    waiting.removeAllListeners('request');
    waiting.on('request', listener);
  }
  logger.info({ port: deps.settings.PORT, host }, 'API listening');
  return async () => {
    const closed = closeServer(server);
    await withTimeout(inFlight.settled(), requestsFinishMs, 'requests in flight').catch(() =>
      logger.warn({ requests: inFlight.count, waitedMs: requestsFinishMs }, 'stopping with requests still running; they fail as the database and the bus close'),
    );
    // Every connection left is between requests (or holds one given up on above): none is waited for.
    server.closeAllConnections();
    await closed;
    await stopFollowing();
  };
}
