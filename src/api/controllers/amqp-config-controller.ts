import type { Request as ExpressRequest } from 'express';
import { Get, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { amqpConfigForClient, type AmqpClientConfig } from '../../notify/amqp-config.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';

/** The broker credentials let their holder read every event of the client: as much as managing its notification channels. */
const mayReadBrokerCredentials = (principal: Principal): boolean =>
  principal.user.isAdmin || principal.user.permissions?.manage_notification_groups === true;

@Route('mobile/amqp-config')
@Tags('Account and devices')
@Security('basic')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
export class AmqpConfigController extends ApiController {
  /**
   * Message-queue connection settings of the caller's client: broker address, the client's own
   * exchange and routing keys, and the client's broker credentials (never the server's), these
   * only for administrators and users with the manage_notification_groups permission (null for
   * others). `enabled: false` when no broker is configured.
   */
  @Get('')
  public async amqpConfig(@Request() req: ExpressRequest): Promise<Success<AmqpClientConfig>> {
    const principal = principalOf(req);
    const config = amqpConfigForClient(this.context.deps.settings, principal.client.id);
    return ok(mayReadBrokerCredentials(principal) ? config : { ...config, username: null, password: null });
  }
}
