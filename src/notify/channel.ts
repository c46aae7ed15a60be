import type { NotificationGroup } from '../store/entities/notification-group.js';
import type { ChannelName } from './channel-name.js';
import type { EventType, OutboxEventView } from './event.js';

/** The settings of the group a delivery was planned from, read at send time. */
export interface GroupSecrets {
  id: number;
  webhookSecret: string;
  messengerBotToken: string | null;
}

/** Where one delivery goes: the row's fixed id, its destination and the group's secrets. */
export interface DeliveryTarget {
  deliveryId: string;
  destination: string;
  group: GroupSecrets | null;
}

/** The result of one attempt: done, worth trying again later, or never going to work. */
export type DeliveryOutcome =
  | { kind: 'delivered'; code?: number | undefined }
  | { kind: 'retry'; reason: string; code?: number | undefined }
  | { kind: 'failed'; reason: string; code?: number | undefined };

const withCode = (code: number | undefined) => (code === undefined ? {} : { code });
export const delivered = (code?: number): DeliveryOutcome => ({ kind: 'delivered', ...withCode(code) });
export const retry = (reason: string, code?: number): DeliveryOutcome => ({ kind: 'retry', reason, ...withCode(code) });
export const failed = (reason: string, code?: number): DeliveryOutcome => ({ kind: 'failed', reason, ...withCode(code) });

/**
 * One notification channel. `send` makes one attempt and never throws for a delivery problem:
 * it answers an outcome, and the dispatcher decides about retries. The signal aborts the attempt.
 */
export interface Channel {
  readonly name: ChannelName;
  send(event: OutboxEventView, target: DeliveryTarget, signal: AbortSignal): Promise<DeliveryOutcome>;
  close?(): Promise<void>;
}

/** The channel fields of a group that routing reads; a plain subset so that plans stay testable without a database. */
export type GroupChannels = Pick<
  NotificationGroup,
  'id' | 'emailAddresses' | 'phoneNumbers' | 'webhookUrl' | 'chatIncomingWebhookUrl' | 'messengerBotToken' | 'messengerChatId' | 'pushEnabled'
> & { workspace: { id: number } };

/**
 * What a channel knows about routing, beside its `send`: which events it carries, where a group
 * sends them on it, and when two destinations are the same receiver. Pure and without settings,
 * so the outbox is planned in the transaction of the change (engine or API), where no channel
 * runs. Each channel's file exports its own, as a Gatus provider owns its configuration.
 */
export interface ChannelRouting {
  readonly name: ChannelName;
  carries(eventType: EventType): boolean;
  /** The group's destinations on this channel, in order; none: the channel is off in the group. */
  destinationsOf(group: GroupChannels): string[];
  /** Destinations with the same key reach the same receiver, and get one delivery. */
  dedupeKey(destination: string): string;
}
