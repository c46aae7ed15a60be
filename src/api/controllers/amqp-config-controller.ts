import type { Request as ExpressRequest } from 'express';
import { Get, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { amqpConfigForClient, type AmqpClientConfig } from '../../notify/amqp-config.js';
import { principalOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';

@Route('mobile/amqp-config')
@Tags('Account and devices')
@Security('basic')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
export class AmqpConfigController extends ApiController {
  /**
   * Message-queue connection settings of the caller's client: broker address, the client's own
   * exchange and routing keys, and the client's broker credentials (never the server's).
   * `enabled: false` when no broker is configured.
   */
  @Get('')
  public async amqpConfig(@Request() req: ExpressRequest): Promise<Success<AmqpClientConfig>> {
    return ok(amqpConfigForClient(this.context.deps.settings, principalOf(req).client.id));
  }
}
