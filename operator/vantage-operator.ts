import {
  AppsV1Api,
  CoordinationV1Api,
  CoreV1Api,
  CustomObjectsApi,
  type KubeConfig,
  type KubernetesListObject,
  type V1Deployment,
  type V1Namespace,
} from '@kubernetes/client-node';
import type { Bus, BusSubscription } from '../src/bus/bus.js';
import type { ChangeNotice } from '../src/bus/messages.js';
import { parseLocationList } from '../src/domain/check-options.js';
import type { Settings } from '../src/config/schema.js';
import type { Logger } from '../src/log.js';
import type { Store } from '../src/store/orm.js';
import { AgentDeployments } from './agents/agent-deployments.js';
import { agentSelector } from './agents/agent-deployment.js';
import { SupervisedInformer } from './kube/supervised-informer.js';
import { DiscoveryController } from './discovery/discovery-controller.js';
import { LeaseElector } from './leader/lease-elector.js';
import type { CustomResource } from './mirror/custom-resource.js';
import { MIRRORED_KINDS as KINDS } from './mirror/kinds/registry.js';
import { EventRecorder } from './mirror/event-recorder.js';
import { Mirror } from './mirror/mirror.js';
import { MirrorCaches } from './mirror/mirror-caches.js';
import { ResourceWriter } from './mirror/resource-writer.js';
import { GROUP, VERSION } from './resources/common.js';
import { WorkQueue } from './work-queue.js';

const AGENTS_KEY = 'agents';
/** A full relist of every watch at this interval heals events a watch missed without an error. */
const RELIST_MS = 5 * 60_000;

export interface OperatorOptions {
  kubeConfig: KubeConfig;
  store: Store;
  bus: Bus;
  settings: Settings;
  logger: Logger;
  /** The operator's own namespace: Lease, agent Deployments, agent template. */
  namespace: string;
  /** This replica's name in the Lease. */
  identity: string;
  /** How often discovery asks whether the cluster serves the Gateway API (default a minute). */
  gatewayApiRecheckMs?: number;
}

export interface RunningOperator {
  isLeader(): boolean;
  /** True once every watch has listed once. */
  synced(): boolean;
  stop(): Promise<void>;
}

/**
 * `vantage operator`: watches the registry's kinds, namespaces and its agent Deployments on every
 * replica (so a new leader starts warm), and reconciles only while it holds the Lease.
 */
