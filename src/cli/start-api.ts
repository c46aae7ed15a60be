import { createApiApp } from '../api/app.js';
import type { ApiDependencies } from '../api/dependencies.js';
import { closeServer, listen } from '../api/http-server.js';

/** Serves the API on the configured port; resolves to a function that stops it. */
export async function startApi(deps: Omit<ApiDependencies, 'now'>): Promise<() => Promise<void>> {
  const logger = deps.logger.child({ component: 'api' });
  const app = createApiApp({ ...deps, logger, now: () => new Date() });
  const server = await listen(app, deps.settings.PORT, deps.settings.HOST);
  logger.info({ port: deps.settings.PORT, host: deps.settings.HOST }, 'API listening');
  return () => closeServer(server);
}
