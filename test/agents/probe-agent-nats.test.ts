import test from 'ava';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { ProbeResultBatch, ProbeResultMessage } from '../../src/bus/messages.js';
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
  bus.consumeDurable({ durable, filter }, (_subject, data) => void results.push(...(data as ProbeResultBatch).results));
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

natsTest('killing one agent mid-run loses at most its probes in flight and the results of its open batch', async (t) => {
  const concurrency = 8;
  // Results wait for their batch up to this long: a killed agent loses those too (their cycles are UNKNOWN, never DOWN).
  const resultWindowMs = 500;
  const child: ChildProcess = fork(fileURLToPath(new URL('./helpers/agent-process.js', import.meta.url)), {
    env: { ...process.env, BUS_NAMESPACE: namespace, LOCATION: 'kill', AGENT_ID: 'doomed', CONCURRENCY: String(concurrency), RESULT_WINDOW_MS: String(resultWindowMs) },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  t.teardown(() => void child.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`agent process exited early (${code})`)));
  });
  const [engine, survivorBus] = await Promise.all([openBus(), openBus()]);
  const survivor = agentOn(survivorBus, 'kill', 'survivor');
  survivor.start();
  // Also when an assertion fails: open connections would keep the worker from ending.
  t.teardown(async () => {
    await survivor.stop();
    await Promise.all([engine.close(), survivorBus.close()]);
  });
  const results = collect(engine, 'kill-engine', 'vantage.result.2.*');
  await new Promise((resolve) => setTimeout(resolve, 200));

  // A steady stream: 150 ms probes, one request every 30 ms, so each agent has a few in flight, well
  // below its concurrency even when the queue group deals several in a row to one agent or load
  // stretches the probes: what the killed agent held is only what it was running.
  const sent: string[] = [];
  const send = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const request = probeRequest('kill', 'vantage.result.2.9', tcpHolding(silent.port, 150));
      sent.push(request.requestId);
      await engine.publish(probeSubject('kill'), request);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  };
  const answeredBy = (requestId: string) => results.find((result) => result.requestId === requestId)?.agentId;
  await send(60);
  child.kill('SIGKILL');
  await exited;
  // The server drops the dead agent's subscription when it reads the closed connection, which may
  // come after the exit is seen here: requests sent in between would go to the dead agent. Three
  // answers in a row (each waited for up to 5 s, extra requests not counted in `sent`) show it gone.
  for (let streak = 0; streak < 3; ) {
    const probe = probeRequest('kill', 'vantage.result.2.9', tcpHolding(silent.port, 1));
    await engine.publish(probeSubject('kill'), probe);
    streak = (await eventually(() => answeredBy(probe.requestId) !== undefined, 5_000).then(() => true, () => false)) ? streak + 1 : 0;
  }
  const killedAt = sent.length;
  await send(60);
  const afterKill = sent.slice(killedAt);
  await eventually(() => afterKill.every((id) => answeredBy(id) !== undefined), 30_000).catch(() => undefined);

  const lost = sent.filter((id) => answeredBy(id) === undefined);
  const fromDoomed = results.filter((result) => result.agentId === 'doomed').length;
  t.true(fromDoomed > 0, 'the doomed agent took part before it died');
  // In flight, plus what finished within the last window: one request every 30 ms, whichever agent took it.
  t.true(lost.length <= concurrency + Math.ceil(resultWindowMs / 30), `lost ${lost.length}`);
  t.deepEqual(afterKill.filter((id) => answeredBy(id) === undefined), [], 'every request after the kill was answered');
  t.true(afterKill.every((id) => answeredBy(id) === 'survivor'), 'by the survivor');
});
