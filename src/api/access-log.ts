import type { RequestHandler } from 'express';
import type { Logger } from '../log.js';
import { routeLabel } from './route-label.js';

/**
 * One info line per answered request (VANTAGE_ACCESS_LOG=1), written when the answer is sent:
 * method, path (without the query string, which may carry search words), route, status,
 * duration, size, client address, request id and, once signed in, the user. Never credentials.
 */
export const accessLog =
  (logger: Logger, apiBasePath: string): RequestHandler =>
  (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const user = (req as { user?: { caller?: { userId?: number } } }).user?.caller?.userId;
      logger.info(
        {
          access: true,
          method: req.method,
          path: req.originalUrl.split('?', 1)[0],
          route: routeLabel(req, res, apiBasePath),
          status: res.statusCode,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
          bytes: Number(res.getHeader('content-length') ?? 0),
          remote_address: req.ip,
          request_id: res.locals.requestId,
          ...(user === undefined ? {} : { user_id: user }),
        },
        'request',
      );
    });
    next();
  };
