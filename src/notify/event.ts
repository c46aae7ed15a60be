import type { SubscriberNotice } from '../status-pages/subscriptions/notice.js';
import type { EventType } from '../store/entities/outbox.js';

export type { EventType };

/** The three event types of the versioned webhook contract; certificate change notices are not among them. */
export const WEBHOOK_EVENT_TYPES = ['uptime.check.failed', 'uptime.check.recovered', 'domain.ssl.expiring_soon'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const isWebhookEventType = (eventType: EventType): eventType is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(eventType);

/**
 * Sent only when someone asks for it (`POST .../notification-groups/{id}/send-test`), to every
 * channel of one group, through the outbox like any event: it proves the whole path. Not one of
 * the contract's three events; its webhook shape is documented in docs/webhooks.md.
 */
export const TEST_EVENT_TYPE = 'notification.test' satisfies EventType;

export interface EventResource {
  /** `notification_group` for the test notification only. */
  type: 'uptime_check' | 'domain' | 'notification_group' | 'status_page';
  id: number;
  name: string;
  /** Checks only: the target as a person would type it. */
  url_or_host?: string;
}

export interface EventContext {
  incident_id: number;
  severity: string;
  failed_locations: string[];
}

export interface EventSsl {
  days_until_expiry: number;
  /** `YYYY-MM-DD HH:MM:SS`, UTC. */
  not_after: string;
}

/** One side of a certificate change: what identified the certificate then or now. */
export interface CertificateIdentity {
  fingerprint_sha256: string;
  serial_number: string;
  issuer: string;
  /** ISO 8601 UTC. */
  not_after: string;
}

/** Details of a `domain.ssl.certificate_changed` notice: the domain now serves another certificate. */
export interface CertificateChange {
  /** Which identifiers differ between the two certificates. */
  changed: Array<'fingerprint' | 'serial'>;
  previous: CertificateIdentity;
  current: CertificateIdentity;
}

/** What a channel needs to know about the event, as plain data read from the outbox. */
export interface OutboxEventView {
  eventType: EventType;
  occurredAt: Date;
  clientId: number;
  workspaceId: number;
  resource: EventResource;
  context: EventContext | null;
  ssl: EventSsl | null;
  certificate: CertificateChange | null;
  /** Status page subscriber events only. */
  notice?: SubscriberNotice | null;
}
