import test from 'ava';
import { IncidentWriter } from '../../../src/engine/incident-writer.js';
import { startNotifier } from '../../../src/notify/notifier.js';
import { OutboxDelivery } from '../../../src/store/entities/outbox.js';
import { StatusPageSubscriber, StatusPageSubscriberToken } from '../../../src/store/entities/status-page-subscriber.js';
import { engineName, freshStore } from '../../support/database.js';
import { notifySettings } from '../../support/notify/settings.js';
import { waitFor } from '../../support/notify/wait.js';
import { form, linkIn, seedPage, silent, startMailServer, startSubscriptionApp } from './harness.js';

const context = await freshStore();
const { store } = context;
const smtp = await startMailServer();
const app = await startSubscriptionApp({ store, confirmationMailsPerPageHour: 1000 });
const notifier = startNotifier({
  settings: notifySettings({ SMTP_URL: smtp.url, VANTAGE_PUBLIC_URL: app.origin, VANTAGE_MAIL_FROM: 'Status <status@vantage.test>' }),
  logger: silent,
  store,
});

test.after.always(async () => {
  await notifier.stop();
  await app.close();
  await smtp.close();
  await context.close();
});

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

test.serial(`subscribe → confirm by the mailed link → incident mail with one-click unsubscribe headers that work (${engineName()})`, async (t) => {
  const { slug, checkId } = await seedPage(store);
  const address = 'reader@example.com';

  const subscribed = await fetch(`${app.origin}/status/${slug}/subscribe`, form({ email: 'Reader@Example.com' }));
  t.is(subscribed.status, 202);
  t.regex(await subscribed.text(), /Check your inbox/);

  await waitFor(() => mailsTo(address).length === 1, 20_000, 'the confirmation mail');
  const confirmation = mailsTo(address)[0]!;
  t.regex(confirmation.headers.get('subject') ?? '', /Confirm your subscription/);
  t.regex(confirmation.headers.get('list-unsubscribe') ?? '', /^<http:\/\/127\.0\.0\.1:\d+\/status\/[^>]+\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);
  t.is(confirmation.headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');

  // Not confirmed yet: an incident reaches nobody.
  const writer = new IncidentWriter(store);
  const failures = [{ location: 'eu-west', reason: 'timeout' }];
  const first = await writer.open({ checkId, cycleId: `c1-${slug}`, at: Date.now(), severity: 'major', failures, compatibleLocations: 2 });
  t.is(await store.em.fork().count(OutboxDelivery, { channel: 'subscriber_email', event: { eventType: 'status_page.incident.opened' } }), 0);
  await writer.resolve({ checkId, incidentId: first, openedByCycle: null, at: Date.now(), notify: true });

  const confirmed = await fetch(linkIn(confirmation, 'Confirm your subscription'));
  t.is(confirmed.status, 200);
  t.regex(await confirmed.text(), /Subscription confirmed/);
  const subscriber = await store.em.fork().findOneOrFail(StatusPageSubscriber, { address });
  t.truthy(subscriber.confirmedAt);
  // A confirmation link works once.
  t.is((await fetch(linkIn(confirmation, 'Confirm your subscription'))).status, 404);

  await writer.open({ checkId, cycleId: `c2-${slug}`, at: Date.now(), severity: 'critical', failures, compatibleLocations: 2 });
  await waitFor(() => mailsTo(address).length === 2, 20_000, 'the incident mail');
  const incidentMail = mailsTo(address)[1]!;
  t.regex(incidentMail.headers.get('subject') ?? '', /\[Shop <status>\] Incident: Checkout/);
  t.notRegex(incidentMail.text, /shop\.internal\.example|private name/);
  t.true(incidentMail.text.includes(`${app.origin}/status/${slug}`));
  const unsubscribeUrl = /^<(.+)>$/.exec(incidentMail.headers.get('list-unsubscribe') ?? '')![1]!;
  t.is(incidentMail.headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
  t.is(linkIn(incidentMail, 'Unsubscribe'), unsubscribeUrl);

  // The GET shows a button and changes nothing; the one-click POST of RFC 8058 unsubscribes.
  const shown = await fetch(unsubscribeUrl);
  t.is(shown.status, 200);
  t.regex(await shown.text(), /<form method="post">/);
  t.is(await store.em.fork().count(StatusPageSubscriber, { address }), 1);
  const oneClick = await fetch(unsubscribeUrl, form({ 'List-Unsubscribe': 'One-Click' }));
  t.is(oneClick.status, 200);
  t.is(await store.em.fork().count(StatusPageSubscriber, { address }), 0);
  t.is(await store.em.fork().count(StatusPageSubscriberToken, {}), 0, 'the tokens went with the subscriber');
  t.is((await fetch(unsubscribeUrl, form({ 'List-Unsubscribe': 'One-Click' }))).status, 404);

  // Resolved after unsubscribing: no further mail.
  const before = smtp.mails.length;
  // Every delivery row, whatever its status: the dispatcher may finish one still pending meanwhile, but it makes none.
  const planned = await store.em.fork().count(OutboxDelivery, {});
  await writer.resolve({ checkId, incidentId: null, openedByCycle: `c2-${slug}`, at: Date.now(), notify: true });
  t.is(await store.em.fork().count(OutboxDelivery, {}), planned, 'no delivery was planned for the page');
  t.is(smtp.mails.length, before);
});

test.serial(`each confirmed subscriber gets one mail per event, with a link token of its own (${engineName()})`, async (t) => {
  const { slug, checkId } = await seedPage(store);
  const addresses = ['one@example.com', 'two@example.com'];
  for (const address of addresses) {
    t.is((await fetch(`${app.origin}/status/${slug}/subscribe`, form({ email: address }))).status, 202);
    await waitFor(() => mailsTo(address).length === 1, 20_000, `the confirmation mail to ${address}`);
    t.is((await fetch(linkIn(mailsTo(address)[0]!, 'Confirm your subscription'))).status, 200);
  }
  const writer = new IncidentWriter(store);
  const cycleId = `c-${slug}`;
  await writer.open({ checkId, cycleId, at: Date.now(), severity: 'major', failures: [{ location: 'eu-west', reason: null }], compatibleLocations: 2 });
  // A replayed cycle opens nothing more.
  await writer.open({ checkId, cycleId, at: Date.now(), severity: 'major', failures: [{ location: 'eu-west', reason: null }], compatibleLocations: 2 });
  await writer.resolve({ checkId, incidentId: null, openedByCycle: cycleId, at: Date.now(), notify: true });
  await writer.resolve({ checkId, incidentId: null, openedByCycle: cycleId, at: Date.now(), notify: true });
  for (const address of addresses) await waitFor(() => mailsTo(address).length === 3, 20_000, `two notices to ${address}`);
  await waitFor(async () => (await store.em.fork().count(OutboxDelivery, { status: 'pending' })) === 0, 20_000, 'an empty outbox');
  for (const address of addresses) {
    const subjects = mailsTo(address).map((mail) => mail.headers.get('subject') ?? '');
    t.is(subjects.filter((subject) => subject.includes('Incident')).length, 1);
    t.is(subjects.filter((subject) => subject.includes('Resolved')).length, 1);
  }
  const [one, two] = addresses.map((address) => mailsTo(address)[2]!.headers.get('list-unsubscribe'));
  t.not(one, two);
});
