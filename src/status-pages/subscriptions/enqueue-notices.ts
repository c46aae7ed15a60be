import type { EntityManager } from '@mikro-orm/core';
import type { SubscriberChannelName } from '../../notify/channel-name.js';
import { newDeliveryId } from '../../notify/enqueue.js';
import { OutboxDelivery, OutboxEvent } from '../../store/entities/outbox.js';
import { StatusPageComponent, type StatusPage } from '../../store/entities/status-page.js';
import { StatusPageSubscriber, type SubscriberEventType } from '../../store/entities/status-page-subscriber.js';
import type { SubscriberNotice } from './notice.js';

/** The outbox channel of a subscriber's kind; the delivery's destination is the subscriber's id. */
export const channelOfSubscriber = (subscriber: Pick<StatusPageSubscriber, 'kind'>): SubscriberChannelName =>
  subscriber.kind === 'email' ? 'subscriber_email' : 'subscriber_webhook';

/** What happened, to which checks and domains; each page showing one of them tells its subscribers. */
export interface PageEvent {
  eventType: Exclude<SubscriberEventType, 'status_page.subscription.requested'>;
  occurredAt: Date;
  /** The checks concerned; `workspace`: every check of the workspace (a maintenance window of the whole workspace). */
  checkIds: readonly number[] | { workspace: number };
  domainIds?: readonly number[];
  details: Omit<SubscriberNotice, 'slug' | 'page_title' | 'components'>;
}

/**
 * Writes one outbox event per enabled page that shows a concerned check or domain, with one
 * delivery per confirmed subscriber of the page. Only persists: the caller's transaction (the one
 * that writes the change) flushes, so the notices exist exactly when the change does, once.
 */
export async function enqueuePageEvent(tx: EntityManager, event: PageEvent): Promise<void> {
  const checks = event.checkIds;
  const concerned = [
    ...('workspace' in checks ? [{ check: { $ne: null }, page: { workspace: checks.workspace } }] : checks.length > 0 ? [{ check: { $in: [...checks] } }] : []),
    ...((event.domainIds ?? []).length > 0 ? [{ domain: { $in: [...event.domainIds!] } }] : []),
  ];
  if (concerned.length === 0) return;
  const components = await tx.find(StatusPageComponent, { $or: concerned, page: { enabled: true } }, { populate: ['page.workspace.client'], orderBy: { position: 'asc' } });
  const byPage = new Map<number, { page: StatusPage; names: string[] }>();
  for (const component of components) {
    const entry = byPage.get(component.page.id) ?? { page: component.page, names: [] };
    entry.names.push(component.displayName);
    byPage.set(component.page.id, entry);
  }
  if (byPage.size === 0) return;
  const subscribers = await tx.find(StatusPageSubscriber, { page: { $in: [...byPage.keys()] }, confirmedAt: { $ne: null } }, { orderBy: { id: 'asc' } });
  for (const { page, names } of byPage.values()) {
    const audience = subscribers.filter((subscriber) => subscriber.page.id === page.id);
    if (audience.length === 0) continue;
    const notice: SubscriberNotice = { slug: page.slug, page_title: page.title, components: [...new Set(names)], ...event.details };
    writeEvent(tx, page, event.eventType, event.occurredAt, notice, audience);
  }
}

/** The double opt-in mail of one address, through the outbox like every notice. */
export function enqueueConfirmationMail(tx: EntityManager, page: StatusPage, subscriber: StatusPageSubscriber, now: Date): void {
  writeEvent(tx, page, 'status_page.subscription.requested', now, { slug: page.slug, page_title: page.title, components: [] }, [subscriber]);
}

function writeEvent(tx: EntityManager, page: StatusPage, eventType: SubscriberEventType, occurredAt: Date, notice: SubscriberNotice, audience: readonly StatusPageSubscriber[]): void {
  const outboxEvent = tx.create(
    OutboxEvent,
    {
      client: page.workspace.client,
      workspace: page.workspace,
      eventType,
      occurredAt,
      resource: { type: 'status_page', id: page.id, name: page.title },
      notice: { ...notice },
    },
    { persist: false },
  );
  tx.persist(outboxEvent);
  const now = new Date();
  for (const subscriber of audience) {
    tx.persist(
      tx.create(
        OutboxDelivery,
        {
          event: outboxEvent,
          group: null,
          channel: channelOfSubscriber(subscriber),
          destination: String(subscriber.id),
          deliveryId: newDeliveryId(),
          nextAttemptAt: now,
          createdAt: now,
        },
        { persist: false },
      ),
    );
  }
}
