import { readFileSync } from 'node:fs';
import test from 'ava';
import { pino } from 'pino';
import { WebhookChannel } from '../../src/notify/channels/webhook.js';
import { enqueueEvent } from '../../src/notify/enqueue.js';
import type { OutboxEventView } from '../../src/notify/event.js';
import { startNotifier } from '../../src/notify/notifier.js';
import { OutboundHttp } from '../../src/notify/outbound-http.js';
import { verifyWebhookSignature } from '../../src/notify/webhook-signature.js';
import { DeliveryAttempt, OutboxDelivery } from '../../src/store/entities/outbox.js';
import { engineName, freshStore } from '../support/database.js';
import { startReceiver, type Receiver } from '../support/notify/receiver.js';
import { createGroup, loadClientAndWorkspace, seedClient } from '../support/notify/seed.js';
import { notifySettings } from '../support/notify/settings.js';
import { makeTestCertificates } from '../support/notify/tls.js';
import { waitFor } from '../support/notify/wait.js';

const context = await freshStore();
const { store } = context;
const certificates = makeTestCertificates();
const logger = pino({ level: 'silent' });
const receivers: Receiver[] = [];
test.after.always(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await context.close();
});

const https = async (respond: Parameters<typeof startReceiver>[0]): Promise<Receiver> => {
  const receiver = await startReceiver(respond, certificates);
  receivers.push(receiver);
  return receiver;
};

const settings = notifySettings({ VANTAGE_EXTRA_CA_FILE: certificates.caFile });

/** One check failure for a group with this webhook URL; returns the delivery row id. */
async function enqueueFailure(webhookUrl: string, secret = 'whsec_test_secret'): Promise<{ deliveryRowId: number; clientId: number; workspaceId: number }> {
  const { clientId, workspaceId } = await seedClient(store);
  const em = store.em.fork();
  const group = await createGroup(em, workspaceId, { name: 'Webhook', webhookUrl, webhookSecret: secret });
  const { client, workspace } = await loadClientAndWorkspace(em, clientId, workspaceId);
  await em.transactional(async (tx) => {
    enqueueEvent(
      tx,
      {
        client,
        workspace,
        eventType: 'uptime.check.failed',
        occurredAt: new Date('2026-05-06T07:08:09.010Z'),
        resource: { type: 'uptime_check', id: 501, name: 'Checkout API', url_or_host: 'https://shop.example.com/health' },
        context: { incident_id: 9001, severity: 'major', failed_locations: ['eu-west', 'us-east'] },
      },
      [tx.merge(group)],
      { amqp: false },
    );
  });
  const row = await store.em.fork().findOneOrFail(OutboxDelivery, { event: { client: clientId } });
  return { deliveryRowId: row.id, clientId, workspaceId };
}

const rowOf = (id: number) => store.em.fork().findOneOrFail(OutboxDelivery, id);
const attemptsOf = (id: number) => store.em.fork().find(DeliveryAttempt, { delivery: id }, { orderBy: { id: 'asc' } });

test.serial(`the webhook follows contract v1, is signed, and is retried with the same delivery_id after 503s (${engineName()})`, async (t) => {
  const receiver = await https((_request, index) => (index < 2 ? { status: 503 } : { status: 204, body: '' }));
  const { deliveryRowId, clientId, workspaceId } = await enqueueFailure(`${receiver.origin}/hooks/vantage?team=ops`, 'whsec_contract');
  const notifier = startNotifier({ settings, logger, store });
  try {
    const requests = await receiver.waitForRequests(3);
    await waitFor(async () => (await rowOf(deliveryRowId)).status === 'delivered', 10_000, 'the delivery to be recorded');
    const row = await rowOf(deliveryRowId);
    t.is(row.attempts, 3);
    t.truthy(row.deliveredAt);
    for (const request of requests) {
      t.is(request.method, 'POST');
      t.is(request.path, '/hooks/vantage?team=ops');
      t.is(request.headers['content-type'], 'application/json; charset=utf-8');
      t.is(request.headers['user-agent'], 'Vantage/1.0');
      t.is(request.headers['x-vantage-delivery'], row.deliveryId);
      t.is(request.headers['x-vantage-event'], 'uptime.check.failed');
      const signature = String(request.headers['x-vantage-signature']);
      t.true(verifyWebhookSignature('whsec_contract', request.body, signature, Math.floor(Date.now() / 1000)), 'signature verifies');
      t.false(verifyWebhookSignature('whsec_other', request.body, signature, Math.floor(Date.now() / 1000)));
      const body = JSON.parse(request.body) as Record<string, unknown>;
      t.deepEqual(body, {
        schema_version: 1,
        delivery_id: row.deliveryId,
        event_type: 'uptime.check.failed',
        occurred_at: '2026-05-06T07:08:09.010Z',
        client_id: clientId,
        workspace_id: workspaceId,
        resource: { type: 'uptime_check', id: 501, name: 'Checkout API', url_or_host: 'https://shop.example.com/health' },
        context: { incident_id: 9001, severity: 'major', failed_locations: ['eu-west', 'us-east'] },
      });
    }
    t.regex(row.deliveryId, /^[0-9a-f]{32}$/);
    const attempts = await attemptsOf(deliveryRowId);
    t.deepEqual(
      attempts.map((a) => [a.outcome, a.responseCode, a.error]),
      [
        ['retry', 503, 'HTTP 503'],
        ['retry', 503, 'HTTP 503'],
        ['delivered', 204, null],
      ],
    );
    for (const attempt of attempts) t.true(attempt.durationMs >= 0);
    t.is(receiver.requests.length, 3, 'nothing is sent after delivery');
  } finally {
    await notifier.stop();
  }
});

