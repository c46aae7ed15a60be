import express, { Router, type Express } from 'express';
import { uploadParser } from './account/upload-parser.js';
import { DEFAULT_SIGN_IN_POLICIES, SignIn } from './auth/sign-in.js';
import type { ApiDependencies } from './dependencies.js';
import { docsRoutes } from './docs.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import openapi from './generated/openapi.json' with { type: 'json' };
import { RegisterRoutes } from './generated/routes.js';
import { healthRoutes } from './health-routes.js';
import { httpMetrics } from './http-metrics.js';
import { jsonBody } from './json-body.js';
import { attachRequestContext, type ApiRuntime } from './request-context.js';
import { requestId } from './request-id.js';
import { methodGuard, routeTable } from './route-table.js';

export const API_BASE_PATH = '/app/api/v1';

/** The express application: health endpoints, the JSON API under /app/api/v1, its OpenAPI document and /docs. */
export function createApiApp(deps: ApiDependencies): Express {
  const runtime: ApiRuntime = { deps, signIn: new SignIn(deps.signInPolicies ?? DEFAULT_SIGN_IN_POLICIES, deps.now) };
  const docs = docsRoutes(openapi);
  const known = routeTable({ paths: { ...openapi.paths, '/openapi.json': { get: {} } } });

  const api = Router();
  api.use(attachRequestContext(runtime));
  api.use(methodGuard(known));
  api.use(docs.spec);
  api.use(jsonBody());
  RegisterRoutes(api, { multer: uploadParser() });

  const app = express();
  app.disable('x-powered-by');
  // Sign-in throttling counts per client address: behind an ingress or a local proxy the address
  // comes from X-Forwarded-For, trusted only when the proxy itself is on a loopback or private network.
  app.set('trust proxy', ['loopback', 'linklocal', 'uniquelocal']);
  app.use(httpMetrics);
  app.use(healthRoutes(deps));
  app.use(requestId);
  app.use('/docs', docs.browser);
  app.use(API_BASE_PATH, api);
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
