import { Value } from '@sinclair/typebox/value';
import type { Bus, BusSubscription } from '../bus/bus.js';
import { AgentCapabilities } from '../bus/messages.js';
import { agentCapabilitiesFilter } from '../bus/subjects.js';
import type { ProbeSupportTable } from '../domain/probe-support-table.js';
import type { Logger } from '../log.js';

/** Keeps the table of what each location's agents can run from their announcements on the bus. */
export function watchAgentCapabilities(bus: Bus, table: ProbeSupportTable, logger: Logger): BusSubscription {
  return bus.subscribe(agentCapabilitiesFilter, (_subject, data) => {
    if (!Value.Check(AgentCapabilities, data)) {
      logger.warn('ignored a malformed agent capabilities announcement');
      return;
    }
    // Time of receipt, not the agent's `at`: the agents' clocks may disagree with ours.
    table.record(data.location, data.agentId, data.probeTypes, Date.now());
  });
}
