import { Type } from '@sinclair/typebox';

/** Settings of the probe agent. */
export const AgentSettings = Type.Object({
  VANTAGE_AGENT_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 10000, default: 256, description: 'probes in flight per agent, 1 to 10000' }),
  VANTAGE_AGENT_MAX_WAITING: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 50_000,
    description:
      'probe requests an agent holds waiting for a free slot (1 to 1000000): a burst is worked off over the rest of each cycle; a request that would wait past its deadline (the line over the concurrency times the mean probe time), or finds the line full, is refused at once, counted dropped, and its run says why',
  }),
  VANTAGE_RESULT_BATCH_WINDOW_MS: Type.Integer({
    minimum: 1,
    maximum: 5000,
    default: 2000,
    description:
      'milliseconds a probe result waits for its batch at most (1 to 5000): an agent gathers the results of each engine partition and publishes them as one durable message when 250 wait or the window ends; a test-now result, or one whose cycle closes within two windows, leaves at once. Longer windows mean fewer, larger messages for NATS and the engines, and runs that close up to that much later',
  }),
  VANTAGE_DNS_RESOLVER: Type.Optional(
    Type.String({
      pattern: '^[0-9a-fA-F.:\\[\\]]+$',
      description:
        'DNS server the probes ask, ip or ip:port: the queries of DNS checks, and the host names of HTTP, TCP, ping checks and domains that the hosts file does not list; unset: the servers of /etc/resolv.conf. Notifications use the system resolver',
    }),
  ),
  VANTAGE_HOSTS_FILE: Type.String({
    minLength: 1,
    default: '/etc/hosts',
    description:
      'hosts file asked before DNS (re-read when it changes) for the host names of checks, domains and notification destinations; the private-address rule applies to its answers too',
  }),
});
