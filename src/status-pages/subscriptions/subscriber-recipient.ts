import type { Store } from '../../store/orm.js';
import { StatusPageSubscriber, StatusPageSubscriberToken, type SubscriberEventType, type SubscriberTokenPurpose } from '../../store/entities/status-page-subscriber.js';
import { failed, type DeliveryOutcome } from '../../notify/channel.js';
import type { OutboxEventView } from '../../notify/event.js';
import { isSubscriberEventType, type SubscriberNotice } from './notice.js';
import { mintToken } from './tokens.js';

export interface Recipient {
  subscriber: StatusPageSubscriber;
  notice: SubscriberNotice;
  eventType: SubscriberEventType;
}

/**
 * Who a subscriber delivery goes to, read at send time: a subscriber who unsubscribed meanwhile
 * (the row is gone) gets nothing more, and only a confirmed one hears of incidents.
 */
export async function recipientOf(store: Store, event: OutboxEventView, destination: string): Promise<Recipient | DeliveryOutcome> {
  const eventType = event.eventType;
  if (!isSubscriberEventType(eventType) || !event.notice) return failed(`${event.eventType} is not a status page subscriber event`);
  const id = Number(destination);
  const subscriber = Number.isSafeInteger(id) ? await store.em.fork().findOne(StatusPageSubscriber, id) : null;
  if (!subscriber) return failed('the subscriber unsubscribed');
  const wantsConfirmation = eventType === 'status_page.subscription.requested';
  if (wantsConfirmation === (subscriber.confirmedAt !== null)) {
    return failed(wantsConfirmation ? 'the subscription is already confirmed' : 'the subscription is not confirmed');
  }
  return { subscriber, notice: event.notice, eventType };
}

/** Mints the tokens of one mail's links and stores their hashes before the mail leaves, so every link it holds works. */
export async function mintLinkTokens<P extends SubscriberTokenPurpose>(store: Store, subscriberId: number, purposes: readonly P[]): Promise<Record<P, string>> {
  const em = store.em.fork();
  const tokens = {} as Record<P, string>;
  for (const purpose of purposes) {
    const { token, hash } = mintToken();
    tokens[purpose] = token;
    em.persist(em.create(StatusPageSubscriberToken, { tokenHash: hash, subscriber: em.getReference(StatusPageSubscriber, subscriberId), purpose }));
  }
  await em.flush();
  return tokens;
}
