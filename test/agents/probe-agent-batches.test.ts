import test from 'ava';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { ProbeRequest, ProbeRequestBatch, ProbeResultBatch } from '../../src/bus/messages.js';
import { NatsBus } from '../../src/bus/nats-bus.js';
import { probeSubject } from '../../src/bus/subjects.js';
import { createLogger } from '../../src/log.js';
import { ProbeAgent } from '../../agents/probe-agent.js';
import { eventually } from '../bus/helpers/bus-contract.js';
import { probeRequest, tcpHolding } from './helpers/requests.js';
import { startTcpServer, type Running } from './helpers/servers.js';

const natsUrl = process.env.NATS_URL;
const natsTest = natsUrl ? test.serial : test.skip;
const namespace = `batchtest${process.pid}${Date.now().toString(36)}`;
const logger = createLogger('silent');
let silent: Running;
let engine: NatsBus;
let agentBus: NatsBus;
const batches: Array<{ subject: string; batch: ProbeResultBatch }> = [];

const openBus = () => NatsBus.connect({ servers: natsUrl!.split(','), namespace, streamMaxAgeMs: 600_000 }, logger);

test.before(async () => {
  silent = await startTcpServer(() => undefined);
  if (!natsUrl) return;
  [engine, agentBus] = await Promise.all([openBus(), openBus()]);
  engine.consumeDurable({ durable: 'batch-engine', filter: 'vantage.result.>' }, (subject, data) => void batches.push({ subject, batch: data as ProbeResultBatch }));
});

test.after.always(async () => {
  await silent.close();
  if (!natsUrl) return;
  await Promise.all([engine.close(), agentBus.close()]);
  const nc = await connect({ servers: natsUrl.split(',') });
  const jsm = await jetstreamManager(nc);
  for await (const name of jsm.streams.names()) if (name.startsWith(namespace.toUpperCase())) await jsm.streams.delete(name);
  await nc.close();
});

/** An agent of its own location, gathering at most 4 results per batch over 1.5 s. */
function agentAt(location: string, concurrency = 16): ProbeAgent {
  const agent = new ProbeAgent({ bus: agentBus, location, agentId: `agent-${location}`, concurrency, resultBatch: { maxItems: 4, windowMs: 1_500 }, probeOptions: { allowPrivateTargets: true }, logger });
  agent.start();
  return agent;
}

const requests = (location: string, subject: string, count: number, holdMs = 20): ProbeRequest[] =>
  Array.from({ length: count }, () => probeRequest(location, subject, tcpHolding(silent.port, holdMs)));

const sendBatch = (location: string, list: ProbeRequest[]) => engine.publish(probeSubject(location), { requests: list } satisfies ProbeRequestBatch);
const batchesOn = (subject: string) => batches.filter((b) => b.subject === subject).map((b) => b.batch);
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

natsTest('one probe: its result leaves alone once the batch window ends', async (t) => {
  const agent = agentAt('one');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const [request] = requests('one', 'vantage.result.1.batch', 1);
  await sendBatch('one', [request!]);
  await eventually(() => batchesOn('vantage.result.1.batch').length === 1, 10_000);
  await settle();
  const [batch] = batchesOn('vantage.result.1.batch');
  t.is(batch!.results.length, 1);
  t.like(batch!.results[0], { requestId: request!.requestId, location: 'one', agentId: 'agent-one', result: { state: 'up' } });
  await agent.stop();
});

