import { failed, type Channel, type ChannelRouting, type DeliveryOutcome, type DeliveryTarget } from '../channel.js';
import { isWebhookEventType, TEST_EVENT_TYPE, type OutboxEventView } from '../event.js';
import type { OutboundHttp } from '../outbound-http.js';
import { postSignedWebhook } from '../signed-webhook.js';
import { buildWebhookBody } from '../webhook-body.js';

/** The contract's three events and the test notification; certificate change notices are not in the contract. */
export const webhookRouting: ChannelRouting = {
  name: 'webhook',
  carries: (eventType) => isWebhookEventType(eventType) || eventType === TEST_EVENT_TYPE,
  destinationsOf: (group) => (group.webhookUrl ? [group.webhookUrl] : []),
  dedupeKey: (url) => url,
};

/** The versioned HTTPS webhook (contract v1, docs/webhooks.md), signed with the group's secret. */
export class WebhookChannel implements Channel {
  readonly name = 'webhook' as const;

  constructor(
    private readonly http: OutboundHttp,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    if (!target.group) return failed('the notification group no longer exists');
    const body = JSON.stringify(buildWebhookBody(event, target.deliveryId));
    return postSignedWebhook(
      this.http,
      { url: target.destination, secret: target.group.webhookSecret, body, deliveryId: target.deliveryId, eventType: event.eventType, signedAt: this.now() },
      signal,
    );
  }
}
