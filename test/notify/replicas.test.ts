import test from 'ava';
import { pino } from 'pino';
import { enqueueEvent } from '../../src/notify/enqueue.js';
import { startNotifier } from '../../src/notify/notifier.js';
import { OutboxDelivery } from '../../src/store/entities/outbox.js';
import { engineName, freshStore } from '../support/database.js';
import { startReceiver } from '../support/notify/receiver.js';
import { createGroup, loadClientAndWorkspace, seedClient } from '../support/notify/seed.js';
import { notifySettings } from '../support/notify/settings.js';
import { waitFor } from '../support/notify/wait.js';

const context = await freshStore();
const { store } = context;
const logger = pino({ level: 'silent' });
test.after.always(() => context.close());

async function enqueueChatEvents(url: string, count: number): Promise<void> {
  const { clientId, workspaceId } = await seedClient(store);
  const em = store.em.fork();
  const group = await createGroup(em, workspaceId, { name: `Chat ${url}`, chatIncomingWebhookUrl: url });
  await em.transactional(async (tx) => {
    const { client, workspace } = await loadClientAndWorkspace(tx, clientId, workspaceId);
    for (let i = 0; i < count; i++) {
      enqueueEvent(
        tx,
        { client, workspace, eventType: 'uptime.check.failed', occurredAt: new Date(), resource: { type: 'uptime_check', id: i + 1, name: `Check ${i}`, url_or_host: 'x.example.com' }, context: { incident_id: i + 1, severity: 'major', failed_locations: ['eu-west'] } },
        [tx.merge(group)],
        { amqp: false },
      );
    }
  });
}

test.serial(`two notifiers on one database never take the same delivery (${engineName()})`, async (t) => {
  const receiver = await startReceiver(() => ({ status: 200 }));
  await enqueueChatEvents(`${receiver.origin}/chat/replicas`, 40);
  const settings = notifySettings({ VANTAGE_NOTIFY_CONCURRENCY: '4' });
  const replicas = [startNotifier({ settings, logger, store }), startNotifier({ settings, logger, store })];
  try {
    await waitFor(async () => (await store.em.fork().count(OutboxDelivery, { status: 'delivered' })) === 40, 30_000, '40 deliveries');
  } finally {
    await Promise.all(replicas.map((r) => r.stop()));
    await receiver.close();
  }
  const names = receiver.requests.map((r) => (JSON.parse(r.body) as { text: string }).text.split('\n')[0]);
  t.is(names.length, 40, 'each delivery sent once');
  t.is(new Set(names).size, 40);
});

test.serial('a notifier sends at most its concurrency at once', async (t) => {
  let inFlight = 0;
  let peak = 0;
  const receiver = await startReceiver(async () => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 60));
    inFlight -= 1;
    return { status: 200 };
  });
  await enqueueChatEvents(`${receiver.origin}/chat/limit`, 12);
  const notifier = startNotifier({ settings: notifySettings({ VANTAGE_NOTIFY_CONCURRENCY: '3' }), logger, store });
  try {
    await receiver.waitForRequests(12);
  } finally {
    await notifier.stop();
    await receiver.close();
  }
  t.is(peak, 3);
});
