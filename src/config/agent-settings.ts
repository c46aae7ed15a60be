import { Type } from '@sinclair/typebox';

/** Settings of the probe agent. */
export const AgentSettings = Type.Object({
  VANTAGE_AGENT_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 10000, default: 256, description: 'probes in flight per agent, 1 to 10000' }),
  VANTAGE_DNS_RESOLVER: Type.Optional(
    Type.String({ pattern: '^[0-9a-fA-F.:\\[\\]]+$', description: 'resolver address for DNS checks, ip or ip:port' }),
  ),
});