export async function startOperator(options: OperatorOptions): Promise<RunningOperator> {
  const { kubeConfig, store, bus, settings, logger, namespace, identity } = options;
  const custom = kubeConfig.makeApiClient(CustomObjectsApi);
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const apps = kubeConfig.makeApiClient(AppsV1Api);
  const coordination = kubeConfig.makeApiClient(CoordinationV1Api);
  const relistMs = RELIST_MS;

  // Watch events before these exist (the informers start later) find nothing to enqueue yet.
  let mirror: Mirror;
  let agentQueue: WorkQueue;
  let discovery: DiscoveryController | undefined;
  let discoveryQueue: WorkQueue;

  const namespaces = new SupervisedInformer<V1Namespace>({
    kubeConfig,
    resource: 'namespaces',
    path: '/api/v1/namespaces',
    list: () => core.listNamespace(),
    relistMs,
    logger,
    onChange: (key) => {
      mirror?.namespaceChanged(key.slice(key.indexOf('/') + 1));
      discovery?.onNamespaceChange(key.slice(key.indexOf('/') + 1));
    },
  });
  const resources = new Map(
    KINDS.map((kind) => [
      kind,
      new SupervisedInformer<CustomResource>({
        kubeConfig,
        resource: kind.plural,
        path: `/apis/${GROUP}/${VERSION}/${kind.plural}`,
        list: () => custom.listClusterCustomObject({ group: GROUP, version: VERSION, plural: kind.plural }) as Promise<KubernetesListObject<CustomResource>>,
        relistMs,
        logger,
        onChange: (key) => {
          mirror?.resourceChanged(kind, key);
          discovery?.onResourceChange(kind.kind, key);
        },
      }),
    ]),
  );
  const deployments = new SupervisedInformer<V1Deployment>({
    kubeConfig,
    resource: 'deployments',
    path: `/apis/apps/v1/namespaces/${namespace}/deployments`,
    list: () => apps.listNamespacedDeployment({ namespace, labelSelector: agentSelector }),
    labelSelector: agentSelector,
    relistMs,
    logger,
    onChange: () => agentQueue?.add(AGENTS_KEY),
  });

  const caches = new MirrorCaches(namespaces, resources);
  mirror = new Mirror({
    store,
    bus,
    writer: new ResourceWriter(custom),
    events: new EventRecorder(core, 'vantage-operator'),
    logger: logger.child({ component: 'mirror' }),
    kinds: KINDS,
    caches,
    locations: parseLocationList(settings.VANTAGE_LOCATIONS),
    allowPrivateTargets: settings.VANTAGE_ALLOW_PRIVATE_TARGETS === '1',
    statusMinIntervalMs: settings.VANTAGE_OPERATOR_STATUS_SECONDS * 1000,
    now: () => new Date(),
  });
  const agents = new AgentDeployments({
    store,
    apps,
    core,
    namespace,
    templateName: settings.VANTAGE_OPERATOR_AGENT_TEMPLATE,
    deployments,
    logger: logger.child({ component: 'agents' }),
  });
  agentQueue = new WorkQueue(async (_key, signal) => void (await agents.reconcile(signal)), logger.child({ component: 'queue', controller: 'agents' }));
  const informerOf = (kind: string) => [...resources].find(([candidate]) => candidate.kind === kind)![1];
  discovery = new DiscoveryController({
    kubeConfig,
    store,
    logger: logger.child({ component: 'discovery' }),
    namespaces,
    checks: informerOf('UptimeCheck'),
    domains: informerOf('Domain'),
    locations: parseLocationList(settings.VANTAGE_LOCATIONS),
    allowPrivateTargets: settings.VANTAGE_ALLOW_PRIVATE_TARGETS === '1',
    relistMs,
    enqueue: (key) => discoveryQueue?.add(key),
    gatewayRecheckMs: options.gatewayApiRecheckMs,
  });
  discoveryQueue = new WorkQueue((key, signal) => discovery!.reconcile(key, signal), logger.child({ component: 'queue', controller: 'discovery' }));

  const informers = [namespaces, ...resources.values(), deployments];
  const synced = () => informers.every((informer) => informer.synced);

  /** Everything, again: every resource and every row whose resource is missing, and the agents. */
  const resync = async () => {
    if (!synced()) return;
    agentQueue.add(AGENTS_KEY);
    discovery!.resync();
    try {
      await mirror.resync();
    } catch (error) {
      logger.debug({ err: error }, 'could not look for rows without their custom resource; the next resync tries again');
    }
  };

  /** A change made through the API reaches its keys at once instead of at the next resync. */
  const onNotice = async (_subject: string, data: unknown) => {
    const notice = data as ChangeNotice;
    if (KINDS.some((kind) => kind.notice === notice.kind && kind.drivesAgents)) agentQueue.add(AGENTS_KEY);
    try {
      await mirror.noticed(notice);
    } catch (error) {
      logger.debug({ err: error, notice }, 'could not place a change notice; the next resync covers it');
    }
  };
  let noticeSubscription: BusSubscription | undefined;
  let resyncTimer: NodeJS.Timeout | undefined;

  const elector = new LeaseElector({
    api: coordination,
    namespace,
    name: `${settings.VANTAGE_CLUSTER_NAME}-operator`,
    identity,
    durationSeconds: settings.VANTAGE_OPERATOR_LEASE_SECONDS,
    logger: logger.child({ component: 'leader' }),
    onLeading: (term) => {
      noticeSubscription = bus.subscribe('vantage.changes.>', onNotice);
      const tick = () => {
        void resync();
        resyncTimer = setTimeout(tick, settings.VANTAGE_OPERATOR_RESYNC_SECONDS * 1000);
      };
      void Promise.all(informers.map((informer) => informer.waitForSync(term))).then(tick);
      term.addEventListener('abort', () => {
        clearTimeout(resyncTimer);
        void noticeSubscription?.stop();
      });
      void agentQueue.run(term);
      void mirror.run(term);
      void discoveryQueue.run(term);
    },
  });

  await Promise.all(informers.map((informer) => informer.start()));
  await discovery.start();
  elector.start();
  logger.info({ namespace, identity }, 'operator watching; contending for leadership');

  return {
    isLeader: () => elector.isLeader(),
    synced,
    stop: async () => {
      await elector.stop();
      clearTimeout(resyncTimer);
      await noticeSubscription?.stop();
      await Promise.all(informers.map((informer) => informer.stop()));
      await discovery!.stop();
    },
  };
}
