import { generateKeyPairSync, createVerify } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { pino } from 'pino';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { enqueueEvent } from '../../src/notify/enqueue.js';
import { startNotifier } from '../../src/notify/notifier.js';
import { wakeNotifiers } from '../../src/notify/wake.js';
import { Domain } from '../../src/store/entities/domain.js';
import { OutboxDelivery } from '../../src/store/entities/outbox.js';
import { PushToken } from '../../src/store/entities/push-token.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { User } from '../../src/store/entities/user.js';
import { WorkspaceShare } from '../../src/store/entities/workspace.js';
import { allPermissions } from '../../src/domain/permissions.js';
import { engineName, freshStore } from '../support/database.js';
import { startMailSink } from '../support/notify/mail-sink.js';
import { startReceiver, type ReceivedRequest } from '../support/notify/receiver.js';
import { createGroup, loadClientAndWorkspace, seedClient } from '../support/notify/seed.js';
import { notifySettings } from '../support/notify/settings.js';
import { waitFor } from '../support/notify/wait.js';
import { temporaryFolder } from '../support/temporary-folder.js';

const context = await freshStore();
const { store } = context;
const logger = pino({ level: 'silent' });

const smtp = await startMailSink();
const mails = smtp.mails;

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const tokenRequests: URLSearchParams[] = [];

const providers = await startReceiver((request) => {
  const path = request.path;
  if (path === '/oauth/token') {
    const form = new URLSearchParams(request.body);
    tokenRequests.push(form);
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature ?? '', 'base64url'));
    if (!valid || form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, body: '{"error":"invalid_grant"}' };
    return { status: 200, body: JSON.stringify({ access_token: 'ya29.test-token', expires_in: 3600, token_type: 'Bearer' }) };
  }
  if (path === '/v1/projects/vantage-test/messages:send') {
    if (request.headers.authorization !== 'Bearer ya29.test-token') return { status: 401 };
    const token = (JSON.parse(request.body) as { message: { token: string } }).message.token;
    if (token === 'dead-device') {
      return { status: 404, body: JSON.stringify({ error: { code: 404, status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } }) };
    }
    return { status: 200, body: '{"name":"projects/vantage-test/messages/1"}' };
  }
  if (path === '/bot123:ABC/sendMessage') return { status: 200, body: '{"ok":true,"result":{}}' };
  if (path === '/botbroken:TOKEN/sendMessage') return { status: 400, body: '{"ok":false,"error_code":400,"description":"Bad Request: chat not found"}' };
  if (path === '/2010-04-01/Accounts/AC123/Messages.json') return { status: 201, body: '{"sid":"SM1"}' };
  if (path.startsWith('/chat/')) return { status: 200, body: 'ok' };
  return { status: 404 };
});

const secretsDir = temporaryFolder('push');
const serviceAccountFile = join(secretsDir, 'service-account.json');
writeFileSync(
  serviceAccountFile,
  JSON.stringify({ type: 'service_account', client_email: 'notifier@vantage-test.iam.example', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }), token_uri: `${providers.origin}/oauth/token` }),
);

const settings = notifySettings({
  VANTAGE_NOTIFY_POLL_MS: '60000',
  SMTP_URL: smtp.url,
  VANTAGE_MAIL_FROM: 'Vantage Alerts <alerts@vantage.test>',
  VANTAGE_MESSENGER_API_URL: providers.origin,
  VANTAGE_SMS_API_URL: providers.origin,
  VANTAGE_SMS_ACCOUNT_SID: 'AC123',
  VANTAGE_SMS_AUTH_TOKEN: 'sms-auth-token',
  VANTAGE_SMS_FROM: '+15550009999',
  VANTAGE_PUSH_API_URL: providers.origin,
  VANTAGE_PUSH_PROJECT_ID: 'vantage-test',
  VANTAGE_PUSH_SERVICE_ACCOUNT_FILE: serviceAccountFile,
});

test.after.always(async () => {
  await providers.close();
  await smtp.close();
  await context.close();
});

const byPath = (prefix: string): ReceivedRequest[] => providers.requests.filter((r) => r.path.startsWith(prefix));

