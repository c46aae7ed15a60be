import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { StatusPage } from '../../store/entities/status-page.js';
import { StatusPageSubscriber, StatusPageSubscriberToken, type SubscriberTokenPurpose } from '../../store/entities/status-page-subscriber.js';
import type { Store } from '../../store/orm.js';
import { enqueueConfirmationMail } from './enqueue-notices.js';
import { takePageConfirmationMail } from './page-confirmation-window.js';
import { confirmationAllowance } from './throttle.js';
import { hashToken, isTokenShaped, sameHash } from './tokens.js';

/** A confirmation link works this long after its mail was sent. */
export const CONFIRMATION_TOKEN_TTL_MS = 7 * 24 * 3600_000;

/**
 * Subscribes an address to a page, or does nothing visible: a new or still pending address gets a
 * confirmation mail (through the outbox, at most a few an hour per address and `pageMailsPerHour`
 * per page), a confirmed one gets nothing. False only when there is no such enabled page; the
 * caller answers every other case the same.
 */
export async function subscribeByEmail(store: Store, slug: string, address: string, now: Date, pageMailsPerHour: number): Promise<boolean> {
  const attempt = () =>
    store.em.fork().transactional(async (tx) => {
      const page = await tx.findOne(StatusPage, { slug, enabled: true }, { populate: ['workspace.client'] });
      if (!page) return false;
      let subscriber = await tx.findOne(StatusPageSubscriber, { page, kind: 'email', address }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!subscriber) {
        subscriber = tx.create(StatusPageSubscriber, { page, kind: 'email', address, createdAt: now });
        await tx.flush();
      }
      if (subscriber.confirmedAt !== null) return true;
      const { send, next } = confirmationAllowance(subscriber, now);
      if (!send || !(await takePageConfirmationMail(tx, page.id, now, pageMailsPerHour))) return true;
      Object.assign(subscriber, next);
      enqueueConfirmationMail(tx, page, subscriber, now);
      return true;
    });
  try {
    return await attempt();
  } catch (error) {
    // Two requests for a new address at once: the loser finds the winner's row the second time.
    if (error instanceof UniqueConstraintViolationException) return attempt();
    throw error;
  }
}

/** The token row a link names, when it is of this purpose, of this page, and not expired. */
async function tokenOf(em: EntityManager, slug: string, token: unknown, purpose: SubscriberTokenPurpose, now: Date): Promise<StatusPageSubscriberToken | null> {
  if (!isTokenShaped(token)) return null;
  const row = await em.findOne(StatusPageSubscriberToken, { tokenHash: hashToken(token), purpose }, { populate: ['subscriber.page'] });
  if (!row || !sameHash(row.tokenHash, token) || row.subscriber.page.slug !== slug) return null;
  if (purpose === 'confirm' && now.getTime() - row.createdAt.getTime() > CONFIRMATION_TOKEN_TTL_MS) return null;
  return row;
}

/** Confirms the subscription a confirmation link names; false for a link that is not (or no longer) valid. */
export async function confirmSubscription(store: Store, slug: string, token: unknown, now: Date): Promise<boolean> {
  return store.em.fork().transactional(async (tx) => {
    const row = await tokenOf(tx, slug, token, 'confirm', now);
    if (!row) return false;
    row.subscriber.confirmedAt ??= now;
    await tx.nativeDelete(StatusPageSubscriberToken, { subscriber: row.subscriber, purpose: 'confirm' });
    return true;
  });
}

/** Whether an unsubscribe link is valid, for the page that asks to confirm it. */
export async function unsubscribeLinkValid(store: Store, slug: string, token: unknown, now: Date): Promise<boolean> {
  return (await tokenOf(store.em.fork(), slug, token, 'unsubscribe', now)) !== null;
}

/** Removes the subscriber an unsubscribe link names (its tokens go with it); false for a link that is not valid. */
export async function unsubscribe(store: Store, slug: string, token: unknown, now: Date): Promise<boolean> {
  return store.em.fork().transactional(async (tx) => {
    const row = await tokenOf(tx, slug, token, 'unsubscribe', now);
    if (!row) return false;
    await tx.nativeDelete(StatusPageSubscriber, { id: row.subscriber.id });
    return true;
  });
}
