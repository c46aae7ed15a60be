import test from 'ava';
import type { ProbeResultBatch, ProbeResultMessage } from '../../src/bus/messages.js';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { probeSubject } from '../../src/bus/subjects.js';
import { createLogger } from '../../src/log.js';
import { ProbeAgent, supportedProbeTypes } from '../../agents/probe-agent.js';
import { eventually } from '../bus/helpers/bus-contract.js';
import { probeRequest, tcpHolding } from './helpers/requests.js';
import { startTcpServer, type Running } from './helpers/servers.js';

const logger = createLogger('silent');
let silent: Running;
let open = 0;

test.before(async () => {
  silent = await startTcpServer((socket) => {
    open++;
    socket.once('close', () => open--);
  });
});
test.after.always(() => silent.close());

function setUp(concurrency = 2, maxWaiting?: number) {
  const bus = new InProcessBus(logger);
  const agent = new ProbeAgent({
    bus,
    location: 'eu-west',
    agentId: 'agent-1',
    concurrency,
    ...(maxWaiting !== undefined ? { maxWaiting } : {}),
    probeOptions: { allowPrivateTargets: true },
    logger,
  });
  const results: ProbeResultMessage[] = [];
  const batches: ProbeResultBatch[] = [];
  bus.consumeDurable({ durable: 'engine', filter: 'vantage.result.>' }, (_subject, data) => {
    batches.push(data as ProbeResultBatch);
    results.push(...(data as ProbeResultBatch).results);
  });
  agent.start();
  return { bus, agent, results, batches };
}

test.serial('answers a probe request on its result subject', async (t) => {
  const { bus, agent, results } = setUp();
  const request = probeRequest('eu-west', 'vantage.result.3.1', tcpHolding(silent.port, 50));
  await bus.publish(probeSubject('eu-west'), request);
  await eventually(() => results.length === 1);
  const [message] = results;
  t.is(message!.requestId, request.requestId);
  t.is(message!.agentId, 'agent-1');
  t.is(message!.location, 'eu-west');
  t.is(message!.cycleId, 'cycle-1');
  t.is(message!.result.state, 'up');
  t.true(Date.parse(message!.finishedAt) >= Date.parse(message!.startedAt));
  await agent.stop();
  await bus.close();
});

test.serial('drops malformed requests; answers requests past their deadline as dropped, with the reason', async (t) => {
  const { bus, agent, results } = setUp();
  await bus.publish(probeSubject('eu-west'), { requestId: 'x', spec: { type: 'gopher' } });
  const late = probeRequest('eu-west', 'vantage.result.0.1', tcpHolding(silent.port, 50), -1);
  await bus.publish(probeSubject('eu-west'), late);
  const good = probeRequest('eu-west', 'vantage.result.0.1', tcpHolding(silent.port, 50));
  await bus.publish(probeSubject('eu-west'), good);
  await eventually(() => results.length === 2);
  await new Promise((resolve) => setTimeout(resolve, 100));
  t.deepEqual(results.map((r) => [r.requestId, r.result.state]).sort(), [[good.requestId, 'up'], [late.requestId, 'dropped']].sort());
  t.regex(results.find((r) => r.requestId === late.requestId)!.result.reason!, /deadline passed/);
  await agent.stop();
  await bus.close();
});

test.serial('never runs more probes than its concurrency; extra requests wait their turn', async (t) => {
  const { bus, agent, results } = setUp(2);
  const started = Date.now();
  for (let i = 0; i < 6; i++) await bus.publish(probeSubject('eu-west'), probeRequest('eu-west', 'vantage.result.0.1', tcpHolding(silent.port, 100)));
  await eventually(() => results.length === 6);
  // Six probes of 100 ms, two at a time: three rounds.
  t.true(Date.now() - started >= 290, `took ${Date.now() - started} ms`);
  t.true(results.every((r) => r.result.state === 'up'));
  await agent.stop();
  await bus.close();
});

test.serial('a full waiting line drops the surplus, answering it as dropped with the reason', async (t) => {
  const { bus, agent, results } = setUp(1, 1);
  for (let i = 0; i < 5; i++) await bus.publish(probeSubject('eu-west'), probeRequest('eu-west', 'vantage.result.0.1', tcpHolding(silent.port, 100)));
  await eventually(() => results.length === 5);
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.is(results.length, 5);
  t.is(results.filter((r) => r.result.state === 'up').length, 2);
  const dropped = results.filter((r) => r.result.state === 'dropped');
  t.is(dropped.length, 3);
  t.true(dropped.every((r) => /agent agent-1 saturated/.test(r.result.reason ?? '')));
  await agent.stop();
  await bus.close();
});

test.serial('stop() takes no new requests and lets running probes answer', async (t) => {
  const { bus, agent, results } = setUp(4);
  for (let i = 0; i < 3; i++) await bus.publish(probeSubject('eu-west'), probeRequest('eu-west', 'vantage.result.0.1', tcpHolding(silent.port, 200)));
  await eventually(() => open === 3);
  await agent.stop();
  await bus.publish(probeSubject('eu-west'), probeRequest('eu-west', 'vantage.result.0.1', tcpHolding(silent.port, 50)));
  await eventually(() => results.length === 3);
  await new Promise((resolve) => setTimeout(resolve, 150));
  t.is(results.length, 3);
  await bus.close();
});

test.serial('stop() with a short drain abandons running probes without sending a false down', async (t) => {
  const { bus, agent, results } = setUp(4);
  await bus.publish(probeSubject('eu-west'), probeRequest('eu-west', 'vantage.result.0.1', tcpHolding(silent.port, 2000)));
  await eventually(() => open === 1);
  const started = Date.now();
  await agent.stop(50);
  t.true(Date.now() - started < 1000);
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.is(results.length, 0);
  await bus.close();
});

test('supported probe types include every type when ICMP is allowed', (t) => {
  const types = supportedProbeTypes();
  t.true(['http', 'dns', 'tcp', 'tls'].every((type) => types.includes(type as never)));
});

test.serial('a request that would wait past its deadline is refused at once, with the reason, and does not hold up the line', async (t) => {
  const { bus, agent, results } = setUp(1);
  // One probe first, so that the agent knows how long its probes take (300 ms).
  await bus.publish(probeSubject('eu-west'), probeRequest('eu-west', 'vantage.result.0.1', tcpHolding(silent.port, 300)));
  await eventually(() => results.length === 1);
  const sent = Date.now();
  for (let i = 0; i < 10; i++) await bus.publish(probeSubject('eu-west'), probeRequest('eu-west', 'vantage.result.0.1', tcpHolding(silent.port, 300), 1_200));
  await eventually(() => results.length === 11, 10_000);
  const burst = results.slice(1);
  const refused = burst.filter((r) => r.result.state === 'dropped');
  t.true(refused.length >= 5, `${refused.length} refused`);
  t.true(refused.every((r) => /saturated: \d+ probes waiting, about [0-9.]+ s, would not finish before its deadline/.test(r.result.reason ?? '')), refused.map((r) => r.result.reason).join('; '));
  // Refused at arrival, not when their turn came: their answers left with the first batch.
  t.true(refused.every((r) => Date.parse(r.finishedAt) - sent < 500), 'refused without waiting');
  t.true(burst.filter((r) => r.result.state === 'up').length >= 2);
  await agent.stop();
  await bus.close();
});
