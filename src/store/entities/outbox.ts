import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, type Rel, type Opt } from '@mikro-orm/core';
import { Client } from './client.js';
import { SUBSCRIBER_EVENT_TYPES } from './status-page-subscriber.js';
import { NotificationGroup } from './notification-group.js';
import { Workspace } from './workspace.js';

export const EVENT_TYPES = [
  'uptime.check.failed',
  'uptime.check.recovered',
  'domain.ssl.expiring_soon',
  'domain.ssl.certificate_changed',
  'notification.test',
  ...SUBSCRIBER_EVENT_TYPES,
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** An event to announce, written in the same transaction as the change that caused it. */
@Entity({ tableName: 'outbox_events' })
export class OutboxEvent {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Client, { deleteRule: 'cascade' })
  client!: Rel<Client>;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Rel<Workspace>;

  @Enum({ items: () => EVENT_TYPES, type: 'string' })
  eventType!: EventType;

  /** Indexed for the retention worker, which deletes finished notifications oldest first. */
  @Index()
  @Property({ type: 'Date' })
  occurredAt!: Date;

  /** `{type, id, name, url_or_host?}` as in the webhook contract. */
  @Property({ type: 'json' })
  resource!: Record<string, unknown>;

  @Property({ type: 'json', nullable: true })
  context: Opt<Record<string, unknown>> | null = null;

  @Property({ type: 'json', nullable: true })
  ssl: Opt<Record<string, unknown>> | null = null;

  /** `domain.ssl.certificate_changed` only: the previous and the current certificate. */
  @Property({ type: 'json', nullable: true })
  certificate: Opt<Record<string, unknown>> | null = null;

  /** Status page subscriber events only: what the page tells its subscribers (src/status-pages/subscriptions/notice.ts). */
  @Property({ type: 'json', nullable: true })
  notice: Opt<Record<string, unknown>> | null = null;
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event to one destination of one channel. `deliveryId` is fixed here, so every retry
 * carries the same id. A claim sets `leaseUntil`; a crashed worker's claim runs out and the
 * row is claimed again.
 */
@Entity({ tableName: 'outbox_deliveries' })
@Index({ properties: ['status', 'nextAttemptAt'] })
export class OutboxDelivery {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => OutboxEvent, { deleteRule: 'cascade' })
  @Index()
  event!: Rel<OutboxEvent>;

  /** Indexed: a group's deliveries are listed through the API, newest first. */
  @ManyToOne(() => NotificationGroup, { nullable: true, deleteRule: 'set null' })
  @Index()
  group: Rel<NotificationGroup> | null = null;

  @Property({ type: 'string', length: 30 })
  channel!: string;

  @Property({ type: 'string', length: 4096 })
  destination!: string;

  @Property({ type: 'string', length: 32, unique: true })
  deliveryId!: string;

  @Enum({ items: () => DELIVERY_STATUSES, type: 'string' })
  status: Opt<DeliveryStatus> = 'pending';

  @Property({ type: 'integer' })
  attempts: Opt<number> = 0;

  @Property({ type: 'Date' })
  nextAttemptAt: Opt<Date> = new Date();

  @Property({ type: 'Date', nullable: true })
  leaseUntil: Date | null = null;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();

  /** When someone last asked for a retry now (API): the give-up time counts from it instead of `createdAt`. */
  @Property({ type: 'Date', nullable: true })
  retriedAt: Date | null = null;

  @Property({ type: 'Date', nullable: true })
  deliveredAt: Date | null = null;
}

@Entity({ tableName: 'delivery_attempts' })
export class DeliveryAttempt {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => OutboxDelivery, { deleteRule: 'cascade' })
  @Index()
  delivery!: Rel<OutboxDelivery>;

  @Property({ type: 'Date' })
  attemptedAt!: Date;

  @Property({ type: 'string', length: 20 })
  outcome!: 'delivered' | 'retry' | 'failed';

  @Property({ type: 'integer', nullable: true })
  responseCode: number | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'integer' })
  durationMs!: number;
}
