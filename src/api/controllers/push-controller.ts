import type { Request as ExpressRequest } from 'express';
import { Body, Post, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { registerPushToken, unregisterPushToken } from '../account/push-tokens.js';
import { principalOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';

export interface RegisterTokenRequest {
  /** The device's push registration token; at most 4096 characters. */
  token: string;
  /** android (the only platform); default android. */
  platform?: string;
}

export interface UnregisterTokenRequest {
  token: string;
}

export interface TokenRegistered {
  registered: true;
  /** The token belonged to another user (e.g. a shared device) and now belongs to the caller. */
  moved: boolean;
}

export interface TokenUnregistered {
  /** False when the caller held no such token: nothing to do. */
  removed: boolean;
}

@Route('mobile/push')
@Tags('Account and devices')
@Security('basic')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(422, 'token missing or invalid, or platform not android')
export class PushController extends ApiController {
  /** Registers a device for Android push; idempotent. */
  @Post('register-token')
  public async register(@Request() req: ExpressRequest, @Body() body: RegisterTokenRequest): Promise<Success<TokenRegistered>> {
    const { moved } = await registerPushToken(this.context, principalOf(req), body.token, body.platform ?? 'android');
    return ok({ registered: true, moved });
  }

  /** Removes the caller's device token; idempotent. */
  @Post('unregister-token')
  public async unregister(@Request() req: ExpressRequest, @Body() body: UnregisterTokenRequest): Promise<Success<TokenUnregistered>> {
    return ok(await unregisterPushToken(this.context, principalOf(req), body.token));
  }
}
