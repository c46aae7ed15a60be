import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Client } from '../store/entities/client.js';
import type { NotificationGroup } from '../store/entities/notification-group.js';
import { OutboxDelivery, OutboxEvent, type EventType } from '../store/entities/outbox.js';
import type { Workspace } from '../store/entities/workspace.js';
import { amqpExchangeForClient } from './amqp-exchange.js';
import type { CertificateChange, EventContext, EventResource, EventSsl } from './event.js';
import { planDeliveries } from './plan-deliveries.js';

export interface NewEvent {
  client: Client;
  workspace: Workspace;
  eventType: EventType;
  occurredAt: Date;
  resource: EventResource;
  /** Check events: the incident. */
  context?: EventContext | null;
  /** `domain.ssl.expiring_soon`: the certificate's remaining days and end. */
  ssl?: EventSsl | null;
  /** `domain.ssl.certificate_changed`: which certificate replaced which. */
  certificate?: CertificateChange | null;
}

export interface EnqueueOptions {
  /** Whether events are also published on the client's AMQP exchange (AMQP_URL is set); default no. */
  amqp?: boolean;
}

/** 32 hexadecimal characters, fixed in the row so that every retry carries the same id. */
export const newDeliveryId = (): string => randomBytes(16).toString('hex');

/**
 * Writes the event and one delivery per (channel, destination) of the given groups, which must
 * be the groups attached to the resource. Only persists: the caller's transaction flushes, so
 * the notification exists exactly when the change that caused it does.
 */
export function enqueueEvent(em: EntityManager, event: NewEvent, groups: NotificationGroup[], options: EnqueueOptions = {}): OutboxEvent {
  const amqp = options.amqp ?? false;
  const outboxEvent = em.create(
    OutboxEvent,
    {
      client: event.client,
      workspace: event.workspace,
      eventType: event.eventType,
      occurredAt: event.occurredAt,
      resource: { ...event.resource },
      context: event.context ? { ...event.context } : null,
      ssl: event.ssl ? { ...event.ssl } : null,
      certificate: event.certificate ? { ...event.certificate } : null,
    },
    { persist: false },
  );
  em.persist(outboxEvent);
  const byId = new Map(groups.map((group) => [group.id, group]));
  const plan = planDeliveries(event.eventType, groups, { amqpExchange: amqp ? amqpExchangeForClient(event.client.id) : undefined });
  const now = new Date();
  for (const planned of plan) {
    const delivery = em.create(
      OutboxDelivery,
      {
        event: outboxEvent,
        group: planned.groupId === null ? null : byId.get(planned.groupId)!,
        channel: planned.channel,
        destination: planned.destination,
        deliveryId: newDeliveryId(),
        nextAttemptAt: now,
        createdAt: now,
      },
      { persist: false },
    );
    em.persist(delivery);
  }
  return outboxEvent;
}
