import type { Request as ExpressRequest } from 'express';
import { Get, Path, Post, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { principalOf, workspaceOf, type Principal } from '../auth/principal.js';
import { ApiController } from '../base-controller.js';
import { ok, page, type ErrorBody, type Page, type Success } from '../envelope.js';
import { requirePermission } from '../guards.js';
import { retryDeliveryNow, sendTestNotification } from '../notification-deliveries/delivery-actions.js';
import { attemptsOf, deliveriesById, findDelivery, listDeliveries } from '../notification-deliveries/delivery-queries.js';
import {
  attemptView,
  deliveryView,
  type NotificationDeliveryDetail,
  type NotificationDeliveryView,
} from '../notification-deliveries/delivery-views.js';
import { findGroup } from '../notification-groups/group-queries.js';
import { parsePaging } from '../query-filters.js';

export type DeliveryStatusFilter = 'pending' | 'delivered' | 'failed';

export interface TestNotificationResult {
  /** Always `notification.test`. */
  event_type: string;
  /** One per channel and destination of the group, as just enqueued (status `pending`). */
  deliveries: NotificationDeliveryView[];
}

/**
 * What the notifier did with a group's notifications: every delivery (one event to one
 * destination) and each of its attempts, a test notification through the real channels, and a
 * retry now of a delivery that failed or waits for its next attempt. Beyond the contract.
 */
@Route('mobile/notification-groups')
@Tags('Notification deliveries')
@Security('basic', ['workspace'])
@Response<ErrorBody>(400, 'Missing or invalid X-Workspace-Id, or an invalid id or filter')
@Response<ErrorBody>(401, 'Missing or wrong credentials')
@Response<ErrorBody>(403, 'Workspace not accessible, or permission manage_notification_groups missing')
@Response<ErrorBody>(404, 'No such group in this workspace, or no such delivery of the group')
export class NotificationDeliveriesController extends ApiController {
  private reader(req: ExpressRequest): Principal {
    const principal = principalOf(req);
    requirePermission(principal, 'manage_notification_groups');
    return principal;
  }

  /**
   * The group's deliveries, newest first.
   * @param status pending, delivered or failed
   * @param limit 1 to 200; default 50
   * @param offset at least 0
   */
  @Get('{id}/deliveries')
  public async deliveries(
    @Request() req: ExpressRequest,
    @Path() id: number,
    @Query() status?: DeliveryStatusFilter,
    @Query() limit?: number,
    @Query() offset?: number,
  ): Promise<Page<NotificationDeliveryView>> {
    const paging = parsePaging(limit, offset);
    const principal = this.reader(req);
    const group = await findGroup(this.context.em, workspaceOf(principal), id);
    const { deliveries, total } = await listDeliveries(this.context.em, group, { status, ...paging });
    return page(deliveries.map((delivery) => deliveryView(delivery, principal.user.isAdmin)), { ...paging, total });
  }

  /** One delivery with every attempt: outcome, response code, error and duration; `next_attempt_at` while it waits. */
  @Get('{id}/deliveries/{deliveryId}')
  public async delivery(@Request() req: ExpressRequest, @Path() id: number, @Path() deliveryId: number): Promise<Success<NotificationDeliveryDetail>> {
    const principal = this.reader(req);
    const group = await findGroup(this.context.em, workspaceOf(principal), id);
    const delivery = await findDelivery(this.context.em, group, deliveryId);
    const attempts = await attemptsOf(this.context.em, delivery);
    return ok({ ...deliveryView(delivery, principal.user.isAdmin), attempts: attempts.map(attemptView) });
  }

  /**
   * Sends a `notification.test` event to every channel of the group, through the outbox and the
   * notifier like any event (docs/webhooks.md shows its webhook body). Follow its deliveries here.
   */
  @Post('{id}/send-test')
  @Response<ErrorBody>(402, 'The account has no active plan')
  public async sendTest(@Request() req: ExpressRequest, @Path() id: number): Promise<Success<TestNotificationResult>> {
    const principal = principalOf(req);
    const ids = await sendTestNotification(this.context, principal, id);
    const group = await findGroup(this.context.em, workspaceOf(principal), id);
    const deliveries = await deliveriesById(this.context.em, group, ids);
    return ok({ event_type: 'notification.test', deliveries: deliveries.map((delivery) => deliveryView(delivery, principal.user.isAdmin)) });
  }

  /**
   * Makes a failed or backing-off delivery due now (the give-up time restarts from now). 409 when
   * it was delivered or an attempt is under way.
   */
  @Post('{id}/deliveries/{deliveryId}/retry')
  @Response<ErrorBody>(402, 'The account has no active plan')
  @Response<ErrorBody>(409, 'Already delivered, or an attempt is under way')
  public async retry(@Request() req: ExpressRequest, @Path() id: number, @Path() deliveryId: number): Promise<Success<NotificationDeliveryView>> {
    const principal = principalOf(req);
    await retryDeliveryNow(this.context, principal, id, deliveryId);
    const group = await findGroup(this.context.em, workspaceOf(principal), id);
    return ok(deliveryView(await findDelivery(this.context.em, group, deliveryId), principal.user.isAdmin));
  }
}
