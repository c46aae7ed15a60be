import { Router } from 'express';
import { metricsRegistry } from '../metrics/registry.js';
import { databaseAnswers } from '../store/orm.js';
import type { ApiDependencies } from './dependencies.js';

/** Liveness answers while the process runs; readiness only while the database answers; metrics for Prometheus. */
export function healthRoutes(deps: ApiDependencies): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await databaseAnswers(deps.store);
      res.json({ status: 'ready' });
    } catch (error) {
      deps.logger.warn({ err: error }, 'readiness check failed');
      res.status(503).json({ status: 'unavailable', reason: 'database unreachable' });
    }
  });
  router.get('/metrics', async (_req, res) => {
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
  return router;
}
