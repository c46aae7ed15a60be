import { randomBytes } from 'node:crypto';
import test from 'ava';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { NatsKvPartitionLeases } from '../../src/engine/nats-kv-leases.js';
import type { PartitionListener } from '../../src/engine/partition-leases.js';
import { createLogger } from '../../src/log.js';
import { until } from './helpers.js';

const natsUrl = process.env.NATS_URL;
const withNats = natsUrl ? test : test.skip;

/** Records what a replica owns, and fails the test if two replicas ever own one partition at once. */
function recorder(name: string, owners: Map<number, string>, overlaps: string[]): PartitionListener & { owned: Set<number> } {
  const owned = new Set<number>();
  return {
    owned,
    acquired: async (partitions) => {
      for (const p of partitions) {
        if (owners.has(p)) overlaps.push(`${name} took ${p} while ${owners.get(p)} held it`);
        owners.set(p, name);
        owned.add(p);
      }
    },
    lost: async (partitions) => {
      for (const p of partitions) {
        if (owners.get(p) === name) owners.delete(p);
        owned.delete(p);
      }
    },
  };
}

withNats('replicas share the partitions fairly, and a stopping replica hands its partitions over', async (t) => {
  const clusterName = `l${randomBytes(5).toString('hex')}`;
  const logger = createLogger('silent');
  const options = { servers: natsUrl!.split(','), clusterName, partitions: 8, logger, leaseMs: 1_500 };
  const owners = new Map<number, string>();
  const overlaps: string[] = [];
  const first = new NatsKvPartitionLeases(options);
  const second = new NatsKvPartitionLeases(options);
  const a = recorder('a', owners, overlaps);
  const b = recorder('b', owners, overlaps);
  t.teardown(async () => {
    await first.stop().catch(() => undefined);
    await second.stop().catch(() => undefined);
    const nc = await connect({ servers: natsUrl!.split(',') });
    await (await new Kvm(nc).open(first.bucketName)).destroy().catch(() => undefined);
    await nc.close();
  });

  await first.start(a);
  t.is(a.owned.size, 8, 'alone, a replica takes every partition');
  await second.start(b);
  await until('an even split', async () => a.owned.size === 4 && b.owned.size === 4, 10_000);
  await first.stop();
  await until('the survivor to take everything', async () => b.owned.size === 8, 10_000);
  t.deepEqual(overlaps, [], 'no partition was ever owned twice');
});
