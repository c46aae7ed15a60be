import type { RequestHandler } from 'express';
import { httpRequestSeconds } from '../metrics/vantage-metrics.js';

/**
 * Times every request into `vantage_http_request_duration_seconds`, labelled by the route's
 * pattern (`/app/api/v1/mobile/uptime-checks/:id`), never the raw path: ids would make a series
 * per resource. Requests no route matched share one label.
 */
export const httpMetrics: RequestHandler = (req, res, next) => {
  const started = performance.now();
  res.once('finish', () => {
    const pattern = (req.route as { path?: unknown } | undefined)?.path;
    const route = typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : 'unmatched';
    httpRequestSeconds().observe({ method: req.method, route, status: `${Math.floor(res.statusCode / 100)}xx` }, (performance.now() - started) / 1000);
  });
  next();
};
