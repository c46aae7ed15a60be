import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { enqueueEvent } from '../../src/notify/enqueue.js';
import { DeliveryAttempt, OutboxDelivery } from '../../src/store/entities/outbox.js';
import { closeStore, migrate, openStore, type Store } from '../../src/store/orm.js';
import { engineName, freshDatabase } from '../support/database.js';
import { startReceiver } from '../support/notify/receiver.js';
import { createGroup, loadClientAndWorkspace, seedClient } from '../support/notify/seed.js';
import { makeTestCertificates } from '../support/notify/tls.js';
import { temporaryFolder } from '../support/temporary-folder.js';

const childScript = fileURLToPath(new URL('./fixtures/dispatcher-child.js', import.meta.url));

function startChild(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [childScript], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the notifier child exited early with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
  });
}

const exited = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));

test(`a notifier killed between claim and answer loses nothing: the lease runs out and another delivers with the same delivery_id (${engineName()})`, async (t) => {
  const database = await freshDatabase();
  // The embedded database lives in a folder that one process at a time opens; PostgreSQL is shared.
  const dataDir = temporaryFolder('crash');
  const open = (): Promise<Store> => openStore({ databaseUrl: database.databaseUrl, dataDir });
  const certificates = makeTestCertificates();
  // The first request is held unanswered: its sender is killed while waiting.
  const receiver = await startReceiver((_request, index) => (index === 0 ? new Promise(() => {}) : { status: 200 }), certificates);
  let store = await open();
  let deliveryRowId: number;
  try {
    await migrate(store);
    const { clientId, workspaceId } = await seedClient(store);
    const em = store.em.fork();
    const group = await createGroup(em, workspaceId, { name: 'Hook', webhookUrl: `${receiver.origin}/crash`, webhookSecret: 'whsec_crash' });
    await em.transactional(async (tx) => {
      const { client, workspace } = await loadClientAndWorkspace(tx, clientId, workspaceId);
      enqueueEvent(
        tx,
        { client, workspace, eventType: 'uptime.check.recovered', occurredAt: new Date(), resource: { type: 'uptime_check', id: 1, name: 'API', url_or_host: 'api.example.com' }, context: { incident_id: 2, severity: 'recovered', failed_locations: [] } },
        [tx.merge(group)],
        { amqp: false },
      );
    });
    deliveryRowId = (await store.em.fork().findOneOrFail(OutboxDelivery, { channel: 'webhook' })).id;
  } finally {
    await closeStore(store);
  }

  const env = {
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    VANTAGE_DATA_DIR: dataDir,
    VANTAGE_ALLOW_PRIVATE_TARGETS: '1',
    VANTAGE_EXTRA_CA_FILE: certificates.caFile,
    VANTAGE_NOTIFY_LEASE_MS: '4000',
    VANTAGE_NOTIFY_POLL_MS: '100',
    LOG_LEVEL: 'silent',
  };
  try {
    const first = await startChild(env);
    await receiver.waitForRequests(1);
    first.kill('SIGKILL');
    await exited(first);

    const second = await startChild(env);
    await receiver.waitForRequests(2, 30_000);
    second.kill('SIGTERM');
    t.is(await exited(second), 0, 'the second notifier stops cleanly');
  } finally {
    await receiver.close();
  }

  const ids = receiver.requests.map((r) => String(r.headers['x-vantage-delivery']));
  t.is(ids.length, 2, 'at least once: the killed attempt and the one after it');
  t.is(ids[0], ids[1], 'every arrival carries the same delivery_id');
  t.is((JSON.parse(receiver.requests[0]!.body) as { delivery_id: string }).delivery_id, ids[0]);

  store = await open();
  try {
    const row = await store.em.fork().findOneOrFail(OutboxDelivery, deliveryRowId);
    t.is(row.status, 'delivered');
    t.is(row.deliveryId, ids[0]);
    t.is(row.leaseUntil, null);
    // The killed process recorded nothing; the attempt that reached an answer is recorded.
    const attempts = await store.em.fork().find(DeliveryAttempt, { delivery: deliveryRowId });
    t.deepEqual(attempts.map((a) => [a.outcome, a.responseCode]), [['delivered', 200]]);
    t.is(row.attempts, 1);
  } finally {
    await closeStore(store);
    await database.drop();
  }
});
