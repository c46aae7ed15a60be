import { Entity, Enum, Index, ManyToOne, OneToOne, PrimaryKey, Property, Unique, type Rel, type Opt } from '@mikro-orm/core';
import { MaintenanceWindow } from './maintenance-window.js';
import { StatusPage } from './status-page.js';

export const SUBSCRIBER_KINDS = ['email', 'webhook'] as const;
export type SubscriberKind = (typeof SUBSCRIBER_KINDS)[number];

/** What a status page tells its subscribers; the `subscription.requested` one is the double opt-in mail. */
export const SUBSCRIBER_EVENT_TYPES = [
  'status_page.subscription.requested',
  'status_page.incident.opened',
  'status_page.incident.updated',
  'status_page.incident.resolved',
  'status_page.maintenance.scheduled',
  'status_page.maintenance.started',
] as const;
export type SubscriberEventType = (typeof SUBSCRIBER_EVENT_TYPES)[number];

/**
 * Someone who hears of a page's incidents and maintenance: an e-mail address (confirmed by the
 * link of a double opt-in mail) or a webhook URL the page's owner added (confirmed when added).
 */
@Entity({ tableName: 'status_page_subscribers' })
@Unique({ properties: ['page', 'kind', 'address'] })
export class StatusPageSubscriber {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => StatusPage, { deleteRule: 'cascade' })
  @Index()
  page!: Rel<StatusPage>;

  @Enum({ items: () => SUBSCRIBER_KINDS, type: 'string' })
  kind!: SubscriberKind;

  /** E-mail: lower-cased address; webhook: the URL. */
  @Property({ type: 'string', length: 2048 })
  address!: string;

  /** Webhooks only: the HMAC key deliveries are signed with, as for notification groups. */
  @Property({ type: 'string', length: 64, nullable: true })
  secret: string | null = null;

  @Property({ type: 'Date', nullable: true })
  confirmedAt: Date | null = null;

  /** Start of the hour in which `confirmationMails` confirmation mails were sent (the per-address throttle). */
  @Property({ type: 'Date', nullable: true })
  confirmationWindowStart: Date | null = null;

  @Property({ type: 'integer' })
  confirmationMails: Opt<number> = 0;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();
}

export const SUBSCRIBER_TOKEN_PURPOSES = ['confirm', 'unsubscribe'] as const;
export type SubscriberTokenPurpose = (typeof SUBSCRIBER_TOKEN_PURPOSES)[number];

/**
 * A link's token, stored as its SHA-256 only. Each mail gets its own, minted when it is sent, so
 * a token is never kept in the clear and every unsubscribe link ever sent keeps working.
 */
@Entity({ tableName: 'status_page_subscriber_tokens' })
export class StatusPageSubscriberToken {
  /** Hex SHA-256 of the 32 random bytes in the link. */
  @PrimaryKey({ type: 'string', length: 64 })
  tokenHash!: string;

  @ManyToOne(() => StatusPageSubscriber, { deleteRule: 'cascade' })
  @Index()
  subscriber!: Rel<StatusPageSubscriber>;

  @Enum({ items: () => SUBSCRIBER_TOKEN_PURPOSES, type: 'string' })
  purpose!: SubscriberTokenPurpose;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();
}

/**
 * That subscribers were told a maintenance window started, keyed by the window and its start (a
 * window moved to a later start is told again). Written in the transaction that enqueues the
 * notice, so of several notifiers exactly one tells it.
 */
@Entity({ tableName: 'status_page_maintenance_starts' })
export class MaintenanceStartAnnouncement {
  @ManyToOne(() => MaintenanceWindow, { primary: true, deleteRule: 'cascade' })
  window!: Rel<MaintenanceWindow>;

  @PrimaryKey({ type: 'Date' })
  startsAt!: Date;

  @Property({ type: 'Date' })
  announcedAt!: Date;
}

/**
 * The confirmation mails a page sent in its current hour, whatever the addresses: the page-wide
 * throttle, shared by every API process. Apart from the page's row, so that counting a mail never
 * looks like a change of the page (its change feed and cached answers are left alone).
 */
@Entity({ tableName: 'status_page_confirmation_windows' })
export class StatusPageConfirmationWindow {
  @OneToOne(() => StatusPage, { primary: true, deleteRule: 'cascade' })
  page!: Rel<StatusPage>;

  @Property({ type: 'Date' })
  windowStart!: Date;

  @Property({ type: 'integer' })
  mails!: number;
}
