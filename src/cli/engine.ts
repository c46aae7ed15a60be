import { createBus } from '../bus/create-bus.js';
import { NatsKvPartitionLeases } from '../engine/nats-kv-leases.js';
import { OwnAllPartitions } from '../engine/partition-leases.js';
import { ALL_INTERFACES } from '../config/core-settings.js';
import type { DependencyWatch } from '../ops/dependency-watch.js';
import { readinessOf, startOpsServer } from '../ops/ops-server.js';
import { watchRoleDependencies } from '../ops/role-dependencies.js';
import { closeStore } from '../store/orm.js';
import { waitForMigratedStore } from './open-migrated-store.js';
import { parseFlags, untilSignal, UsageError, type RoleContext } from './role.js';
import { shutDown } from './shut-down.js';
import { startMonitoring } from './start-monitoring.js';

/**
 * The check engine, the domain certificate monitor and the notification dispatcher. With NATS_URL
 * set, replicas lease partitions of the checks in a NATS KV bucket and share them; without it,
 * this process runs every check.
 */
export default async function engineRole(args: string[], { settings, logger }: RoleContext): Promise<number> {
  const unknown = [...parseFlags(args).keys()];
  if (unknown.length > 0) throw new UsageError(`unknown option --${unknown[0]}`);
  // Health first: while the database or NATS is waited for at start, /healthz answers and /readyz says why not ready.
  let dependencies: DependencyWatch | null = null;
  const ops = await startOpsServer({
    host: settings.HOST ?? ALL_INTERFACES,
    port: settings.VANTAGE_OPS_PORT,
    logger,
    readiness: () => readinessOf(dependencies),
  });
  const store = await waitForMigratedStore(settings, logger);
  const bus = await createBus(settings, logger.child({ component: 'bus' }), 'vantage-engine');
  const partitions = settings.NATS_URL
    ? new NatsKvPartitionLeases({
        servers: settings.NATS_URL.split(','),
        clusterName: settings.VANTAGE_CLUSTER_NAME,
        partitions: settings.VANTAGE_PARTITIONS,
        leaseMs: settings.VANTAGE_PARTITION_LEASE_MS,
        logger: logger.child({ component: 'partition-leases' }),
      })
    : new OwnAllPartitions(settings.VANTAGE_PARTITIONS);
  const watch = watchRoleDependencies(settings, logger, { store, bus });
  dependencies = watch;
  const monitoring = await startMonitoring({ settings, logger, store, bus, partitions });
  const stopping = untilSignal();
  logger.info({ partitions: settings.VANTAGE_PARTITIONS, cluster: settings.VANTAGE_CLUSTER_NAME, opsPort: ops.port }, 'engine running');
  const signal = await stopping;
  logger.info({ signal }, 'stopping');
  return shutDown(logger, [
    // Actors stop, buffered runs are written, leases are released so the other replicas take over at once.
    ['monitoring', () => monitoring.stop()],
    ['dependency watch', () => watch.stop()],
    ['bus', () => bus.close()],
    ['database', () => closeStore(store)],
    ['ops server', () => ops.close()],
  ]);
}
