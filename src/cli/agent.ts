import { hostname } from 'node:os';
import { ProbeAgent, resultBatchItems } from '../../agents/probe-agent.js';
import { closePingSockets, pingSocketKind } from '../../agents/probes/ping.js';
import { createBus } from '../bus/create-bus.js';
import { componentLogger } from '../log.js';
import { ALL_INTERFACES } from '../config/core-settings.js';
import type { DependencyWatch } from '../ops/dependency-watch.js';
import { readinessOf, startOpsServer } from '../ops/ops-server.js';
import { watchRoleDependencies } from '../ops/role-dependencies.js';
import { parseFlags, untilSignal, UsageError, type Role } from './role.js';
import { shutDown, shutdownBoundMs } from './shut-down.js';
import { probeOptionsFrom } from './start-agents.js';

const usage = 'usage: vantage agent --location ID [--id AGENT_ID]';
const knownFlags = new Set(['location', 'id']);

/** `vantage agent --location ID [--id AGENT_ID]`: a stateless prober for one location. */
const agent: Role = async (args, { settings, logger }) => {
  const flags = parseFlags(args);
  for (const flag of flags.keys()) if (!knownFlags.has(flag)) throw new UsageError(`unknown option --${flag}; ${usage}`);
  const location = flags.get('location');
  if (location === undefined || location === 'true') throw new UsageError(`missing --location; ${usage}`);
  if (!/^[a-z0-9-]+$/.test(location)) throw new UsageError(`--location "${location}" must be lower-case letters, digits and dashes`);
  const agentId = flags.get('id') ?? `${hostname()}-${process.pid}`;

  const log = componentLogger(logger, 'agent', 'probe-agent');
  if (!settings.NATS_URL) log.warn('NATS_URL is not set: this agent uses an in-process bus and will receive no requests');
  // Health first: while NATS is waited for at start, /healthz answers and /readyz says why not ready.
  let dependencies: DependencyWatch | null = null;
  const ops = await startOpsServer({
    host: settings.HOST ?? ALL_INTERFACES,
    port: settings.VANTAGE_OPS_PORT,
    logger: log,
    readiness: () => readinessOf(dependencies),
  });
  const bus = await createBus(settings, log, `vantage-agent-${location}-${agentId}`);
  const probeAgent = new ProbeAgent({
    bus,
    location,
    agentId,
    concurrency: settings.VANTAGE_AGENT_CONCURRENCY,
    maxWaiting: settings.VANTAGE_AGENT_MAX_WAITING,
    resultBatch: { maxItems: resultBatchItems, windowMs: settings.VANTAGE_RESULT_BATCH_WINDOW_MS },
    probeOptions: probeOptionsFrom(settings, log),
    logger: log,
  });
  probeAgent.start();
  const watch = watchRoleDependencies(settings, log, { bus });
  dependencies = watch;
  // Which ICMP socket ping uses (raw, datagram, or none: ping unsupported) is what a pod's privileges decide.
  const stopping = untilSignal();
  log.info({ location, agentId, opsPort: ops.port, pingSocket: pingSocketKind() ?? 'none' }, 'agent running');
  const signal = await stopping;
  log.info({ signal }, 'stopping');
  return shutDown(log, [
    // No new requests; probes in flight finish and answer (the rest are abandoned, never answered as down).
    ['probe agent', () => probeAgent.stop(shutdownBoundMs / 2)],
    ['ping sockets', () => closePingSockets()],
    ['dependency watch', () => watch.stop()],
    ['bus', () => bus.close()],
    ['ops server', () => ops.close()],
  ]);
};

export default agent;
