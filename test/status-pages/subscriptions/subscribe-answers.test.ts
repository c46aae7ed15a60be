import test from 'ava';
import { OutboxDelivery } from '../../../src/store/entities/outbox.js';
import { StatusPage } from '../../../src/store/entities/status-page.js';
import { StatusPageSubscriber } from '../../../src/store/entities/status-page-subscriber.js';
import { CONFIRMATION_MAILS_PER_HOUR } from '../../../src/status-pages/subscriptions/throttle.js';
import { engineName, freshStore } from '../../support/database.js';
import { form, json, seedPage, startSubscriptionApp } from './harness.js';

const context = await freshStore();
const { store } = context;
let clock = new Date('2026-11-26T10:00:00Z');
const app = await startSubscriptionApp({ store, now: () => clock, requestsPerMinute: 1000, confirmationMailsPerPageHour: 1000 });
const strict = await startSubscriptionApp({ store, now: () => clock, requestsPerMinute: 3, confirmationMailsPerPageHour: 1000 });
const PAGE_LIMIT = 4;
const pageLimited = await startSubscriptionApp({ store, now: () => clock, requestsPerMinute: 1000, confirmationMailsPerPageHour: PAGE_LIMIT });

test.after.always(async () => {
  await app.close();
  await strict.close();
  await pageLimited.close();
  await context.close();
});

/** Confirmation mails planned in the outbox for an address. */
async function confirmationMails(address: string): Promise<number> {
  const subscriber = await store.em.fork().findOne(StatusPageSubscriber, { address });
  return subscriber ? store.em.fork().count(OutboxDelivery, { destination: String(subscriber.id), event: { eventType: 'status_page.subscription.requested' } }) : 0;
}

interface Answer {
  status: number;
  type: string | null;
  body: string;
}

const answer = async (response: Response): Promise<Answer> => ({ status: response.status, type: response.headers.get('content-type'), body: await response.text() });

test.serial(`the answer is the same for a new, a pending and a confirmed address, in HTML and in JSON (${engineName()})`, async (t) => {
  const { slug } = await seedPage(store);
  const url = `${app.origin}/status/${slug}/subscribe`;
  const newHtml = await answer(await fetch(url, form({ email: 'new@example.com' })));
  const pendingHtml = await answer(await fetch(url, form({ email: 'new@example.com' })));
  await store.em.fork().nativeUpdate(StatusPageSubscriber, { address: 'new@example.com' }, { confirmedAt: clock });
  const confirmedHtml = await answer(await fetch(url, form({ email: 'new@example.com' })));
  t.is(newHtml.status, 202);
  t.deepEqual(pendingHtml, newHtml);
  t.deepEqual(confirmedHtml, newHtml);
  t.regex(newHtml.type ?? '', /^text\/html/);

  const newJson = await answer(await fetch(url, json({ email: 'json@example.com' })));
  const pendingJson = await answer(await fetch(url, json({ email: 'json@example.com' })));
  await store.em.fork().nativeUpdate(StatusPageSubscriber, { address: 'json@example.com' }, { confirmedAt: clock });
  const confirmedJson = await answer(await fetch(url, json({ email: 'JSON@example.com' })));
  t.is(newJson.status, 202);
  t.deepEqual(pendingJson, newJson);
  t.deepEqual(confirmedJson, newJson);
  t.true((JSON.parse(newJson.body) as { success: boolean }).success);

  // Only the new and the pending requests sent a confirmation mail; the confirmed address got none.
  t.is(await confirmationMails('new@example.com'), 2);
  t.is(await confirmationMails('json@example.com'), 2);
});

test.serial(`at most ${CONFIRMATION_MAILS_PER_HOUR} confirmation mails an hour per address, with the same answer (${engineName()})`, async (t) => {
  const { slug } = await seedPage(store);
  const url = `${app.origin}/status/${slug}/subscribe`;
  const answers: Answer[] = [];
  for (let i = 0; i < CONFIRMATION_MAILS_PER_HOUR + 2; i += 1) answers.push(await answer(await fetch(url, json({ email: 'flood@example.com' }))));
  t.true(answers.every((each) => each.status === 202 && each.body === answers[0]!.body));
  t.is(await confirmationMails('flood@example.com'), CONFIRMATION_MAILS_PER_HOUR);
  clock = new Date(clock.getTime() + 3601_000);
  t.is((await fetch(url, json({ email: 'flood@example.com' }))).status, 202);
  t.is(await confirmationMails('flood@example.com'), CONFIRMATION_MAILS_PER_HOUR + 1);
});

