import { failed, type Channel, type ChannelRouting, type DeliveryOutcome, type DeliveryTarget } from '../channel.js';
import { outcomeOfError } from '../error-outcome.js';
import { isWebhookEventType, TEST_EVENT_TYPE, type OutboxEventView } from '../event.js';
import { outcomeOfStatus } from '../http-outcome.js';
import { describeEvent } from '../message-text.js';
import type { OutboundHttp } from '../outbound-http.js';

/** The contract's events and the test notification, one delivery per number. */
export const smsRouting: ChannelRouting = {
  name: 'sms',
  carries: (eventType) => isWebhookEventType(eventType) || eventType === TEST_EVENT_TYPE,
  destinationsOf: (group) => group.phoneNumbers.map((phone) => phone.trim()).filter(Boolean),
  dedupeKey: (phone) => phone,
};

export interface SmsAccount {
  apiBaseUrl: string;
  accountSid: string | undefined;
  authToken: string | undefined;
  from: string | undefined;
}

/** Two segments at most: the title and the facts that fit, the time last. */
const MAX_SMS_CHARS = 300;

export function buildSmsBody(event: OutboxEventView): string {
  const message = describeEvent(event);
  let text = `Vantage: ${message.title}`;
  for (const [label, value] of message.facts) {
    const line = `\n${label}: ${value}`;
    if (text.length + line.length > MAX_SMS_CHARS) break;
    text += line;
  }
  return text;
}

/** SMS through a Twilio-compatible Messages API. */
export class SmsChannel implements Channel {
  readonly name = 'sms' as const;

  constructor(
    private readonly http: OutboundHttp,
    private readonly account: SmsAccount,
  ) {}

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    const { apiBaseUrl, accountSid, authToken, from } = this.account;
    if (!accountSid || !authToken || !from) return failed('SMS is not configured on this server (VANTAGE_SMS_ACCOUNT_SID, _AUTH_TOKEN, _FROM)');
    if (!/^\+[1-9][0-9]{6,14}$/.test(target.destination)) return failed(`"${target.destination}" is not a phone number in E.164 form`);
    const form = new URLSearchParams({ To: target.destination, From: from, Body: buildSmsBody(event) });
    try {
      const response = await this.http.request(
        {
          url: `${apiBaseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
          method: 'POST',
          userDestination: false,
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
            'User-Agent': 'Vantage/1.0',
          },
          body: form.toString(),
        },
        signal,
      );
      return outcomeOfStatus(response.status, response.status >= 400 ? response.body.slice(0, 200) : '');
    } catch (error) {
      return outcomeOfError(error);
    }
  }
}
