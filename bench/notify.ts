import { readFileSync } from 'node:fs';
import https from 'node:https';
import { pino } from 'pino';
import { loadSettings } from '../src/config/load-settings.js';
import { enqueueEvent } from '../src/notify/enqueue.js';
import { startNotifier } from '../src/notify/notifier.js';
import { OutboxDelivery } from '../src/store/entities/outbox.js';
import { closeStore, migrate, openStore, type Store } from '../src/store/orm.js';
import { freshDatabase } from '../test/support/database.js';
import { startReceiver } from '../test/support/notify/receiver.js';
import { createGroup, loadClientAndWorkspace, seedClient } from '../test/support/notify/seed.js';
import { makeTestCertificates } from '../test/support/notify/tls.js';
import { waitFor } from '../test/support/notify/wait.js';

/**
 * Webhook deliveries per second of one notifier to a local HTTPS receiver, next to a bare
 * loop of the same HTTPS POSTs at the same concurrency measured in the same run; then the time
 * from an outbox row's commit to its arrival at the receiver (p50/p99), with the wake-up and
 * with polling alone. PostgreSQL when DATABASE_URL is set, otherwise the embedded database.
 *
 *   npx tsc -p . && node dist/bench/notify.js [deliveries, default 2000] [concurrency, default 16]
 */

const total = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 16);
const logger = pino({ level: 'silent' });

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (value: number): string => `${value.toFixed(1)} ms`;

async function bareLoop(url: string, ca: string, body: string): Promise<number> {
  const agent = new https.Agent({ keepAlive: true, maxSockets: concurrency, ca });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const req = https.request(url, { method: 'POST', agent, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end(body);
    });
  let left = total;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await post();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return total / seconds;
}

async function enqueue(store: Store, clientId: number, workspaceId: number, groupId: number, count: number): Promise<void> {
  const em = store.em.fork();
  await em.transactional(async (tx) => {
    const { client, workspace } = await loadClientAndWorkspace(tx, clientId, workspaceId);
    const group = await tx.findOneOrFail('NotificationGroup', groupId);
    for (let i = 0; i < count; i++) {
      enqueueEvent(
        tx,
        { client, workspace, eventType: 'uptime.check.failed', occurredAt: new Date(), resource: { type: 'uptime_check', id: i + 1, name: `Check ${i}`, url_or_host: 'https://example.com/' }, context: { incident_id: i + 1, severity: 'major', failed_locations: ['eu-west', 'us-east'] } },
        [group as never],
        { amqp: false },
      );
    }
  });
}

async function main(): Promise<void> {
  const database = await freshDatabase();
  const store = await openStore({ databaseUrl: database.databaseUrl, poolSize: 4 });
  await migrate(store);
  const certificates = makeTestCertificates();
  const ca = readFileSync(certificates.caFile, 'utf8');
  const arrivals = new Map<string, number>();
  const receiver = await startReceiver((request) => {
    arrivals.set(String(request.headers['x-vantage-delivery']), performance.timeOrigin + performance.now());
    return { status: 204, body: '' };
  }, certificates);
  const url = `${receiver.origin}/hook`;
  const { clientId, workspaceId } = await seedClient(store);
  const group = await createGroup(store.em.fork(), workspaceId, { name: 'Bench', webhookUrl: url });
  const settings = (pollMs: number) =>
    loadSettings({
      VANTAGE_ALLOW_PRIVATE_TARGETS: '1',
      VANTAGE_EXTRA_CA_FILE: certificates.caFile,
      VANTAGE_NOTIFY_CONCURRENCY: String(concurrency),
      VANTAGE_NOTIFY_POLL_MS: String(pollMs),
      DATABASE_URL: database.databaseUrl,
    });
  const engine = database.databaseUrl ? 'PostgreSQL' : 'PGlite';
  try {
    const sampleBody = JSON.stringify({ schema_version: 1, delivery_id: 'a'.repeat(32), event_type: 'uptime.check.failed', occurred_at: new Date().toISOString(), client_id: 1, workspace_id: 1, resource: { type: 'uptime_check', id: 1, name: 'Check 1', url_or_host: 'https://example.com/' }, context: { incident_id: 1, severity: 'major', failed_locations: ['eu-west', 'us-east'] } });
    await bareLoop(url, ca, sampleBody);
    const bare = await bareLoop(url, ca, sampleBody);
    receiver.requests.length = 0;

    // Throughput: a backlog of `total` deliveries drained by one notifier.
    await enqueue(store, clientId, workspaceId, group.id, total);
    const started = performance.now();
    const notifier = startNotifier({ settings: settings(1000), logger, store });
    await waitFor(async () => (await store.em.fork().count(OutboxDelivery, { status: 'delivered' })) === total, 600_000, 'the backlog to drain');
    const drainSeconds = (performance.now() - started) / 1000;
    await notifier.stop();
    const perSecond = total / drainSeconds;

    // Latency: single events committed one after another, timed from commit to arrival.
    const latency = async (pollMs: number, wake: boolean, count: number): Promise<number[]> => {
      const running = startNotifier({ settings: settings(pollMs), logger, store });
      const samples: number[] = [];
      for (let i = 0; i < count; i++) {
        await enqueue(store, clientId, workspaceId, group.id, 1);
        const committedAt = performance.timeOrigin + performance.now();
        const row = await store.em.fork().findOneOrFail(OutboxDelivery, { status: 'pending' }, { orderBy: { id: 'desc' } });
        if (wake) running.nudge();
        await waitFor(() => arrivals.has(row.deliveryId), 30_000, 'the delivery');
        samples.push(arrivals.get(row.deliveryId)! - committedAt);
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
      }
      await running.stop();
      return samples.sort((a, b) => a - b);
    };
    const woken = await latency(1000, true, 200);
    const polled = await latency(1000, false, 40);

    console.log(`notify bench (${engine}, ${total} webhook deliveries, concurrency ${concurrency}, local HTTPS receiver in-process)`);
    console.log(`  bare HTTPS POST loop          ${bare.toFixed(0)} req/s`);
    console.log(`  notifier draining a backlog   ${perSecond.toFixed(0)} deliveries/s  (${((perSecond / bare) * 100).toFixed(1)}% of the bare loop)`);
    console.log(`  row → arrival, with wake-up   p50 ${ms(quantile(woken, 0.5))}  p99 ${ms(quantile(woken, 0.99))}  (${woken.length} events)`);
    console.log(`  row → arrival, poll 1 s only  p50 ${ms(quantile(polled, 0.5))}  p99 ${ms(quantile(polled, 0.99))}  (${polled.length} events)`);
  } finally {
    await receiver.close();
    await closeStore(store);
    await database.drop();
  }
}

await main();
