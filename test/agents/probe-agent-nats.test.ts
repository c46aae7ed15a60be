import test from 'ava';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { ProbeResultMessage } from '../../src/bus/messages.js';
import { NatsBus } from '../../src/bus/nats-bus.js';
import { probeSubject } from '../../src/bus/subjects.js';
import { createLogger } from '../../src/log.js';
import { ProbeAgent } from '../../agents/probe-agent.js';
import { eventually } from '../bus/helpers/bus-contract.js';
import { probeRequest, tcpHolding } from './helpers/requests.js';
import { startTcpServer, type Running } from './helpers/servers.js';

const natsUrl = process.env.NATS_URL;
const natsTest = natsUrl ? test.serial : test.skip;
const namespace = `agenttest${process.pid}${Date.now().toString(36)}`;
const logger = createLogger('silent');
let silent: Running;

const openBus = () => NatsBus.connect({ servers: natsUrl!.split(','), namespace, streamMaxAgeMs: 600_000 }, logger);

test.before(async () => {
  silent = await startTcpServer(() => undefined);
});

test.after.always(async () => {
  await silent.close();
  if (!natsUrl) return;
  const nc = await connect({ servers: natsUrl.split(',') });
  const jsm = await jetstreamManager(nc);
  for await (const name of jsm.streams.names()) if (name.startsWith(namespace.toUpperCase())) await jsm.streams.delete(name);
  await nc.close();
});

function collect(bus: NatsBus, durable: string, filter: string): ProbeResultMessage[] {
  const results: ProbeResultMessage[] = [];
  bus.consumeDurable({ durable, filter }, (_subject, data) => void results.push(data as ProbeResultMessage));
  return results;
}

const agentOn = (bus: NatsBus, location: string, agentId: string) =>
  new ProbeAgent({ bus, location, agentId, concurrency: 16, probeOptions: { allowPrivateTargets: true }, logger });

natsTest('two agents of one location share its requests', async (t) => {
  const [engine, busA, busB] = await Promise.all([openBus(), openBus(), openBus()]);
  const agents = [agentOn(busA, 'share', 'a'), agentOn(busB, 'share', 'b')];
  agents.forEach((agent) => agent.start());
  const results = collect(engine, 'share-engine', 'vantage.result.1.*');
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (let i = 0; i < 40; i++) await engine.publish(probeSubject('share'), probeRequest('share', 'vantage.result.1.7', tcpHolding(silent.port, 20)));
  await eventually(() => results.length === 40, 10_000);
  const byAgent = (id: string) => results.filter((result) => result.agentId === id).length;
  t.true(byAgent('a') > 0 && byAgent('b') > 0, `a ${byAgent('a')}, b ${byAgent('b')}`);
  t.is(new Set(results.map((result) => result.requestId)).size, 40, 'each request answered once');
  await Promise.all(agents.map((agent) => agent.stop()));
  await Promise.all([engine.close(), busA.close(), busB.close()]);
});

natsTest('killing one agent mid-run loses at most its probes in flight', async (t) => {
  const concurrency = 8;
  const child: ChildProcess = fork(fileURLToPath(new URL('./helpers/agent-process.js', import.meta.url)), {
    env: { ...process.env, BUS_NAMESPACE: namespace, LOCATION: 'kill', AGENT_ID: 'doomed', CONCURRENCY: String(concurrency) },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`agent process exited early (${code})`)));
  });
  const [engine, survivorBus] = await Promise.all([openBus(), openBus()]);
  const survivor = agentOn(survivorBus, 'kill', 'survivor');
  survivor.start();
  const results = collect(engine, 'kill-engine', 'vantage.result.2.*');
  await new Promise((resolve) => setTimeout(resolve, 200));

  // A steady stream: 150 ms probes, one request every 10 ms, so each agent has a few in flight.
  const sent: string[] = [];
  const send = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const request = probeRequest('kill', 'vantage.result.2.9', tcpHolding(silent.port, 150));
      sent.push(request.requestId);
      await engine.publish(probeSubject('kill'), request);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  await send(60);
  child.kill('SIGKILL');
  await exited;
  await send(60);
  await eventually(() => results.length >= sent.length - concurrency, 10_000);
  await new Promise((resolve) => setTimeout(resolve, 500));

  const answered = new Set(results.map((result) => result.requestId));
  const lost = sent.filter((id) => !answered.has(id));
  const fromDoomed = results.filter((result) => result.agentId === 'doomed').length;
  t.true(fromDoomed > 0, 'the doomed agent took part before it died');
  t.true(lost.length <= concurrency, `lost ${lost.length}`);
  const afterKill = new Set(sent.slice(60));
  t.true(results.filter((result) => afterKill.has(result.requestId)).every((result) => result.agentId === 'survivor'));
  t.true([...afterKill].every((id) => answered.has(id)), 'every request after the kill was answered by the survivor');
  await survivor.stop();
  await Promise.all([engine.close(), survivorBus.close()]);
});
