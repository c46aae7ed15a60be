import test from 'ava';
import pino from 'pino';
import { NatsBus } from '../../src/bus/nats-bus.js';
import { commitChanges, type Change } from '../../src/services/change-log.js';
import { ActivityLogEntry } from '../../src/store/entities/activity-log.js';
import { provisionClient, type ProvisionedClient } from '../../src/store/provisioning.js';
import { freshStore } from '../support/database.js';
import { PrivateNats } from '../support/private-nats.js';
import { waitFor } from '../support/notify/wait.js';

/**
 * The change notices of a change that touches many resources (a bulk pause of a whole
 * workspace) go out back to back after the commit, in the order of the changes, on real
 * JetStream. With NATS away, the change stays committed and the notices are given up after the
 * first that fail, with one error line, instead of each waiting out its own time-out.
 */

const run = process.env.NATS_URL ? test.serial : test.skip;
const CHANGES = 600;

const pauses = (first: number): Change[] =>
  Array.from({ length: CHANGES }, (_, index) => ({
    action: 'uptime_check.pause',
    resourceType: 'uptime_check',
    resourceId: first + index,
    notice: 'paused',
    details: { bulk: true },
  }));

async function commitPauses(
  outlets: Parameters<typeof commitChanges>[0],
  client: ProvisionedClient,
  first: number,
): Promise<void> {
  const author = { clientId: client.client_id, workspaceId: client.workspace_id, userId: client.user_id };
  await commitChanges(outlets, author, async ({ changes }) => {
    for (const change of pauses(first)) changes.record(change);
  });
}

run('many notices arrive in the order of the changes; with NATS away the change commits, one line says how many were not sent, and the bus still closes', async (t) => {
  const nats = await PrivateNats.start();
  const { store, close } = await freshStore();
  const lines: Array<{ level: number; msg: string; unsent?: number }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const bus = await NatsBus.connect({ servers: [nats.url], namespace: 'notices', redeliveryDelayMs: 50 }, logger);
  try {
    const client = await provisionClient(store.em.fork(), { name: 'N', email: 'n@example.com', password: 'password-n', plan: 'pro' });
    const outlets = { em: store.em.fork(), bus, logger, now: () => new Date() };
    const received: number[] = [];
    const consumer = bus.consumeDurable({ durable: 'notices-test', filter: 'vantage.changes.>' }, (_subject, data) => {
      received.push((data as { id: number }).id);
    });
    await commitPauses(outlets, client, 1);
    await waitFor(() => received.length >= CHANGES, 20_000, 'every notice delivered');
    t.deepEqual(received, Array.from({ length: CHANGES }, (_, index) => 1 + index));
    await consumer.stop();

    await nats.stop();
    await commitPauses(outlets, client, 10_001);
    const committed = await store.em.fork().count(ActivityLogEntry, { client: client.client_id, resourceId: { $gte: 10_001 } });
    t.is(committed, CHANGES, 'every change committed with its activity-log entry');
    const errors = lines.filter((line) => line.level >= 50);
    t.is(errors.length, 1, JSON.stringify(errors.map((line) => line.msg)));
    t.is(errors[0]!.unsent, CHANGES);
    await t.notThrowsAsync(bus.close(), 'a bus closed with NATS away stops reconnecting');
  } finally {
    await bus.close().catch(() => undefined);
    await close();
    await nats.dispose();
  }
});
