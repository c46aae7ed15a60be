import test from 'ava';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { subjectMatches } from '../../src/bus/subject-match.js';
import { createLogger } from '../../src/log.js';
import { busContract } from './helpers/bus-contract.js';

const logger = createLogger('silent');
// One bus for the whole file: "opening" another means a second client of the same process bus.
const shared = new InProcessBus(logger, { redeliveryDelayMs: 20 });
const clientOf = (bus: InProcessBus) => ({
  publish: bus.publish.bind(bus),
  subscribe: bus.subscribe.bind(bus),
  publishDurable: bus.publishDurable.bind(bus),
  consumeDurable: bus.consumeDurable.bind(bus),
  ping: bus.ping.bind(bus),
  close: async () => undefined,
});

busContract('InProcessBus', async () => clientOf(shared));

test('subject matching follows NATS rules', (t) => {
  t.true(subjectMatches('a.b', 'a.b'));
  t.false(subjectMatches('a.b', 'a.b.c'));
  t.true(subjectMatches('a.*', 'a.b'));
  t.false(subjectMatches('a.*', 'a'));
  t.false(subjectMatches('a.*', 'a.b.c'));
  t.true(subjectMatches('a.>', 'a.b.c'));
  t.false(subjectMatches('a.>', 'a'));
  t.true(subjectMatches('*.b.>', 'x.b.c.d'));
  t.false(subjectMatches('a.>.c', 'a.b.c'));
});

test('a closed bus refuses to publish', async (t) => {
  const bus = new InProcessBus(logger);
  await bus.close();
  await t.throwsAsync(() => bus.publish('x', {}), { message: 'bus is closed' });
});

test('a handler that throws on a plain subject does not break the bus', async (t) => {
  const bus = new InProcessBus(logger);
  let delivered = 0;
  bus.subscribe('boom', () => {
    delivered++;
    throw new Error('boom');
  });
  await bus.publish('boom', {});
  await bus.publish('boom', {});
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.is(delivered, 2);
  await bus.close();
});
