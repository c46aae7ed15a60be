import type { Request, RequestHandler } from 'express';
import { resolveEntitlement } from '../../domain/entitlement.js';
import { ApiError, forbidden, unauthorized } from '../errors.js';
import { contextOf } from '../request-context.js';
import { operationOf, type KnownRoute } from '../route-table.js';
import { parseBasicAuthorization } from './basic-credentials.js';
import { SCOPES, type Principal } from './principal.js';
import { routeChecksSignIn, type SignInCheck } from './sign-in-check.js';
import { fingerprintNow } from './signed-in-rows.js';
import { inaccessibleWorkspace, workspaceIdOf } from './workspace-access.js';

/** One verification per request: `authenticateFirst` and tsoa's own middleware share its outcome. */
const verified = new WeakMap<Request, Map<string, Promise<Principal>>>();

/**
 * tsoa's authentication module: every route marked `@Security('basic', scopes)` passes here
 * before its parameters are read. Basic credentials are verified (throttled, cached), then
 * the scopes: `workspace` resolves X-Workspace-Id, `admin` requires flag_is_admin.
 */
export function expressAuthentication(req: Request, securityName: string, scopes: string[] = []): Promise<Principal> {
  if (securityName !== 'basic') return Promise.reject(new Error(`unknown security scheme ${securityName}`));
  const outcomes = verified.get(req) ?? new Map<string, Promise<Principal>>();
  verified.set(req, outcomes);
  const key = [...scopes].sort().join(',');
  const outcome = outcomes.get(key) ?? authenticate(req, scopes);
  outcomes.set(key, outcome);
  return outcome;
}

/**
 * Runs before every other check of a secured route (media type, body, parameters), so that an
 * unauthenticated caller learns nothing but 401 from any route.
 */
export const authenticateFirst: RequestHandler = (req, res, next) => {
  const scopes = operationOf(res.locals.route as KnownRoute | undefined, req.method)?.basicScopes;
  if (!scopes) return next();
  expressAuthentication(req, 'basic', scopes).then(() => next(), next);
};

async function authenticate(req: Request, scopes: string[], checkedByRoute = routeChecksSignIn(req)): Promise<Principal> {
  const context = contextOf(req);
  const credentials = parseBasicAuthorization(req.header('authorization'));
  if (!credentials) throw unauthorized('HTTP Basic credentials are required');
  const workspaceId = scopes.includes(SCOPES.workspace) ? workspaceIdOf(req.header('x-workspace-id')) : null;
  // A malformed header is answered after the credentials, so that an unauthenticated caller learns nothing but 401.
  const requested = typeof workspaceId === 'number' ? workspaceId : null;
  const signedIn = await context.runtime.signIn.verify(context, credentials.email, credentials.password, req.ip ?? 'unknown', requested, checkedByRoute);
  if (scopes.includes(SCOPES.admin) && !signedIn.caller.isAdmin) throw forbidden('this route is for administrators');
  if (workspaceId instanceof ApiError) throw workspaceId;
  if (requested !== null && signedIn.caller.workspaceId === null) throw inaccessibleWorkspace(requested);
  const signInCheck: SignInCheck | null = signedIn.confirmed
    ? null
    : {
        column: fingerprintNow(signedIn.caller.userId, credentials.email, requested),
        fingerprint: signedIn.fingerprint!,
        confirmed: false,
        async reread() {
          this.confirmed = true;
          const principal = await authenticate(req, scopes, false);
          (req as Request & { user?: Principal }).user = principal;
          return principal;
        },
      };
  return {
    signInCheck,
    caller: signedIn.caller,
    entitlement: resolveEntitlement(signedIn.plan, context.deps.now()),
    get user() {
      return signedIn.user;
    },
    get client() {
      return signedIn.client;
    },
    get workspace() {
      return requested === null ? null : signedIn.workspace;
    },
  };
}
