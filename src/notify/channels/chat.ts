import type { Channel, ChannelRouting, DeliveryOutcome, DeliveryTarget } from '../channel.js';
import { outcomeOfError } from '../error-outcome.js';
import type { OutboxEventView } from '../event.js';
import { outcomeOfStatus } from '../http-outcome.js';
import { describeEvent, plainText } from '../message-text.js';
import type { OutboundHttp } from '../outbound-http.js';

/** Every event, certificate change notices included. */
export const chatRouting: ChannelRouting = {
  name: 'chat',
  carries: () => true,
  destinationsOf: (group) => (group.chatIncomingWebhookUrl ? [group.chatIncomingWebhookUrl] : []),
  dedupeKey: (url) => url,
};

/** Chat mrkdwn treats `&`, `<` and `>` as markup; everything else is literal enough. */
const escapeMrkdwn = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The incoming-webhook message: `text` for notifications and old clients, `blocks` for the formatted view. */
export function buildChatMessage(event: OutboxEventView): { text: string; blocks: unknown[] } {
  const message = describeEvent(event);
  const facts = message.facts.map(([label, value]) => `*${escapeMrkdwn(label)}:* ${escapeMrkdwn(value)}`).join('\n');
  return {
    text: plainText(message),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${escapeMrkdwn(message.title)}*` } },
      ...(facts ? [{ type: 'section', text: { type: 'mrkdwn', text: facts } }] : []),
      { type: 'context', elements: [{ type: 'mrkdwn', text: `Vantage · ${escapeMrkdwn(event.eventType)}` }] },
    ],
  };
}

/** Team-chat incoming webhook (Slack-compatible `{text, blocks}`). */
export class ChatChannel implements Channel {
  readonly name = 'chat' as const;

  constructor(private readonly http: OutboundHttp) {}

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    try {
      const response = await this.http.request(
        {
          url: target.destination,
          method: 'POST',
          userDestination: true,
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'Vantage/1.0' },
          body: JSON.stringify(buildChatMessage(event)),
        },
        signal,
      );
      return outcomeOfStatus(response.status, response.status >= 400 ? response.body.slice(0, 200) : '');
    } catch (error) {
      return outcomeOfError(error);
    }
  }
}
