import { maskUrl } from '../../domain/notification-group-validation.js';
import type { DeliveryAttempt, DeliveryStatus, OutboxDelivery } from '../../store/entities/outbox.js';

export interface DeliveryAttemptView {
  attempted_at: string;
  /** `delivered`; `retry` (a passing failure: tried again at the delivery's next_attempt_at); `failed` (final). */
  outcome: 'delivered' | 'retry' | 'failed';
  /** The receiver's HTTP status (or the channel's equivalent), when it answered. */
  response_code: number | null;
  /** Why the attempt did not deliver; null when it did. */
  error: string | null;
  duration_ms: number;
}

export interface NotificationDeliveryView {
  /** The delivery's id in this API (retry it with `.../deliveries/{id}/retry`). */
  id: number;
  /** 32 hexadecimal characters, the same on every attempt: the `delivery_id` the receiver sees. */
  delivery_id: string;
  /** One of the three contract events, `domain.ssl.certificate_changed` or `notification.test`. */
  event_type: string;
  occurred_at: string;
  /** What the event is about: `uptime_check`, `domain`, or `notification_group` for a test notification. */
  resource: { type: string; id: number; name: string };
  /** webhook, chat, messenger, email, sms or push. */
  channel: string;
  /** Where it goes, masked as the group's own fields are (webhook and chat URLs hold tokens). */
  destination: string;
  /** `pending` (due, in progress, or waiting for next_attempt_at after a passing failure), `delivered` or `failed` (given up). */
  status: DeliveryStatus;
  attempt_count: number;
  /** When the next attempt is due; null unless pending. */
  next_attempt_at: string | null;
  /** The reason of the last failed attempt (or of giving up). */
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface NotificationDeliveryDetail extends NotificationDeliveryView {
  /** Every attempt, oldest first. */
  attempts: DeliveryAttemptView[];
}

function shownDestination(delivery: OutboxDelivery, viewerIsAdmin: boolean): string {
  if (delivery.channel === 'chat' || (delivery.channel === 'webhook' && !viewerIsAdmin)) return maskUrl(delivery.destination);
  return delivery.destination;
}

/** `delivery.event` must be loaded. */
export function deliveryView(delivery: OutboxDelivery, viewerIsAdmin: boolean): NotificationDeliveryView {
  const { type, id, name } = delivery.event.resource as { type: string; id: number; name: string };
  return {
    id: delivery.id,
    delivery_id: delivery.deliveryId,
    event_type: delivery.event.eventType,
    occurred_at: delivery.event.occurredAt.toISOString(),
    resource: { type, id, name },
    channel: delivery.channel,
    destination: shownDestination(delivery, viewerIsAdmin),
    status: delivery.status,
    attempt_count: delivery.attempts,
    next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
    last_error: delivery.lastError,
    created_at: delivery.createdAt.toISOString(),
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
  };
}

export const attemptView = (attempt: DeliveryAttempt): DeliveryAttemptView => ({
  attempted_at: attempt.attemptedAt.toISOString(),
  outcome: attempt.outcome,
  response_code: attempt.responseCode,
  error: attempt.error,
  duration_ms: attempt.durationMs,
});
