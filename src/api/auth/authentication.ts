import type { Request } from 'express';
import { resolveEntitlement } from '../../domain/entitlement.js';
import { forbidden, unauthorized } from '../errors.js';
import { contextOf } from '../request-context.js';
import { parseBasicAuthorization } from './basic-credentials.js';
import { SCOPES, type Principal } from './principal.js';
import { resolveWorkspace } from './workspace-access.js';

/**
 * tsoa's authentication module: every route marked `@Security('basic', scopes)` passes here
 * before its parameters are read. Basic credentials are verified (throttled, cached), then
 * the scopes: `workspace` resolves X-Workspace-Id, `admin` requires flag_is_admin.
 */
export async function expressAuthentication(req: Request, securityName: string, scopes: string[] = []): Promise<Principal> {
  if (securityName !== 'basic') throw new Error(`unknown security scheme ${securityName}`);
  const context = contextOf(req);
  const credentials = parseBasicAuthorization(req.header('authorization'));
  if (!credentials) throw unauthorized('HTTP Basic credentials are required');
  const user = await context.runtime.signIn.verify(context.em, credentials.email, credentials.password, req.ip ?? 'unknown');
  const client = user.client;
  const principal: Principal = { user, client, entitlement: resolveEntitlement(client, context.deps.now()), workspace: null };
  if (scopes.includes(SCOPES.admin) && !user.isAdmin) throw forbidden('this route is for administrators');
  if (scopes.includes(SCOPES.workspace)) principal.workspace = await resolveWorkspace(context.em, user, req.header('x-workspace-id'));
  return principal;
}
