import { failed, type Channel, type DeliveryOutcome, type DeliveryTarget } from '../../notify/channel.js';
import type { OutboxEventView } from '../../notify/event.js';
import type { OutboundHttp } from '../../notify/outbound-http.js';
import { postSignedWebhook } from '../../notify/signed-webhook.js';
import type { Store } from '../../store/orm.js';
import { subscriberLinks } from './links.js';
import { recipientOf } from './subscriber-recipient.js';

/**
 * A status page's webhook subscribers: the page's notice as JSON, signed with the subscriber's
 * secret exactly as v1 webhooks are (`X-Vantage-Signature: t=…,v1=…`), to an https:// URL that
 * passes the outbound rules of every webhook.
 */
export class SubscriberWebhookChannel implements Channel {
  readonly name = 'subscriber_webhook' as const;

  constructor(
    private readonly store: Store,
    private readonly http: OutboundHttp,
    private readonly publicUrl: string | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    const recipient = await recipientOf(this.store, event, target.destination);
    if (!('subscriber' in recipient)) return recipient;
    const { subscriber, notice } = recipient;
    if (!subscriber.secret) return failed('the webhook subscriber has no signing secret');
    const { slug, page_title, ...details } = notice;
    const body = JSON.stringify({
      schema_version: 1,
      delivery_id: target.deliveryId,
      event_type: event.eventType,
      occurred_at: event.occurredAt.toISOString(),
      status_page: { slug, title: page_title, ...(this.publicUrl ? { url: subscriberLinks(this.publicUrl, slug).page } : {}) },
      ...details,
    });
    return postSignedWebhook(
      this.http,
      { url: subscriber.address, secret: subscriber.secret, body, deliveryId: target.deliveryId, eventType: event.eventType, signedAt: this.now() },
      signal,
    );
  }
}