test.serial(`a page sends at most its confirmation mails an hour whatever the addresses, also when asked at once, with the same answer (${engineName()})`, async (t) => {
  const { slug } = await seedPage(store);
  const other = await seedPage(store);
  const url = `${pageLimited.origin}/status/${slug}/subscribe`;
  const addresses = Array.from({ length: PAGE_LIMIT * 3 }, (_, i) => `rotating-${i}@example.com`);
  const answers = await Promise.all(addresses.map(async (address) => answer(await fetch(url, json({ email: address })))));
  t.true(answers.every((each) => each.status === 202 && each.body === answers[0]!.body));
  const sent = async (): Promise<number> => (await Promise.all(addresses.map(confirmationMails))).reduce((a, b) => a + b, 0);
  t.is(await sent(), PAGE_LIMIT);
  t.is((await fetch(`${pageLimited.origin}/status/${other.slug}/subscribe`, json({ email: 'other-page@example.com' }))).status, 202);
  t.is(await confirmationMails('other-page@example.com'), 1, 'another page has its own hour');
  clock = new Date(clock.getTime() + 3601_000);
  t.is((await fetch(url, json({ email: addresses.at(-1)! }))).status, 202);
  t.is(await sent(), PAGE_LIMIT + 1, 'a new hour sends again');
  clock = new Date(clock.getTime() - 2 * 3600_000);
  t.is((await fetch(url, json({ email: addresses.at(-2)! }))).status, 202);
  t.is(await sent(), PAGE_LIMIT + 2, 'a clock set back starts a new hour rather than waiting for the old one');
  clock = new Date(clock.getTime() + 2 * 3600_000);
});

test.serial(`a client over its requests a minute per page gets 429, whatever the address (${engineName()})`, async (t) => {
  const { slug } = await seedPage(store);
  const url = `${strict.origin}/status/${slug}/subscribe`;
  for (let i = 0; i < 3; i += 1) t.is((await fetch(url, json({ email: `ip-${i}@example.com` }))).status, 202);
  const refused = await fetch(url, json({ email: 'ip-new@example.com' }));
  t.is(refused.status, 429);
  t.is(refused.headers.get('retry-after'), '60');
  t.is(((await refused.json()) as { error: { code: string } }).error.code, 'TOO_MANY_REQUESTS');
  t.is(await store.em.fork().count(StatusPageSubscriber, { address: 'ip-new@example.com' }), 0);
  const other = await seedPage(store);
  t.is((await fetch(`${strict.origin}/status/${other.slug}/subscribe`, json({ email: 'ip-new@example.com' }))).status, 202, 'another page has its own count');
  clock = new Date(clock.getTime() + 61_000);
  t.is((await fetch(url, json({ email: 'ip-later@example.com' }))).status, 202);
});

test.serial(`hostile and wrong inputs get a clear 4xx, never a 500, and subscribe nobody (${engineName()})`, async (t) => {
  const { slug } = await seedPage(store);
  const url = `${app.origin}/status/${slug}/subscribe`;
  const before = await store.em.fork().count(StatusPageSubscriber, {});
  const bad: Array<[string, RequestInit]> = [
    ['no address', json({})],
    ['a number', json({ email: 2 ** 63 })],
    ['an array', json({ email: ['a@example.com'] })],
    ['not an address', json({ email: 'not-an-address' })],
    ['NUL', json({ email: 'a\u0000b@example.com' })],
    ['lone surrogate', json({ email: 'a\ud800b@example.com' })],
    ['line break (header injection)', json({ email: 'a@example.com\r\nBcc: victim@example.com' })],
    ['huge', json({ email: `${'a'.repeat(100_000)}@example.com` })],
    ['javascript: URL', json({ email: 'javascript:alert(1)//@example.com' })],
    ['form NUL', form({ email: 'a\u0000@example.com' })],
    ['malformed JSON', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":' }],
  ];
  for (const [what, init] of bad) {
    const response = await fetch(url, init);
    t.true(response.status >= 400 && response.status < 500, `${what}: ${response.status}`);
  }
  const jsonRefusal = await fetch(url, json({ email: 'nope' }));
  t.is(jsonRefusal.status, 400);
  t.is(((await jsonRefusal.json()) as { error: { code: string } }).error.code, 'BAD_REQUEST');
  const formRefusal = await fetch(url, form({ email: 'nope' }));
  t.is(formRefusal.status, 400);
  t.regex(await formRefusal.text(), /not an e-mail address/);
  t.is(await store.em.fork().count(StatusPageSubscriber, {}), before);

  for (const path of ['confirm', 'unsubscribe']) {
    for (const token of ['', 'short', 'A'.repeat(43), '%00'.repeat(43), '%ED%A0%80'.repeat(43), '%FF', 'x'.repeat(8_000)]) {
      t.is((await fetch(`${app.origin}/status/${slug}/${path}?token=${token}`)).status, 404, `${path} ${token.slice(0, 8)}`);
    }
    // Past Node's header limit the server itself refuses, still a client error.
    t.is((await fetch(`${app.origin}/status/${slug}/${path}?token=${'x'.repeat(100_000)}`)).status, 431);
    t.is((await fetch(`${app.origin}/status/${slug}/${path}?token=a&token=b`)).status, 404);
  }
  t.is((await fetch(`${app.origin}/status/${slug}/unsubscribe?token=${'A'.repeat(43)}`, form({ 'List-Unsubscribe': 'One-Click' }))).status, 404);
});

test.serial(`an unknown slug and a disabled page are 404 alike (${engineName()})`, async (t) => {
  const { slug, pageId } = await seedPage(store);
  t.is((await fetch(`${app.origin}/status/no-such-page/subscribe`, json({ email: 'a@example.com' }))).status, 404);
  t.is((await fetch(`${app.origin}/status/%00bad/subscribe`, json({ email: 'a@example.com' }))).status, 404);
  await store.em.fork().nativeUpdate(StatusPage, { id: pageId }, { enabled: false });
  t.is((await fetch(`${app.origin}/status/${slug}/subscribe`, json({ email: 'a@example.com' }))).status, 404);
});