natsTest('a full batch leaves at once as one message; a batch over the size is split across a flush', async (t) => {
  const agent = agentAt('full');
  await new Promise((resolve) => setTimeout(resolve, 200));
  // Four probes finishing together fill a batch: it leaves before the 1.5 s window would end.
  const full = requests('full', 'vantage.result.2.batch', 4);
  const sent = Date.now();
  await sendBatch('full', full);
  await eventually(() => batchesOn('vantage.result.2.batch').length === 1, 10_000);
  t.true(Date.now() - sent < 1_400, `took ${Date.now() - sent} ms`);
  t.deepEqual(batchesOn('vantage.result.2.batch')[0]!.results.map((r) => r.requestId).sort(), full.map((r) => r.requestId).sort());

  // Six probes: four leave as a full batch, the other two at the end of the window.
  const six = requests('full', 'vantage.result.3.batch', 6);
  await sendBatch('full', six);
  await eventually(() => batchesOn('vantage.result.3.batch').reduce((n, b) => n + b.results.length, 0) === 6, 10_000);
  await settle();
  t.deepEqual(batchesOn('vantage.result.3.batch').map((b) => b.results.length).sort(), [2, 4]);
  t.deepEqual(batchesOn('vantage.result.3.batch').flatMap((b) => b.results.map((r) => r.requestId)).sort(), six.map((r) => r.requestId).sort());
  await agent.stop();
});

natsTest('a test-now result, and one whose cycle closes soon, leave at once instead of waiting for the window', async (t) => {
  const agent = agentAt('urgent');
  await new Promise((resolve) => setTimeout(resolve, 200));
  // Each alone in its batch: with the 1.5 s window, a batched result would arrive after 1.5 s at the earliest.
  const testNow: ProbeRequest = { ...probeRequest('urgent', 'vantage.result.7.batch', tcpHolding(silent.port, 20)), urgent: true };
  let sent = Date.now();
  await sendBatch('urgent', [testNow]);
  await eventually(() => batchesOn('vantage.result.7.batch').length === 1, 10_000);
  t.true(Date.now() - sent < 1_000, `test-now result after ${Date.now() - sent} ms`);
  // Two windows before its deadline, a result no longer waits: the cycle would count it missing.
  const closing = probeRequest('urgent', 'vantage.result.8.batch', tcpHolding(silent.port, 20), 2_500);
  sent = Date.now();
  await sendBatch('urgent', [closing]);
  await eventually(() => batchesOn('vantage.result.8.batch').length === 1, 10_000);
  t.true(Date.now() - sent < 1_000, `closing cycle's result after ${Date.now() - sent} ms`);
  // Far from its deadline, a lone result waits for the window.
  const ordinary = probeRequest('urgent', 'vantage.result.9.batch', tcpHolding(silent.port, 20));
  sent = Date.now();
  await sendBatch('urgent', [ordinary]);
  await eventually(() => batchesOn('vantage.result.9.batch').length === 1, 10_000);
  t.true(Date.now() - sent >= 1_400, `ordinary result after ${Date.now() - sent} ms`);
  await agent.stop();
});

natsTest('results for two partitions never share a batch', async (t) => {
  const agent = agentAt('split');
  await new Promise((resolve) => setTimeout(resolve, 200));
  await sendBatch('split', [...requests('split', 'vantage.result.4.batch', 2), ...requests('split', 'vantage.result.5.batch', 1)]);
  await eventually(() => batchesOn('vantage.result.4.batch').length === 1 && batchesOn('vantage.result.5.batch').length === 1, 10_000);
  t.is(batchesOn('vantage.result.4.batch')[0]!.results.length, 2);
  t.is(batchesOn('vantage.result.5.batch')[0]!.results.length, 1);
  await agent.stop();
});

natsTest('a saturated agent works a burst off over its deadline: every probe answered, none dropped', async (t) => {
  // Two slots, forty probes of 100 ms in one batch: twenty rounds, about two seconds, well inside the ten-second deadline.
  const agent = agentAt('busy', 2);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const burst = requests('busy', 'vantage.result.6.batch', 40, 100);
  await sendBatch('busy', burst);
  await eventually(() => batchesOn('vantage.result.6.batch').reduce((n, b) => n + b.results.length, 0) === 40, 20_000);
  const results = batchesOn('vantage.result.6.batch').flatMap((b) => b.results);
  t.deepEqual(results.map((r) => r.requestId).sort(), burst.map((r) => r.requestId).sort());
  t.true(results.every((r) => r.result.state === 'up'), results.map((r) => r.result.state).join());
  await agent.stop();
});
