import { NatsBus } from '../../../src/bus/nats-bus.js';
import { createLogger } from '../../../src/log.js';
import { ProbeAgent, resultBatchItems } from '../../../agents/probe-agent.js';

/**
 * A probe agent in a process of its own, so a test can kill it abruptly (SIGKILL) the way a
 * crashed pod dies. Configured by environment; says `ready` on the IPC channel once subscribed.
 */
const env = process.env as Record<string, string>;
const logger = createLogger('silent');
const bus = await NatsBus.connect({ servers: env.NATS_URL!.split(','), namespace: env.BUS_NAMESPACE! }, logger);
const agent = new ProbeAgent({
  bus,
  location: env.LOCATION!,
  agentId: env.AGENT_ID!,
  concurrency: Number(env.CONCURRENCY ?? 8),
  resultBatch: { maxItems: resultBatchItems, windowMs: Number(env.RESULT_WINDOW_MS ?? 200) },
  probeOptions: { allowPrivateTargets: true },
  logger,
});
agent.start();
// The server handles one connection's commands in order: once our own echo comes back, the
// agent's earlier subscription is registered too.
const echo = `vantage.ready.${process.pid}`;
await new Promise<void>((resolve) => {
  const subscription = bus.subscribe(echo, () => void subscription.stop().then(resolve));
  void bus.publish(echo, {});
});
process.send?.('ready');
