import express, { type Express } from 'express';
import type { ApiDependencies } from './dependencies.js';
import { healthRoutes } from './health-routes.js';

/** The express application: health endpoints and the JSON API under /app/api/v1. */
export function createApiApp(deps: ApiDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(healthRoutes(deps));
  return app;
}
