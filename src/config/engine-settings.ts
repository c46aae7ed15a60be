import { Type } from '@sinclair/typebox';

/** Settings of the engine role. */
export const EngineSettings = Type.Object({
  VANTAGE_CLUSTER_NAME: Type.String({
    pattern: '^[a-z0-9][a-z0-9-]{0,19}$',
    default: 'vantage',
    description: 'name of this Vantage installation (lower-case letters, digits, dashes; at most 20): prefixes every NATS subject, stream, consumer, queue group and KV bucket, and cycle ids, so installations sharing one NATS share nothing',
  }),
});