test.serial(`every channel delivers in its wire format, only to the groups attached, woken through the bus (${engineName()})`, async (t) => {
  const { clientId, userId: adminId, workspaceId } = await seedClient(store);
  const em = store.em.fork();
  const shared = em.create(User, { client: clientId, email: 'shared@example.com', passwordHash: 'x', permissions: allPermissions() });
  const unshared = em.create(User, { client: clientId, email: 'unshared@example.com', passwordHash: 'x', permissions: allPermissions() });
  em.create(WorkspaceShare, { workspace: workspaceId, user: shared });
  em.create(PushToken, { user: adminId, token: 'admin-phone' });
  em.create(PushToken, { user: adminId, token: 'dead-device' });
  em.create(PushToken, { user: shared, token: 'shared-phone' });
  em.create(PushToken, { user: unshared, token: 'unshared-phone' });
  await em.flush();

  const everything = await createGroup(em, workspaceId, {
    name: 'Everything',
    chatIncomingWebhookUrl: `${providers.origin}/chat/T1/B1/xyz`,
    messengerBotToken: '123:ABC',
    messengerChatId: '-1001',
    emailAddresses: ['ops@example.com'],
    phoneNumbers: ['+15550001111'],
    pushEnabled: true,
  });
  const emailOnly = await createGroup(em, workspaceId, { name: 'E-mail only', emailAddresses: ['c-only@example.com'] });
  await createGroup(em, workspaceId, { name: 'Not attached', emailAddresses: ['bystander@example.com'], chatIncomingWebhookUrl: `${providers.origin}/chat/bystander` });

  const check = em.create(UptimeCheck, {
    workspace: workspaceId,
    name: 'Checkout API',
    checkType: 'http',
    hostname: 'shop.example.com',
    protocol: 'https',
    path: '/health',
    checkFrequency: 1,
    responseTimeout: 10000,
    triggerLocations: ['eu-west', 'us-east'],
    minFailingLocations: 1,
  });
  check.notificationGroups.set([everything, emailOnly]);
  const domain = em.create(Domain, { workspace: workspaceId, name: 'shop.example.com' });
  domain.notificationGroups.set([everything]);
  await em.flush();

  const bus = new InProcessBus(logger);
  const notifier = startNotifier({ settings, logger, store, bus });
  try {
    // Let the first poll find the outbox empty: from here on only the wake-up can bring the events in time.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await store.em.fork().transactional(async (tx) => {
      const { client, workspace } = await loadClientAndWorkspace(tx, clientId, workspaceId);
      const loadedCheck = await tx.findOneOrFail(UptimeCheck, check.id, { populate: ['notificationGroups'] });
      enqueueEvent(
        tx,
        {
          client,
          workspace,
          eventType: 'uptime.check.failed',
          occurredAt: new Date('2026-05-06T07:08:09Z'),
          resource: { type: 'uptime_check', id: loadedCheck.id, name: loadedCheck.name, url_or_host: 'https://shop.example.com/health' },
          context: { incident_id: 12, severity: 'critical', failed_locations: ['eu-west', 'us-east'] },
        },
        loadedCheck.notificationGroups.getItems(),
        { amqp: false },
      );
      const loadedDomain = await tx.findOneOrFail(Domain, domain.id, { populate: ['notificationGroups'] });
      enqueueEvent(
        tx,
        {
          client,
          workspace,
          eventType: 'domain.ssl.certificate_changed',
          occurredAt: new Date('2026-05-06T08:00:00Z'),
          resource: { type: 'domain', id: loadedDomain.id, name: loadedDomain.name },
          certificate: {
            changed: ['fingerprint', 'serial'],
            previous: { fingerprint_sha256: 'AA:01', serial_number: '0A', issuer: 'Old CA', not_after: '2026-06-01T00:00:00Z' },
            current: { fingerprint_sha256: 'BB:02', serial_number: '0B', issuer: 'New CA', not_after: '2026-09-01T00:00:00Z' },
          },
        },
        loadedDomain.notificationGroups.getItems(),
        { amqp: false },
      );
    });
    await wakeNotifiers(bus);
    await waitFor(
      async () => (await store.em.fork().find(OutboxDelivery, {})).every((row) => row.status === 'delivered'),
      15_000,
      'every delivery to be delivered',
    );
  } finally {
    await notifier.stop();
    await bus.close();
  }

  const rows = await store.em.fork().find(OutboxDelivery, {}, { populate: ['event'], orderBy: { id: 'asc' } });
  t.deepEqual(
    rows.map((r) => `${r.event.eventType} ${r.channel} ${r.destination}`).sort(),
    [
      'domain.ssl.certificate_changed chat ' + `${providers.origin}/chat/T1/B1/xyz`,
      'domain.ssl.certificate_changed messenger -1001',
      `domain.ssl.certificate_changed push ${workspaceId}`,
      `uptime.check.failed chat ${providers.origin}/chat/T1/B1/xyz`,
      'uptime.check.failed email c-only@example.com',
      'uptime.check.failed email ops@example.com',
      'uptime.check.failed messenger -1001',
      `uptime.check.failed push ${workspaceId}`,
      'uptime.check.failed sms +15550001111',
    ].sort(),
  );

  // E-mail: the attached groups' addresses, never the unattached group's; text and HTML parts.
  t.deepEqual(mails.map((m) => m.to.join(',')).sort(), ['c-only@example.com', 'ops@example.com']);
  for (const mail of mails) {
    t.is(mail.from, 'alerts@vantage.test');
    t.regex(mail.raw, /^Subject: \[Vantage\] DOWN: Checkout API\r?$/m);
    t.regex(mail.raw, /^X-Vantage-Delivery: [0-9a-f]{32}\r?$/m);
    t.regex(mail.raw, /Content-Type: text\/plain/);
    t.regex(mail.raw, /Content-Type: text\/html/);
    t.regex(mail.raw, /Failing locations: eu-west, us-east/);
  }

  // Chat: {text, blocks}, for both the failure and the change notice; the bystander group's URL never called.
  const chat = byPath('/chat/');
  t.deepEqual(chat.map((r) => r.path), ['/chat/T1/B1/xyz', '/chat/T1/B1/xyz']);
  for (const request of chat) {
    t.is(request.method, 'POST');
    t.is(request.headers['content-type'], 'application/json; charset=utf-8');
    const body = JSON.parse(request.body) as { text: string; blocks: Array<{ type: string }> };
    t.deepEqual(Object.keys(body), ['text', 'blocks']);
    t.is(body.blocks.at(-1)!.type, 'context');
  }
  t.deepEqual(chat.map((r) => (JSON.parse(r.body) as { text: string }).text.split('\n')[0]).sort(), ['Certificate of shop.example.com changed', 'DOWN: Checkout API']);

  // Messenger: sendMessage with chat_id, Markdown text, parse_mode.
  const messenger = byPath('/bot');
  t.is(messenger.length, 2);
  for (const request of messenger) {
    t.is(request.path, '/bot123:ABC/sendMessage');
    const body = JSON.parse(request.body) as Record<string, unknown>;
    t.deepEqual(Object.keys(body).sort(), ['chat_id', 'parse_mode', 'text']);
    t.is(body.chat_id, '-1001');
    t.is(body.parse_mode, 'Markdown');
  }
  t.true(messenger.some((r) => (JSON.parse(r.body) as { text: string }).text.includes('SHA-256 fingerprint: AA:01 → BB:02')));

  // SMS: form-encoded To/From/Body with Basic auth sid:token.
  const sms = byPath('/2010-04-01/');
  t.is(sms.length, 1);
  t.is(sms[0]!.headers['content-type'], 'application/x-www-form-urlencoded');
  t.is(sms[0]!.headers.authorization, `Basic ${Buffer.from('AC123:sms-auth-token').toString('base64')}`);
  const form = new URLSearchParams(sms[0]!.body);
  t.is(form.get('To'), '+15550001111');
  t.is(form.get('From'), '+15550009999');
  t.regex(form.get('Body') ?? '', /^Vantage: DOWN: Checkout API\n/);

  // Push: an access token from the service account, the devices of the admin and of the shared user only.
  t.true(tokenRequests.length >= 1);
  const push = byPath('/v1/projects/');
  const devices = push.map((r) => (JSON.parse(r.body) as { message: { token: string } }).message.token);
  t.false(devices.includes('unshared-phone'), 'a user the workspace is not shared with gets nothing');
  t.is(devices.filter((d) => d === 'admin-phone').length, 2);
  t.is(devices.filter((d) => d === 'shared-phone').length, 2);
  const remaining = (await store.em.fork().find(PushToken, {}, { orderBy: { token: 'asc' } })).map((p) => p.token);
  t.deepEqual(remaining, ['admin-phone', 'shared-phone', 'unshared-phone'], 'the token FCM called UNREGISTERED is deleted');
});

