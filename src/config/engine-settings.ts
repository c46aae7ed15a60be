import { Type } from '@sinclair/typebox';

/** Settings of the engine role. */
export const EngineSettings = Type.Object({
  VANTAGE_CLUSTER_NAME: Type.String({
    pattern: '^[a-z0-9][a-z0-9-]{0,19}$',
    default: 'vantage',
    description: 'name of this Vantage installation (lower-case letters, digits, dashes; at most 20): prefixes every NATS subject, stream, consumer, queue group and KV bucket, and cycle ids, so installations sharing one NATS share nothing',
  }),
  VANTAGE_PARTITION_LEASE_MS: Type.Integer({
    minimum: 1000,
    maximum: 120_000,
    default: 10_000,
    description:
      'milliseconds a partition lease lasts without renewal (1000 to 120000): renewed every fifth of it, its holder stops acting a fifth before its end, another engine takes it over after it',
  }),
  VANTAGE_PROBE_BATCH_SIZE: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 250,
    description: 'probe requests per NATS message at most (1 to 1000): an engine gathers the requests of each location and sends them as one batch when this many wait or the batch window ends',
  }),
  VANTAGE_PROBE_BATCH_WINDOW_MS: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 250,
    description:
      'milliseconds a probe request waits for its batch at most (1 to 1000); a test-now request leaves at once. Agents gather their results the same way (`VANTAGE_RESULT_BATCH_WINDOW_MS`)',
  }),
  VANTAGE_ENGINE_START_RATE: Type.Integer({
    minimum: 10,
    maximum: 100_000,
    default: 500,
    description:
      'checks an engine starts per second at most when many start at once (its start, a restart, taking over partitions): their first cycles are spread at this rate instead of fired together, so adopting N checks takes N / rate seconds (10 to 100000). At 2000, two engines restarted at once with 100,000 checks on 2 cores asked for 12,000 probes a second and the agents dropped most of them',
  }),
});
