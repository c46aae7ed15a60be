import { createBus } from '../bus/create-bus.js';
import { NatsKvPartitionLeases } from '../engine/nats-kv-leases.js';
import { OwnAllPartitions } from '../engine/partition-leases.js';
import { startOpsServer } from '../ops/ops-server.js';
import { watchRoleDependencies } from '../ops/role-dependencies.js';
import { closeStore } from '../store/orm.js';
import { openMigratedStore } from './open-migrated-store.js';
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
  const store = await openMigratedStore(settings, logger);
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
  const dependencies = watchRoleDependencies(settings, logger, { store, bus });
  const monitoring = await startMonitoring({ settings, logger, store, bus, partitions });
  const ops = await startOpsServer({
    host: settings.HOST,
    port: settings.VANTAGE_OPS_PORT,
    logger,
    readiness: () => ({ ready: dependencies.allUp(), checks: dependencies.report() }),
  });
  logger.info({ partitions: settings.VANTAGE_PARTITIONS, cluster: settings.VANTAGE_CLUSTER_NAME, opsPort: ops.port }, 'engine running');
  const signal = await untilSignal();
  logger.info({ signal }, 'stopping');
  return shutDown(logger, [
    // Actors stop, buffered runs are written, leases are released so the other replicas take over at once.
    ['monitoring', () => monitoring.stop()],
    ['dependency watch', () => dependencies.stop()],
    ['bus', () => bus.close()],
    ['database', () => closeStore(store)],
    ['ops server', () => ops.close()],
  ]);
}