test.serial('a messenger error answer fails the delivery with the bot API description', async (t) => {
  const { MessengerChannel } = await import('../../src/notify/channels/messenger.js');
  const { OutboundHttp } = await import('../../src/notify/outbound-http.js');
  const http = new OutboundHttp({ allowPrivate: true, timeoutMs: 2000 });
  const channel = new MessengerChannel(http, providers.origin);
  const event = {
    eventType: 'uptime.check.recovered' as const,
    occurredAt: new Date(),
    clientId: 1,
    workspaceId: 1,
    resource: { type: 'uptime_check' as const, id: 1, name: 'x', url_or_host: 'x' },
    context: null,
    ssl: null,
    certificate: null,
  };
  const signal = new AbortController().signal;
  t.deepEqual(await channel.send(event, { deliveryId: 'e'.repeat(32), destination: '5', group: { id: 1, webhookSecret: 's', messengerBotToken: 'broken:TOKEN' } }, signal), {
    kind: 'failed',
    reason: 'HTTP 400: Bad Request: chat not found',
    code: 400,
  });
  t.deepEqual(await channel.send(event, { deliveryId: 'e'.repeat(32), destination: '5', group: { id: 1, webhookSecret: 's', messengerBotToken: '../x' } }, signal), {
    kind: 'failed',
    reason: 'the messenger bot token has characters a token never has',
  });
  http.close();
});