test.serial('a 4xx, a redirect, a private address and a non-https URL fail at once with one attempt', async (t) => {
  const notFound = await https(() => ({ status: 404 }));
  const redirect = await https(() => ({ status: 302, headers: { Location: 'https://localhost:1/elsewhere' } }));
  const gone = await enqueueFailure(`${notFound.origin}/missing`);
  const moved = await enqueueFailure(`${redirect.origin}/old`);
  const plain = await enqueueFailure(`http://localhost:${notFound.port}/hook`);
  const notifier = startNotifier({ settings, logger, store });
  try {
    await waitFor(
      async () => (await Promise.all([gone, moved, plain].map((d) => rowOf(d.deliveryRowId)))).every((row) => row.status === 'failed'),
      10_000,
      'three failed deliveries',
    );
  } finally {
    await notifier.stop();
  }
  for (const [delivery, reason, code] of [
    [gone, 'HTTP 404', 404],
    [moved, 'HTTP 302: redirects are not followed', 302],
    [plain, 'only https:// destinations are accepted', null],
  ] as const) {
    const row = await rowOf(delivery.deliveryRowId);
    t.is(row.attempts, 1);
    t.is(row.lastError, reason);
    t.deepEqual((await attemptsOf(delivery.deliveryRowId)).map((a) => [a.outcome, a.responseCode]), [['failed', code]]);
  }
  t.is(redirect.requests.length, 1, 'the redirect is not followed');
  t.is(notFound.requests.length, 1, 'the plain-http URL never reached the server');

  const strict = startNotifier({ settings: { ...settings, VANTAGE_ALLOW_PRIVATE_TARGETS: '0' }, logger, store });
  const receiver = await https(() => ({ status: 200 }));
  const loopback = await enqueueFailure(`${receiver.origin}/hook`);
  try {
    await waitFor(async () => (await rowOf(loopback.deliveryRowId)).status === 'failed', 10_000, 'the loopback delivery to fail');
  } finally {
    await strict.stop();
  }
  t.regex((await rowOf(loopback.deliveryRowId)).lastError ?? '', /^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
  t.is(receiver.requests.length, 0, 'no connection to a private address');
});

test.serial('deliveries give up after the retry window and end failed', async (t) => {
  const down = await https(() => ({ status: 500 }));
  const { deliveryRowId } = await enqueueFailure(`${down.origin}/hook`);
  const notifier = startNotifier({ settings: { ...settings, VANTAGE_NOTIFY_GIVE_UP_MS: 1000 }, logger, store });
  try {
    await waitFor(async () => (await rowOf(deliveryRowId)).status === 'failed', 15_000, 'the delivery to give up');
  } finally {
    await notifier.stop();
  }
  const row = await rowOf(deliveryRowId);
  t.true(row.attempts >= 2);
  t.regex(row.lastError ?? '', /^gave up after \d+ attempts: HTTP 500$/);
  const attempts = await attemptsOf(deliveryRowId);
  t.is(attempts.length, row.attempts);
  t.true(attempts.every((a) => a.outcome === 'retry' && a.responseCode === 500) || attempts.at(-1)!.outcome === 'retry');
  t.true(down.requests.every((r) => r.headers['x-vantage-delivery'] === row.deliveryId));
});

const event: OutboxEventView = {
  eventType: 'uptime.check.failed',
  occurredAt: new Date(),
  clientId: 1,
  workspaceId: 1,
  resource: { type: 'uptime_check', id: 1, name: 'x', url_or_host: 'x' },
  context: null,
  ssl: null,
  certificate: null,
};
const target = (url: string) => ({ deliveryId: 'c'.repeat(32), destination: url, group: { id: 1, webhookSecret: 's', messengerBotToken: null } });

test('certificates are verified: without the test CA the send is refused, to be retried', async (t) => {
  const receiver = await https(() => ({ status: 200 }));
  const http = new OutboundHttp({ allowPrivate: true, timeoutMs: 5000 });
  const outcome = await new WebhookChannel(http).send(event, target(`${receiver.origin}/hook`), new AbortController().signal);
  http.close();
  t.is(outcome.kind, 'retry');
  t.regex(outcome.kind === 'retry' ? outcome.reason : '', /certificate/i);
  t.is(receiver.requests.length, 0);
});

test('a receiver that does not answer in time gives a retry', async (t) => {
  const slow = await https(() => new Promise(() => {}));
  const http = new OutboundHttp({ allowPrivate: true, timeoutMs: 300, extraCa: readFileSync(certificates.caFile, 'utf8') });
  const started = Date.now();
  const outcome = await new WebhookChannel(http).send(event, target(`${slow.origin}/hook`), new AbortController().signal);
  http.close();
  t.deepEqual(outcome, { kind: 'retry', reason: 'no answer within 300 ms' });
  t.true(Date.now() - started < 3000);
});

test('a group deleted after enqueueing fails its webhook delivery with a reason', async (t) => {
  const outcome = await new WebhookChannel(new OutboundHttp({ allowPrivate: true, timeoutMs: 300 })).send(
    event,
    { deliveryId: 'd'.repeat(32), destination: 'https://localhost:1/x', group: null },
    new AbortController().signal,
  );
  t.deepEqual(outcome, { kind: 'failed', reason: 'the notification group no longer exists' });
});
