import type { SubscriberNotice } from '../status-pages/subscriptions/notice.js';
import type { OutboxDelivery } from '../store/entities/outbox.js';
import type { DeliveryTarget } from './channel.js';
import type { CertificateChange, EventContext, EventResource, EventSsl, OutboxEventView } from './event.js';

/** The plain data a channel sends, from a delivery row loaded with its event and group. */
export function viewOfDelivery(delivery: OutboxDelivery): { event: OutboxEventView; target: DeliveryTarget } {
  const event = delivery.event;
  const group = delivery.group;
  return {
    event: {
      eventType: event.eventType,
      occurredAt: event.occurredAt,
      clientId: event.client.id,
      workspaceId: event.workspace.id,
      resource: event.resource as unknown as EventResource,
      context: event.context as unknown as EventContext | null,
      ssl: event.ssl as unknown as EventSsl | null,
      certificate: event.certificate as unknown as CertificateChange | null,
      notice: event.notice as unknown as SubscriberNotice | null,
    },
    target: {
      deliveryId: delivery.deliveryId,
      destination: delivery.destination,
      group: group ? { id: group.id, webhookSecret: group.webhookSecret, messengerBotToken: group.messengerBotToken } : null,
    },
  };
}
