import test from 'ava';
import { pino } from 'pino';
import { ProbeAgent } from '../../agents/probe-agent.js';
import { supportedProbeTypes } from '../../agents/probes/registry.js';
import { watchAgentCapabilities } from '../../src/api/agent-capabilities.js';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { agentCapabilitiesSubject } from '../../src/bus/subjects.js';
import { ProbeSupportTable } from '../../src/domain/probe-support-table.js';

const logger = pino({ level: 'silent' });

test('an agent announces its probe types at start and the API side records them per location', async (t) => {
  const bus = new InProcessBus(logger);
  const table = new ProbeSupportTable(60_000);
  const watching = watchAgentCapabilities(bus, table, logger);
  await bus.publish(agentCapabilitiesSubject('us-east'), { location: 'us-east', agentId: 'x', probeTypes: ['http', 'dns'], at: new Date().toISOString() });
  const agent = new ProbeAgent({ bus, location: 'eu-west', agentId: 'a-1', concurrency: 2, probeOptions: { allowPrivateTargets: true }, logger });
  agent.start();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const now = Date.now();
  t.is(table.supports('eu-west', 'ping', now), supportedProbeTypes().includes('ping'));
  t.true(table.supports('eu-west', 'tcp', now));
  t.false(table.supports('us-east', 'ping', now), 'an agent without ping makes its location lack it');
  t.true(table.supports('us-east', 'http', now));
  await agent.stop();
  await watching.stop();
  await bus.close();
});

test('a malformed announcement is ignored', async (t) => {
  const bus = new InProcessBus(logger);
  const table = new ProbeSupportTable(60_000);
  const watching = watchAgentCapabilities(bus, table, logger);
  await bus.publish(agentCapabilitiesSubject('eu-west'), { location: 'eu-west', agentId: 'x', probeTypes: ['smtp'], at: 'now' });
  await new Promise((resolve) => setTimeout(resolve, 20));
  t.true(table.supports('eu-west', 'ping', Date.now()), 'nothing recorded: still unknown, so offered');
  await watching.stop();
  await bus.close();
});
