import type { ChannelName } from './channel-name.js';
import type { OutboxEventView } from './event.js';

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
