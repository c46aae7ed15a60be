import type { Request as ExpressRequest } from 'express';
import { Body, Get, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { resolveEntitlement } from '../../domain/entitlement.js';
import { bootstrap, legacyUserView, type Bootstrap, type LegacyUserView } from '../auth/account-views.js';
import { principalOf } from '../auth/principal.js';
import { visibleWorkspaces } from '../auth/workspace-access.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';
import { ApiError } from '../errors.js';

export interface LegacyCredentials {
  email_address?: string;
  password?: string;
}

/** The legacy answer to wrong credentials: always an empty array. */
export type NoUser = unknown[];

@Route('')
@Tags('Auth')
export class AuthController extends ApiController {
  /** The bootstrap call: the user, the workspaces they can see, a suggested workspace and the entitlement. */
  @Get('mobile/auth/me')
  @Security('basic')
  @Response<ErrorBody>(401, 'Missing or wrong credentials')
  @Response<ErrorBody>(429, 'Too many failed sign-ins')
  public async me(@Request() req: ExpressRequest): Promise<Success<Bootstrap>> {
    const principal = principalOf(req);
    const workspaces = await visibleWorkspaces(this.context.em, principal.user);
    return ok(bootstrap(principal.user, principal.entitlement, workspaces));
  }

  /**
   * Legacy sign-in for older clients: the user without the password, or `[]` when the
   * credentials are wrong. Not enveloped. Throttled like Basic sign-ins (429 when throttled).
   */
  @Post('authenticate')
  @Response<ErrorBody>(429, 'Too many failed sign-ins')
  public async authenticate(@Request() req: ExpressRequest, @Body() body: LegacyCredentials): Promise<LegacyUserView | NoUser> {
    const email = typeof body.email_address === 'string' ? body.email_address.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email || !password) return [];
    try {
      const { user } = await this.context.runtime.signIn.verify(this.context, email, password, req.ip ?? 'unknown');
      return legacyUserView(user, resolveEntitlement(user.client, this.context.deps.now()));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNAUTHORIZED') return [];
      throw error;
    }
  }
}
