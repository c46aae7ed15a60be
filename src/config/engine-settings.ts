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
});
