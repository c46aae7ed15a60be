import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { KubeConfig } from '@kubernetes/client-node';
import { startOperator } from '../../operator/vantage-operator.js';
import { createBus } from '../bus/create-bus.js';
import { ALL_INTERFACES } from '../config/core-settings.js';
import { startOpsServer } from '../ops/ops-server.js';
import { watchRoleDependencies } from '../ops/role-dependencies.js';
import { closeStore } from '../store/orm.js';
import { openMigratedStore } from './open-migrated-store.js';
import { shutDown } from './shut-down.js';
import { parseFlags, untilSignal, UsageError, type RoleContext } from './role.js';

const SERVICE_ACCOUNT_NAMESPACE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

/** KUBECONFIG when set (kubectl's rules, several files allowed), otherwise the pod's service account. */
function loadKubeConfig(): KubeConfig {
  const kubeConfig = new KubeConfig();
  if (process.env.KUBECONFIG) kubeConfig.loadFromDefault();
  else if (process.env.KUBERNETES_SERVICE_HOST) kubeConfig.loadFromCluster();
  else throw new UsageError('no Kubernetes API to talk to: set KUBECONFIG, or run in a pod with a service account');
  return kubeConfig;
}

function operatorNamespace(configured: string | undefined): string {
  if (configured) return configured;
  return existsSync(SERVICE_ACCOUNT_NAMESPACE) ? readFileSync(SERVICE_ACCOUNT_NAMESPACE, 'utf8').trim() : 'default';
}

/**
 * The Kubernetes operator (DESIGN.md, Kubernetes): mirrors UptimeCheck, Domain and
 * MaintenanceWindow resources and rows both ways, and runs the agent Deployments, while it holds
 * the leadership Lease.
 */
export default async function operatorRole(args: string[], { settings, logger }: RoleContext): Promise<number> {
  const unknown = [...parseFlags(args).keys()];
  if (unknown.length > 0) throw new UsageError(`unknown option --${unknown[0]}`);
  const kubeConfig = loadKubeConfig();
  const store = await openMigratedStore(settings, logger);
  const bus = await createBus(settings, logger.child({ component: 'bus' }), 'vantage-operator');
  const namespace = operatorNamespace(settings.VANTAGE_OPERATOR_NAMESPACE);
  const identity = `${process.env.POD_NAME ?? hostname()}-${randomUUID().slice(0, 8)}`;
  const dependencies = watchRoleDependencies(settings, logger, { store, bus });
  const operator = await startOperator({ kubeConfig, store, bus, settings, logger, namespace, identity });
  const ops = await startOpsServer({
    host: settings.HOST ?? ALL_INTERFACES,
    port: settings.VANTAGE_OPS_PORT,
    logger,
    readiness: () => ({
      ready: operator.synced() && dependencies.allUp(),
      checks: { ...dependencies.report(), kubernetes: operator.synced() ? 'synced' : 'syncing', leader: operator.isLeader() ? 'yes' : 'no' },
    }),
  });
  const stopping = untilSignal();
  logger.info({ namespace, identity, opsPort: ops.port }, 'operator running');
  const signal = await stopping;
  logger.info({ signal }, 'stopping');
  return shutDown(logger, [
    // Leadership is given up with the informers, so another replica leads at once.
    ['operator', () => operator.stop()],
    ['dependency watch', () => dependencies.stop()],
    ['bus', () => bus.close()],
    ['database', () => closeStore(store)],
    ['ops server', () => ops.close()],
  ]);
}
