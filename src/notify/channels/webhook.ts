import { failed, type Channel, type ChannelRouting, type DeliveryOutcome, type DeliveryTarget } from '../channel.js';
import { outcomeOfError } from '../error-outcome.js';
import { isWebhookEventType, TEST_EVENT_TYPE, type OutboxEventView } from '../event.js';
import { outcomeOfStatus } from '../http-outcome.js';
import type { OutboundHttp } from '../outbound-http.js';
import { buildWebhookBody } from '../webhook-body.js';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signWebhook } from '../webhook-signature.js';

export const WEBHOOK_USER_AGENT = 'Vantage/1.0';

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
    const signature = signWebhook(target.group.webhookSecret, body, Math.floor(this.now().getTime() / 1000));
    try {
      const response = await this.http.request(
        {
          url: target.destination,
          method: 'POST',
          httpsOnly: true,
          userDestination: true,
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'User-Agent': WEBHOOK_USER_AGENT,
            [SIGNATURE_HEADER]: signature,
            [DELIVERY_HEADER]: target.deliveryId,
            [EVENT_HEADER]: event.eventType,
          },
          body,
        },
        signal,
      );
      return outcomeOfStatus(response.status);
    } catch (error) {
      return outcomeOfError(error);
    }
  }
}
