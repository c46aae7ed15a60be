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
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Bus, BusSubscription } from '../src/bus/bus.js';
import type { ChangeNotice } from '../src/bus/messages.js';
import { parseLocationList } from '../src/domain/check-options.js';
import type { Settings } from '../src/config/schema.js';
import type { Logger } from '../src/log.js';
import type { Store } from '../src/store/orm.js';
import { AgentDeployments } from './agents/agent-deployments.js';
import { DISCOVERY_KEY_PREFIX, DiscoveryController } from './discovery/discovery-controller.js';
import { agentSelector } from './agents/agent-deployment.js';
import { SupervisedInformer } from './kube/supervised-informer.js';
import { LeaseElector } from './leader/lease-elector.js';
import { isApiOrigin, workspaceIdOf, type CustomResource } from './mirror/custom-resource.js';
import { MIRRORED_KINDS as KINDS } from './mirror/kinds/registry.js';
import { NamespaceReconciler } from './mirror/namespace-reconciler.js';
import { EventRecorder } from './mirror/event-recorder.js';
import { ResourceWriter } from './mirror/resource-writer.js';
import { ROW_ID_LABEL } from './mirror/resource-name.js';
import { unplacedWorkspaces } from './mirror/unplaced-workspaces.js';
import { GROUP, VERSION } from './resources/common.js';
import { WorkQueue } from './work-queue.js';

/** Checks first: maintenance windows refer to them. */
const AGENTS_KEY = 'agents';
const namespaceKey = (namespace: string) => `namespace:${namespace}`;
/** A held-back status write of one resource; names and uids hold no colon. */
const statusKey = (plural: string, resource: CustomResource) => `status:${plural}:${resource.metadata!.namespace}:${resource.metadata!.name}:${resource.metadata!.uid}`;
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
 * `vantage operator`: watches the three kinds, namespaces and its agent Deployments on every
 * replica (so a new leader starts warm), and reconciles only while it holds the Lease.
 */
export async function startOperator(options: OperatorOptions): Promise<RunningOperator> {
  const { kubeConfig, store, bus, settings, logger, namespace, identity } = options;
  const custom = kubeConfig.makeApiClient(CustomObjectsApi);
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const apps = kubeConfig.makeApiClient(AppsV1Api);
  const coordination = kubeConfig.makeApiClient(CoordinationV1Api);
  const relistMs = RELIST_MS;

  let queue: WorkQueue;
  let discovery: DiscoveryController | undefined;
  const enqueueNamespace = (name: string) => queue?.add(namespaceKey(name));

  const namespaces = new SupervisedInformer<V1Namespace>({
    kubeConfig,
    resource: 'namespaces',
    path: '/api/v1/namespaces',
    list: () => core.listNamespace(),
    relistMs,
    logger,
    onChange: (key) => {
      enqueueNamespace(key.slice(key.indexOf('/') + 1));
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
          enqueueNamespace(key.slice(0, key.indexOf('/')));
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
    onChange: () => queue?.add(AGENTS_KEY),
  });

  const reconciler = new NamespaceReconciler({
    store,
    bus,
    writer: new ResourceWriter(custom),
    events: new EventRecorder(core, 'vantage-operator'),
    logger: logger.child({ component: 'mirror' }),
    kinds: KINDS,
    namespaces,
    resources,
    locations: parseLocationList(settings.VANTAGE_LOCATIONS),
    allowPrivateTargets: settings.VANTAGE_ALLOW_PRIVATE_TARGETS === '1',
    statusMinIntervalMs: settings.VANTAGE_OPERATOR_STATUS_SECONDS * 1000,
    holdStatus: (kind, resource, atMs) => queue.add(statusKey(kind.plural, resource), atMs),
    now: () => new Date(),
  });
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
    enqueue: (key) => queue?.add(key),
    gatewayRecheckMs: options.gatewayApiRecheckMs,
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

  queue = new WorkQueue(async (key, signal) => {
    if (key === AGENTS_KEY) return void (await agents.reconcile(signal));
    if (key.startsWith(DISCOVERY_KEY_PREFIX)) return discovery!.reconcile(key, signal);
    if (key.startsWith('status:')) {
      const [, plural, namespace, name, uid] = key.split(':');
      const kind = KINDS.find((candidate) => candidate.plural === plural);
      return void (kind && (await reconciler.writeHeldStatus(kind, namespace!, name!, uid!)));
    }
    return void (await reconciler.reconcile(key.slice(namespaceKey('').length), signal));
  }, logger.child({ component: 'queue' }));

  const informers = [namespaces, ...resources.values(), deployments];
  const synced = () => informers.every((informer) => informer.synced);
  const unplacedLogged = new Set<number>();

  /** Everything, again: every namespace that maps to a workspace or holds a resource, and the agents. */
  const resync = async () => {
    if (!synced()) return;
    const names = new Set<string>();
    for (const ns of namespaces.list()) if (workspaceIdOf(ns.metadata?.labels) !== null) names.add(ns.metadata!.name!);
    for (const informer of resources.values()) for (const resource of informer.list()) names.add(resource.metadata!.namespace!);
    for (const name of names) queue.add(namespaceKey(name));
    queue.add(AGENTS_KEY);
    discovery!.resync();
    reconciler.pruneStatusWrites();
    try {
      for (const workspaceId of await unplacedWorkspaces(store.em.fork() as EntityManager, (id) => reconciler.homeNamespace(id) !== null)) {
        if (unplacedLogged.has(workspaceId)) continue;
        unplacedLogged.add(workspaceId);
        logger.warn({ workspaceId }, `workspace ${workspaceId} has rows made through the API but no namespace labelled vantage.dev/workspace-id=${workspaceId}: they get no custom resources`);
      }
    } catch (error) {
      logger.debug({ err: error }, 'could not look for workspaces without a namespace; the next resync tries again');
    }
  };

  /** A change made through the API reaches its namespace at once instead of at the next resync. */
  const onNotice = async (_subject: string, data: unknown) => {
    const notice = data as ChangeNotice;
    const kind = KINDS.find((candidate) => candidate.notice === notice.kind);
    if (!kind) return;
    for (const resource of resources.get(kind)!.list()) {
      if (isApiOrigin(resource) && resource.metadata?.labels?.[ROW_ID_LABEL] === String(notice.id)) enqueueNamespace(resource.metadata.namespace!);
    }
    try {
      const row = await (store.em.fork() as EntityManager).findOne(kind.entity, { id: notice.id });
      const workspaceId = row?.workspace.id;
      if (workspaceId !== undefined) {
        for (const ns of namespaces.list()) if (workspaceIdOf(ns.metadata?.labels) === workspaceId) enqueueNamespace(ns.metadata!.name!);
      }
      if (kind.drivesAgents) queue.add(AGENTS_KEY);
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
      void queue.run(term);
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
