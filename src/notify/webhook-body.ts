import { isWebhookEventType, TEST_EVENT_TYPE, type OutboxEventView } from './event.js';

export const WEBHOOK_SCHEMA_VERSION = 1;

/** `YYYY-MM-DD HH:MM:SS` in UTC, from that form itself or any instant `Date` can read. */
export function formatNotAfter(value: string): string {
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new Error(`not_after "${value}" is not a date`);
  return instant.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The webhook payload of contract version 1: exactly the fields of the spec, in its order.
 * `context` only for check events that have one; `ssl` only for the certificate event. The test
 * notification has the same envelope with `resource.type` `notification_group`.
 */
export function buildWebhookBody(event: OutboxEventView, deliveryId: string): Record<string, unknown> {
  if (!isWebhookEventType(event.eventType) && event.eventType !== TEST_EVENT_TYPE) throw new Error(`${event.eventType} is not part of the webhook contract`);
  if (!/^[0-9a-f]{32}$/.test(deliveryId)) throw new Error('delivery_id must be 32 hexadecimal characters');
  const { type, id, name, url_or_host } = event.resource;
  const body: Record<string, unknown> = {
    schema_version: WEBHOOK_SCHEMA_VERSION,
    delivery_id: deliveryId,
    event_type: event.eventType,
    occurred_at: event.occurredAt.toISOString(),
    client_id: event.clientId,
    workspace_id: event.workspaceId,
    resource: type === 'uptime_check' ? { type, id, name, url_or_host: url_or_host ?? '' } : { type, id, name },
  };
  if (type === 'uptime_check' && event.context) {
    const { incident_id, severity, failed_locations } = event.context;
    body.context = { incident_id, severity, failed_locations: [...failed_locations] };
  }
  if (event.eventType === 'domain.ssl.expiring_soon' && event.ssl) {
    body.ssl = { days_until_expiry: event.ssl.days_until_expiry, not_after: formatNotAfter(event.ssl.not_after) };
  }
  return body;
}
