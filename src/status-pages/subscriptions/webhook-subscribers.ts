import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { workspaceOf, type Principal } from '../../api/auth/principal.js';
import { conflict, notFound, validationError } from '../../api/errors.js';
import { requireActiveEntitlement, requirePermission } from '../../api/guards.js';
import { mutate } from '../../api/mutation.js';
import type { RequestContext } from '../../api/request-context.js';
import { StatusPage } from '../../store/entities/status-page.js';
import { StatusPageSubscriber } from '../../store/entities/status-page-subscriber.js';
import { webhookUrlOf } from './subscriber-input.js';

export interface WebhookSubscriberView {
  id: number;
  status_page_id: number;
  /** The https:// URL deliveries are POSTed to. */
  url: string;
  /** HMAC-SHA256 key of the `X-Vantage-Signature` header, as for notification groups' webhooks (docs/webhooks.md). */
  secret: string;
  created_at: string;
}

const view = (subscriber: StatusPageSubscriber): WebhookSubscriberView => ({
  id: subscriber.id,
  status_page_id: subscriber.page.id,
  url: subscriber.address,
  secret: subscriber.secret ?? '',
  created_at: subscriber.createdAt.toISOString(),
});

/** Managing a page's webhooks is managing the page; they hold secrets, so reading them is too. */
function guard(principal: Principal, write: boolean): void {
  requirePermission(principal, 'manage_status_pages');
  if (write) requireActiveEntitlement(principal);
}

async function pageOf(em: EntityManager, principal: Principal, pageId: number): Promise<StatusPage> {
  const page = await em.findOne(StatusPage, { id: pageId, workspace: workspaceOf(principal) });
  if (!page) throw notFound(`status page ${pageId}`);
  return page;
}

export async function listWebhookSubscribers(context: RequestContext, principal: Principal, pageId: number): Promise<WebhookSubscriberView[]> {
  guard(principal, false);
  const page = await pageOf(context.em, principal, pageId);
  const subscribers = await context.em.find(StatusPageSubscriber, { page, kind: 'webhook' }, { orderBy: { id: 'asc' } });
  return subscribers.map(view);
}

/** Adds a webhook; it is confirmed at once (the page's owner adds it) and gets its own signing secret. */
export async function addWebhookSubscriber(context: RequestContext, principal: Principal, pageId: number, body: unknown): Promise<WebhookSubscriberView> {
  guard(principal, true);
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const parsed = webhookUrlOf(input.url, context.deps.settings.VANTAGE_ALLOW_PRIVATE_TARGETS === '1');
  if ('reason' in parsed) throw validationError({ url: parsed.reason });
  const now = context.deps.now();
  try {
    const id = await mutate(context, principal, async (tx, changes) => {
      const page = await pageOf(tx, principal, pageId);
      const subscriber = tx.create(StatusPageSubscriber, { page, kind: 'webhook', address: parsed.url, secret: randomBytes(32).toString('hex'), confirmedAt: now, createdAt: now });
      await tx.flush();
      changes.record({ action: 'status_page.webhook_subscriber.create', resourceType: 'status_page', resourceId: page.id, notice: null, details: { subscriber_id: subscriber.id } });
      return subscriber.id;
    });
    return view(await context.em.findOneOrFail(StatusPageSubscriber, id, { refresh: true }));
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw conflict('this URL is already a webhook subscriber of the page');
    throw error;
  }
}

export async function removeWebhookSubscriber(context: RequestContext, principal: Principal, pageId: number, subscriberId: number): Promise<void> {
  guard(principal, true);
  await mutate(context, principal, async (tx, changes) => {
    const page = await pageOf(tx, principal, pageId);
    const removed = await tx.nativeDelete(StatusPageSubscriber, { id: subscriberId, page, kind: 'webhook' });
    if (removed === 0) throw notFound(`webhook subscriber ${subscriberId}`);
    changes.record({ action: 'status_page.webhook_subscriber.delete', resourceType: 'status_page', resourceId: page.id, notice: null, details: { subscriber_id: subscriberId } });
  });
}
