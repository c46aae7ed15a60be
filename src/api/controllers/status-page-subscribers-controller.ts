import type { Request as ExpressRequest } from 'express';
import { Body, Get, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { addWebhookSubscriber, listWebhookSubscribers, removeWebhookSubscriber, type WebhookSubscriberView } from '../../status-pages/subscriptions/webhook-subscribers.js';
import { principalOf } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, type ErrorBody, type Success } from '../envelope.js';

export interface WebhookSubscriberRequest {
  /** An https:// URL; loopback and private addresses only where the server allows private targets. */
  url: string;
}

export interface WebhookSubscriberId {
  id: number;
}

@Route('mobile/status-pages/{id}/webhook-subscribers')
@Tags('Status pages')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id or malformed JSON')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible or permission manage_status_pages missing')
@Response<ErrorBody>(404, 'No such status page in this workspace')
export class StatusPageSubscribersController extends ApiController {
  /** The page's webhook subscribers, oldest first, with their signing secrets. */
  @Get('')
  public async list(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<WebhookSubscriberView[]>> {
    return ok(await listWebhookSubscribers(this.context, principalOf(req), id));
  }

  /**
   * Adds a webhook that hears of the page's incidents (opened, updated, resolved) and maintenance
   * (scheduled, started), signed like the v1 webhooks with the secret in the answer.
   */
  @Post('')
  @SuccessResponse(201, 'Created')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(409, 'The URL is already a webhook subscriber of the page')
  @Response<ErrorBody>(422, 'url missing, not https://, or a private address')
  public async create(@Request() req: ExpressRequest, @Path() id: number, @Body() body: WebhookSubscriberRequest): Promise<Success<WebhookSubscriberView>> {
    const created = await addWebhookSubscriber(this.context, principalOf(req), id, body);
    this.setStatus(201);
    return ok(created);
  }

  /** Removes a webhook subscriber. */
  @Post('{subscriberId}/delete')
  @Response<ErrorBody>(402, 'The account has no active plan')
  public async remove(@Request() req: ExpressRequest, @Path() id: number, @Path() subscriberId: number): Promise<Success<WebhookSubscriberId>> {
    await removeWebhookSubscriber(this.context, principalOf(req), id, subscriberId);
    return ok({ id: subscriberId });
  }
}
