import type { RequestHandler } from 'express';
import { httpRequestSeconds } from '../metrics/vantage-metrics.js';
import { routeLabel } from './route-label.js';

/** Times every request into `vantage_http_request_duration_seconds`, labelled by its route (see `routeLabel`). */
export const httpMetrics =
  (apiBasePath: string): RequestHandler =>
  (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const route = routeLabel(req, res, apiBasePath);
      httpRequestSeconds().observe({ method: req.method, route, status: `${Math.floor(res.statusCode / 100)}xx` }, (performance.now() - started) / 1000);
    });
    next();
  };
