import express, { Router, type Express } from 'express';
import { accessLog } from './access-log.js';
import { uploadParser } from './account/upload-parser.js';
import { DEFAULT_SIGN_IN_POLICIES, SignIn } from './auth/sign-in.js';
import type { ApiDependencies } from './dependencies.js';
import { authenticateFirst } from './auth/authentication.js';
import { confirmBeforeError } from './auth/sign-in-check.js';
import { crossSiteGuard } from './cross-site-guard.js';
import { docsRoutes } from './docs.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import openapi from './generated/openapi.json' with { type: 'json' };
import { RegisterRoutes } from './generated/routes.js';
import { healthRoutes } from './health-routes.js';
import { homePage } from './home-page.js';
import { bodyTextGuard, pathParameterGuard, queryGuard } from './input-guards.js';
import { httpMetrics } from './http-metrics.js';
import { jsonBody } from './json-body.js';
import { sendsJsonText } from './json-text.js';
import { attachRequestContext, type ApiRuntime } from './request-context.js';
import { requestId } from './request-id.js';
import { servedOpenApi } from './openapi/complete-document.js';
import { methodGuard, routeTable } from './route-table.js';
import { docsPolicy, noStore, securityHeaders } from './security-headers.js';
import { trustedProxies } from './trusted-proxies.js';
import { publicStatusPages } from '../status-pages/public-status-pages.js';
import { CheckPageAnchors } from './uptime-checks/check-page-anchors.js';

export const API_BASE_PATH = '/app/api/v1';

/** The express application: health endpoints, the JSON API under /app/api/v1, its OpenAPI document and /docs. */
export function createApiApp(deps: ApiDependencies): Express {
  const runtime: ApiRuntime = {
    deps,
    signIn: new SignIn(deps.signInPolicies ?? DEFAULT_SIGN_IN_POLICIES, deps.now),
    statements: deps.store.em.fork(),
    checkPageAnchors: new CheckPageAnchors(),
  };
  const docs = docsRoutes(servedOpenApi(openapi, deps.settings.VANTAGE_PUBLIC_URL, API_BASE_PATH));
  const known = routeTable({ paths: { ...openapi.paths, '/openapi.json': { get: {} } } });

  const api = Router();
  api.use(attachRequestContext(runtime));
  api.use(methodGuard(known));
  api.use(docs.spec);
  api.use(authenticateFirst);
  api.use(crossSiteGuard(deps.settings.VANTAGE_PUBLIC_URL));
  api.use(pathParameterGuard);
  api.use(queryGuard);
  api.use(jsonBody());
  api.use(bodyTextGuard);
  RegisterRoutes(api, { multer: uploadParser() });
  api.use(confirmBeforeError);

  const app = express();
  app.disable('x-powered-by');
  // No ETag of every body (a SHA-1 of a list page per request): the API's answers are `no-store`, and the
  // status pages name their own, made once per page.
  app.set('etag', false);
  sendsJsonText(app);
  // Sign-in throttling counts per client address: X-Forwarded-For is believed only from the proxies named in the settings.
  app.set('trust proxy', trustedProxies(deps.settings.VANTAGE_TRUSTED_PROXIES));
  app.use(securityHeaders);
  app.use(httpMetrics(API_BASE_PATH));
  app.use(healthRoutes(deps));
  app.use(requestId);
  if (deps.settings.VANTAGE_ACCESS_LOG === '1') app.use(accessLog(deps.logger, API_BASE_PATH));
  app.use('/docs', docsPolicy, docs.browser);
  // Public and unauthenticated, outside the API: before the home page, so a page's custom domain serves the page at '/'.
  app.use((deps.statusPages ?? publicStatusPages(deps.store, deps.settings)).router);
  app.get('/', homePage(deps.settings.VANTAGE_PUBLIC_URL, API_BASE_PATH));
  app.use(API_BASE_PATH, noStore, api);
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger, { basicChallenge: deps.settings.VANTAGE_BASIC_CHALLENGE === '1' }));
  return app;
}
