import type { DeliveryOutcome } from './channel.js';
import { outcomeOfError } from './error-outcome.js';
import { outcomeOfStatus } from './http-outcome.js';
import type { OutboundHttp } from './outbound-http.js';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signWebhook } from './webhook-signature.js';

export const WEBHOOK_USER_AGENT = 'Vantage/1.0';

/** One webhook delivery: a JSON body for a user-given URL, signed with the receiver's secret at `signedAt`. */
export interface SignedWebhook {
  url: string;
  secret: string;
  body: string;
  deliveryId: string;
  eventType: string;
  signedAt: Date;
}

/**
 * One attempt of a webhook signed as contract v1 has it (`X-Vantage-Signature: t=…,v1=…`, docs/webhooks.md):
 * POSTed to an https:// URL that passes the outbound address rules, its answer or error as the delivery's outcome.
 * The workspace webhook and the status page subscribers' webhook differ only in their bodies and secrets.
 */
export async function postSignedWebhook(http: OutboundHttp, webhook: SignedWebhook, signal: AbortSignal): Promise<DeliveryOutcome> {
  const signature = signWebhook(webhook.secret, webhook.body, Math.floor(webhook.signedAt.getTime() / 1000));
  try {
    const response = await http.request(
      {
        url: webhook.url,
        method: 'POST',
        httpsOnly: true,
        userDestination: true,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': WEBHOOK_USER_AGENT,
          [SIGNATURE_HEADER]: signature,
          [DELIVERY_HEADER]: webhook.deliveryId,
          [EVENT_HEADER]: webhook.eventType,
        },
        body: webhook.body,
      },
      signal,
    );
    return outcomeOfStatus(response.status);
  } catch (error) {
    return outcomeOfError(error);
  }
}
