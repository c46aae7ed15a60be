import test from 'ava';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { NatsBus } from '../../src/bus/nats-bus.js';
import { createLogger } from '../../src/log.js';
import { busContract } from './helpers/bus-contract.js';

const natsUrl = process.env.NATS_URL;
const namespace = `test${process.pid}${Date.now().toString(36)}`;
const logger = createLogger('silent');

const open = () => NatsBus.connect({ servers: natsUrl!.split(','), namespace, redeliveryDelayMs: 50, streamMaxAgeMs: 600_000 }, logger);

busContract('NatsBus', open, natsUrl !== undefined);

test.after.always(async () => {
  if (!natsUrl) return;
  const nc = await connect({ servers: natsUrl.split(',') });
  const jsm = await jetstreamManager(nc);
  for await (const name of jsm.streams.names()) {
    if (name.startsWith(namespace.toUpperCase())) await jsm.streams.delete(name);
  }
  await nc.close();
});

(natsUrl ? test : test.skip)('NatsBus creates the durable streams with limits retention, file storage and a max age', async (t) => {
  const bus = await open();
  const nc = await connect({ servers: natsUrl!.split(',') });
  const jsm = await jetstreamManager(nc);
  const info = await jsm.streams.info(`${namespace.toUpperCase()}_VANTAGE_RESULTS`);
  t.deepEqual(info.config.subjects, [`${namespace}.vantage.result.>`]);
  t.is(info.config.retention, 'limits');
  t.is(info.config.storage, 'file');
  t.is(info.config.max_age, 600_000 * 1_000_000);
  await nc.close();
  await bus.close();
});
