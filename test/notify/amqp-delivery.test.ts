import test from 'ava';
import amqp from 'amqplib';
import { pino } from 'pino';
import { amqpExchangeForClient } from '../../src/notify/amqp-exchange.js';
import { enqueueEvent } from '../../src/notify/enqueue.js';
import { startNotifier } from '../../src/notify/notifier.js';
import { OutboxDelivery } from '../../src/store/entities/outbox.js';
import { engineName, freshStore } from '../support/database.js';
import { createGroup, loadClientAndWorkspace, seedClient } from '../support/notify/seed.js';
import { notifySettings } from '../support/notify/settings.js';
import { waitFor } from '../support/notify/wait.js';

const amqpUrl = process.env.AMQP_URL;
const maybe = amqpUrl ? test : test.skip;

maybe(`each event is published persistently on the client's topic exchange with the event type as routing key (${engineName()})`, async (t) => {
  const context = await freshStore();
  const { store } = context;
  const { clientId, workspaceId } = await seedClient(store);
  const exchange = amqpExchangeForClient(clientId);
  const consumer = await amqp.connect(amqpUrl!);
  try {
    const channel = await consumer.createChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, exchange, 'uptime.check.*');
    const received: amqp.ConsumeMessage[] = [];
    await channel.consume(queue, (message) => message && received.push(message), { noAck: true });

    const em = store.em.fork();
    const group = await createGroup(em, workspaceId, { name: 'Mail', emailAddresses: ['ops@example.com'] });
    await em.transactional(async (tx) => {
      const { client, workspace } = await loadClientAndWorkspace(tx, clientId, workspaceId);
      const base = { client, workspace, occurredAt: new Date('2026-05-06T07:08:09Z'), resource: { type: 'uptime_check' as const, id: 3, name: 'API', url_or_host: 'api.example.com' } };
      enqueueEvent(tx, { ...base, eventType: 'uptime.check.failed', context: { incident_id: 4, severity: 'major', failed_locations: ['eu-west'] } }, [tx.merge(group)], { amqp: true });
      // A certificate change notice has no queue delivery; a group-less event still has one.
      enqueueEvent(tx, { ...base, eventType: 'domain.ssl.certificate_changed', resource: { type: 'domain', id: 8, name: 'api.example.com' } }, [], { amqp: true });
      enqueueEvent(tx, { ...base, eventType: 'uptime.check.recovered', context: { incident_id: 4, severity: 'recovered', failed_locations: [] } }, [], { amqp: true });
    });
    const amqpRows = await store.em.fork().find(OutboxDelivery, { channel: 'amqp' }, { populate: ['event'], orderBy: { id: 'asc' } });
    t.deepEqual(amqpRows.map((r) => [r.event.eventType, r.destination, r.group]), [
      ['uptime.check.failed', exchange, null],
      ['uptime.check.recovered', exchange, null],
    ]);

    const notifier = startNotifier({ settings: notifySettings({ AMQP_URL: amqpUrl }), logger: pino({ level: 'silent' }), store });
    try {
      // Another test run may share the broker and the client id: count only this run's messages.
      const ours = new Set(amqpRows.map((r) => r.deliveryId));
      await waitFor(() => received.filter((m) => ours.has(m.properties.messageId as string)).length >= 2, 15_000, 'two messages on the exchange');
      received.splice(0, received.length, ...received.filter((m) => ours.has(m.properties.messageId as string)));
      await waitFor(async () => (await store.em.fork().find(OutboxDelivery, { channel: 'amqp', status: 'delivered' })).length === 2, 10_000, 'both recorded');
    } finally {
      await notifier.stop();
    }
    const [failure, recovery] = [...received].sort((a, b) => a.fields.routingKey.localeCompare(b.fields.routingKey));
    t.is(failure!.fields.routingKey, 'uptime.check.failed');
    t.is(recovery!.fields.routingKey, 'uptime.check.recovered');
    t.is(failure!.fields.exchange, exchange);
    t.is(failure!.properties.deliveryMode, 2, 'persistent');
    t.is(failure!.properties.contentType, 'application/json');
    t.is(failure!.properties.messageId, amqpRows[0]!.deliveryId);
    t.deepEqual(JSON.parse(failure!.content.toString('utf8')), {
      schema_version: 1,
      delivery_id: amqpRows[0]!.deliveryId,
      event_type: 'uptime.check.failed',
      occurred_at: '2026-05-06T07:08:09.000Z',
      client_id: clientId,
      workspace_id: workspaceId,
      resource: { type: 'uptime_check', id: 3, name: 'API', url_or_host: 'api.example.com' },
      context: { incident_id: 4, severity: 'major', failed_locations: ['eu-west'] },
    });
    await channel.deleteExchange(exchange);
  } finally {
    await consumer.close();
    await context.close();
  }
});

test('without AMQP_URL on the notifier an AMQP delivery fails with a reason instead of hanging', async (t) => {
  const { AmqpChannel } = await import('../../src/notify/channels/amqp.js');
  const channel = new AmqpChannel(undefined, pino({ level: 'silent' }));
  const outcome = await channel.send(
    { eventType: 'uptime.check.failed', occurredAt: new Date(), clientId: 1, workspaceId: 1, resource: { type: 'uptime_check', id: 1, name: 'x' }, context: null, ssl: null, certificate: null },
    { deliveryId: 'f'.repeat(32), destination: 'vantage.client.1', group: null },
    new AbortController().signal,
  );
  t.deepEqual(outcome, { kind: 'failed', reason: 'AMQP is not configured on this server (AMQP_URL)' });
});

test('an unreachable broker is a passing failure, retried later', async (t) => {
  const { AmqpChannel } = await import('../../src/notify/channels/amqp.js');
  const channel = new AmqpChannel('amqp://guest:guest@127.0.0.1:1', pino({ level: 'silent' }));
  const outcome = await channel.send(
    { eventType: 'uptime.check.failed', occurredAt: new Date(), clientId: 1, workspaceId: 1, resource: { type: 'uptime_check', id: 1, name: 'x' }, context: null, ssl: null, certificate: null },
    { deliveryId: 'f'.repeat(32), destination: 'vantage.client.1', group: null },
    new AbortController().signal,
  );
  await channel.close();
  t.is(outcome.kind, 'retry');
  t.regex(outcome.kind === 'retry' ? outcome.reason : '', /ECONNREFUSED/);
});
