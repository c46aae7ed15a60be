import type { NotificationGroup } from '../store/entities/notification-group.js';
import type { ChannelName } from './channel-name.js';
import { isWebhookEventType, TEST_EVENT_TYPE, type EventType } from './event.js';

/** The channels of a group that a planned delivery reads; a plain subset so the plan stays testable. */
export type GroupChannels = Pick<
  NotificationGroup,
  'id' | 'emailAddresses' | 'phoneNumbers' | 'webhookUrl' | 'chatIncomingWebhookUrl' | 'messengerBotToken' | 'messengerChatId' | 'pushEnabled'
> & { workspace: { id: number } };

export interface PlannedDelivery {
  channel: ChannelName;
  destination: string;
  /** The group whose settings (webhook secret, bot token) the send reads; null for the client-wide AMQP exchange. */
  groupId: number | null;
}

export interface PlanOptions {
  /** Destination of the one AMQP delivery per event (the client's exchange); absent when AMQP is not configured. */
  amqpExchange?: string | undefined;
}

/** Certificate change notices are not part of the webhook schema: they reach chat, messenger and push only. */
const CHANGE_NOTICE_CHANNELS: ReadonlySet<ChannelName> = new Set(['chat', 'messenger', 'push']);

/** The test notification goes to every channel of its group, so that each one is proved. */
const channelCarries = (channel: ChannelName, eventType: EventType): boolean =>
  isWebhookEventType(eventType) || eventType === TEST_EVENT_TYPE || CHANGE_NOTICE_CHANNELS.has(channel);

/** Addresses compare case-insensitively, so the same mailbox in two groups gets one e-mail. */
const dedupeKey = (channel: ChannelName, destination: string): string =>
  `${channel}\u0000${channel === 'email' ? destination.toLowerCase() : destination}`;

function destinationsOf(group: GroupChannels): Array<[ChannelName, string]> {
  const out: Array<[ChannelName, string]> = [];
  if (group.webhookUrl) out.push(['webhook', group.webhookUrl]);
  if (group.chatIncomingWebhookUrl) out.push(['chat', group.chatIncomingWebhookUrl]);
  // The spec requires the token and the chat id together; a half-configured group cannot send.
  if (group.messengerChatId && group.messengerBotToken) out.push(['messenger', group.messengerChatId]);
  for (const address of group.emailAddresses) if (address.trim()) out.push(['email', address.trim()]);
  for (const phone of group.phoneNumbers) if (phone.trim()) out.push(['sms', phone.trim()]);
  if (group.pushEnabled) out.push(['push', String(group.workspace.id)]);
  return out;
}

/**
 * Fans one event out to one delivery per (channel, destination) over the given groups, which
 * are the groups attached to the resource. A destination shared by two groups is delivered
 * once, with the settings of the first group that names it.
 */
export function planDeliveries(eventType: EventType, groups: readonly GroupChannels[], options: PlanOptions = {}): PlannedDelivery[] {
  const seen = new Set<string>();
  const planned: PlannedDelivery[] = [];
  for (const group of groups) {
    for (const [channel, destination] of destinationsOf(group)) {
      if (!channelCarries(channel, eventType)) continue;
      const key = dedupeKey(channel, destination);
      if (seen.has(key)) continue;
      seen.add(key);
      planned.push({ channel, destination, groupId: group.id });
    }
  }
  if (options.amqpExchange && isWebhookEventType(eventType)) {
    planned.push({ channel: 'amqp', destination: options.amqpExchange, groupId: null });
  }
  return planned;
}
