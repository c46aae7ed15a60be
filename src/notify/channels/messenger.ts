import { failed, type Channel, type ChannelRouting, type DeliveryOutcome, type DeliveryTarget } from '../channel.js';
import { outcomeOfError } from '../error-outcome.js';
import type { OutboxEventView } from '../event.js';
import { outcomeOfStatus } from '../http-outcome.js';
import { describeEvent } from '../message-text.js';
import type { OutboundHttp } from '../outbound-http.js';

/**
 * Every event, certificate change notices included, to the group's chat id. The spec requires
 * the token and the chat id together; a half-configured group cannot send.
 */
export const messengerRouting: ChannelRouting = {
  name: 'messenger',
  carries: () => true,
  destinationsOf: (group) => (group.messengerChatId && group.messengerBotToken ? [group.messengerChatId] : []),
  dedupeKey: (chatId) => chatId,
};

/** Legacy Markdown of the bot API: these four characters start entities unless escaped. */
const escapeMarkdown = (text: string): string => text.replace(/([_*`[])/g, '\\$1');

export function buildMessengerText(event: OutboxEventView): string {
  const message = describeEvent(event);
  return [`*${escapeMarkdown(message.title)}*`, ...message.facts.map(([label, value]) => `${escapeMarkdown(label)}: ${escapeMarkdown(value)}`)].join('\n');
}

/** The bot API's error text, from its `{ok:false, description}` answer. */
function describeFailure(body: string): string {
  try {
    const parsed = JSON.parse(body) as { description?: unknown };
    return typeof parsed.description === 'string' ? parsed.description : '';
  } catch {
    return '';
  }
}

/** Messenger bot `sendMessage` (Telegram-compatible), token from the group at send time. */
export class MessengerChannel implements Channel {
  readonly name = 'messenger' as const;

  constructor(
    private readonly http: OutboundHttp,
    private readonly apiBaseUrl: string,
  ) {}

  async send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome> {
    const token = target.group?.messengerBotToken;
    if (!token) return failed('the group has no messenger bot token');
    if (!/^[A-Za-z0-9:_-]+$/.test(token)) return failed('the messenger bot token has characters a token never has');
    try {
      const response = await this.http.request(
        {
          url: `${this.apiBaseUrl.replace(/\/+$/, '')}/bot${token}/sendMessage`,
          method: 'POST',
          userDestination: false,
          headers: { 'Content-Type': 'application/json; charset=utf-8', 'User-Agent': 'Vantage/1.0' },
          body: JSON.stringify({ chat_id: target.destination, text: buildMessengerText(event), parse_mode: 'Markdown' }),
        },
        signal,
      );
      return outcomeOfStatus(response.status, response.status >= 400 ? describeFailure(response.body) : '');
    } catch (error) {
      return outcomeOfError(error);
    }
  }
}
