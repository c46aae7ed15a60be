import {
  ApiException,
  CoreV1Api,
  CustomObjectsApi,
  NetworkingV1Api,
  type KubeConfig,
  type KubernetesListObject,
  type KubernetesObject,
  type V1Ingress,
  type V1Namespace,
  type V1Service,
} from '@kubernetes/client-node';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../src/log.js';
import { NotificationGroup } from '../../src/store/entities/notification-group.js';
import type { Store } from '../../src/store/orm.js';
import { objectKey, SupervisedInformer } from '../kube/supervised-informer.js';
import { workspaceIdOf } from '../mirror/custom-resource.js';
import { GROUP, VERSION } from '../resources/common.js';
import { optIn, readSettings, type CheckSettings, type Refusal } from './annotations.js';
import type { RuleContext } from './check-rules.js';
import { diffResources, type DiscoveryAction } from './diff.js';
import { GatewayApiPresence } from './gateway-api.js';
import { GATEWAY_GROUP, httpRouteTargets, type Gateway, type HttpRoute } from './http-route.js';
import { ingressTargets } from './ingress.js';
import { planSource, type DiscoveredKind, type SourcePlan, type SpecResource } from './plan.js';
import { serviceTargets } from './service.js';
import { SourceEvents } from './source-events.js';
import { DISCOVERED, DISCOVERY_LABEL, isFromSource, isSourceKind, ownerReference, sourceLabels, type SourceKind, type SourceRef } from './source.js';
import type { SourceTargets } from './targets.js';
import { stateChange } from './state-change.js';

/** Work-queue keys of discovery: `discovery:<Kind>:<namespace>/<name>`. */
const DISCOVERY_KEY_PREFIX = 'discovery:';
const sourceKey = (kind: SourceKind, key: string) => `${DISCOVERY_KEY_PREFIX}${kind}:${key}`;

const PLURALS: Record<DiscoveredKind, string> = { UptimeCheck: 'uptimechecks', Domain: 'domains' };
const GATEWAY_RECHECK_MS = 60_000;

type Source = KubernetesObject;

export interface DiscoveryOptions {
  kubeConfig: KubeConfig;
  store: Store;
  logger: Logger;
  /** The operator's caches, shared: namespaces, and every UptimeCheck and Domain. */
  namespaces: SupervisedInformer<V1Namespace>;
  checks: SupervisedInformer<SpecResource>;
  domains: SupervisedInformer<SpecResource>;
  locations: readonly string[];
  allowPrivateTargets: boolean;
  relistMs: number;
  /** Queues a key on the operator's work queue (worked only while this replica leads). */
  enqueue: (key: string) => void;
  gatewayRecheckMs?: number;
}

/**
 * Kubernetes discovery (README, Kubernetes): Ingresses, HTTPRoutes and LoadBalancer Services that
 * opt in by annotation get UptimeCheck and Domain custom resources owned by them, which the mirror
 * then turns into rows. Each reconcile of a source reads the caches, plans (pure) and converges, so
 * a restart, a relist or a missed event is healed by the next reconcile and never duplicates.
 */
export class DiscoveryController {
  private readonly custom: CustomObjectsApi;
  private readonly events: SourceEvents;
  private readonly ingresses: SupervisedInformer<V1Ingress>;
  private readonly services: SupervisedInformer<V1Service>;
  private routes: SupervisedInformer<HttpRoute> | undefined;
  private gateways: SupervisedInformer<Gateway> | undefined;
  private readonly presence: GatewayApiPresence;
  /** The source each discovered resource was last reconciled for: a deleted one still finds its source. */
  private readonly sourceOfResource = new Map<string, string>();
  /** Each hand-written resource's generation last seen: only a spec change re-plans its namespace. */
  private readonly handWrittenSeen = new Map<string, number | undefined>();
  /** Each discovered check's state last seen, by uid: a change to or from down is an Event on the source. */
  private readonly states = new Map<string, string | undefined>();

  constructor(private readonly options: DiscoveryOptions) {
    const { kubeConfig, logger } = options;
    this.custom = kubeConfig.makeApiClient(CustomObjectsApi);
    const core = kubeConfig.makeApiClient(CoreV1Api);
    const networking = kubeConfig.makeApiClient(NetworkingV1Api);
    this.events = new SourceEvents(core, 'vantage-operator', logger);
    this.ingresses = this.informer('Ingress', 'ingresses', '/apis/networking.k8s.io/v1/ingresses', () => networking.listIngressForAllNamespaces());
    this.services = this.informer('Service', 'services', '/api/v1/services', () => core.listServiceForAllNamespaces());
    this.presence = new GatewayApiPresence(kubeConfig, options.gatewayRecheckMs ?? GATEWAY_RECHECK_MS, logger, (present) => this.gatewayApi(present));
  }

  private informer<T extends KubernetesObject>(kind: SourceKind | 'Gateway', resource: string, path: string, list: () => Promise<KubernetesListObject<T>>): SupervisedInformer<T> {
    return new SupervisedInformer<T>({
      kubeConfig: this.options.kubeConfig,
      resource,
      path,
      list,
      relistMs: this.options.relistMs,
      logger: this.options.logger,
      onChange: (key) => (kind === 'Gateway' ? this.enqueueRoutesOf(key) : this.options.enqueue(sourceKey(kind, key))),
    });
  }

  async start(): Promise<void> {
    await Promise.all([this.ingresses.start(), this.services.start()]);
    await this.presence.start();
  }

  async stop(): Promise<void> {
    this.presence.stop();
    await Promise.all([this.ingresses, this.services, this.routes, this.gateways].map((informer) => informer?.stop()));
  }

  /** Starts or stops route discovery as the Gateway API comes and goes. */
  private async gatewayApi(present: boolean): Promise<void> {
    if (!present) {
      await Promise.all([this.routes?.stop(), this.gateways?.stop()]);
      this.routes = this.gateways = undefined;
      return;
    }
    const list = (plural: string) => () => this.custom.listClusterCustomObject({ group: GATEWAY_GROUP, version: 'v1', plural });
    this.gateways = this.informer<Gateway>('Gateway', 'gateways', `/apis/${GATEWAY_GROUP}/v1/gateways`, list('gateways') as () => Promise<KubernetesListObject<Gateway>>);
    this.routes = this.informer<HttpRoute>('HTTPRoute', 'httproutes', `/apis/${GATEWAY_GROUP}/v1/httproutes`, list('httproutes') as () => Promise<KubernetesListObject<HttpRoute>>);
    await Promise.all([this.gateways.start(), this.routes.start()]);
  }

  private sourceInformer(kind: SourceKind): SupervisedInformer<Source> | undefined {
    const informers: Record<SourceKind, SupervisedInformer<Source> | undefined> = { Ingress: this.ingresses, Service: this.services, HTTPRoute: this.routes };
    return informers[kind];
  }

  private synced(): boolean {
    const { namespaces, checks, domains } = this.options;
    return [namespaces, checks, domains, this.ingresses, this.services, this.routes, this.gateways].every((informer) => informer === undefined || informer.synced);
  }

  /** A Gateway changed: every route that names it is planned again. */
  private enqueueRoutesOf(gatewayKey: string): void {
    const [namespace, name] = gatewayKey.split('/');
    for (const route of this.routes?.list() ?? []) {
      if ((route.spec?.parentRefs ?? []).some((parent) => parent.name === name && (parent.namespace ?? route.metadata?.namespace) === namespace)) {
        this.options.enqueue(sourceKey('HTTPRoute', objectKey(route)));
      }
    }
  }

  /** Every source in a namespace (its annotations, or a hand-written resource in it, changed). */
  onNamespaceChange(namespace: string): void {
    for (const kind of ['Ingress', 'Service', 'HTTPRoute'] as const) {
      for (const source of this.sourceInformer(kind)?.list(namespace) ?? []) this.options.enqueue(sourceKey(kind, objectKey(source)));
    }
  }

  /** An UptimeCheck or Domain changed: a discovered one re-plans its source; a hand-written one, its namespace. */
  onResourceChange(kind: string, key: string): void {
    if (kind !== 'UptimeCheck' && kind !== 'Domain') return;
    const [namespace, name] = key.split('/') as [string, string];
    const resource = (kind === 'UptimeCheck' ? this.options.checks : this.options.domains).get(namespace, name);
    const known = this.sourceOfResource.get(`${kind}/${key}`);
    if (resource?.metadata?.labels?.[DISCOVERY_LABEL.origin] === DISCOVERED) {
      const source = this.sourceOf(resource);
      if (source) this.options.enqueue(source);
      return;
    }
    if (known) {
      this.options.enqueue(known);
      // A discovered resource gone may free a target that another source of its namespace yielded.
      this.onNamespaceChange(namespace);
      return;
    }
    const generation = resource?.metadata?.generation;
    if (resource && this.handWrittenSeen.has(`${kind}/${key}`) && this.handWrittenSeen.get(`${kind}/${key}`) === generation) return;
    if (resource) this.handWrittenSeen.set(`${kind}/${key}`, generation);
    else this.handWrittenSeen.delete(`${kind}/${key}`);
    this.onNamespaceChange(namespace);
  }

  /** The queue key of the source a discovered resource names (its owner, else its labels). */
  private sourceOf(resource: SpecResource): string | undefined {
    const kind = resource.metadata?.labels?.[DISCOVERY_LABEL.sourceKind] ?? '';
    const owner = resource.metadata?.ownerReferences?.find((reference) => reference.kind === kind);
    const name = owner?.name ?? resource.metadata?.labels?.[DISCOVERY_LABEL.sourceName];
    return isSourceKind(kind) && name ? sourceKey(kind, `${resource.metadata?.namespace}/${name}`) : undefined;
  }

  /** Every source, and every source a discovered resource names (one deleted while the operator was away). */
  resync(): void {
    if (!this.synced()) return;
    const sources = (['Ingress', 'Service', 'HTTPRoute'] as const).flatMap((kind) => (this.sourceInformer(kind)?.list() ?? []).map((source) => ({ kind, source })));
    for (const { kind, source } of sources) this.options.enqueue(sourceKey(kind, objectKey(source)));
    this.events.retain(new Set(sources.map(({ source }) => source.metadata?.uid ?? '')));
    for (const resource of [...this.options.checks.list(), ...this.options.domains.list()]) {
      if (resource.metadata?.labels?.[DISCOVERY_LABEL.origin] !== DISCOVERED) continue;
      const source = this.sourceOf(resource);
      if (source) this.options.enqueue(source);
    }
    const live = new Set(this.options.checks.list().map((check) => check.metadata?.uid));
    for (const uid of this.states.keys()) if (!live.has(uid)) this.states.delete(uid);
  }

  /** Converges one source's discovered resources; asks to run again while the caches are still filling. */
  async reconcile(key: string, signal: AbortSignal): Promise<number | undefined> {
    const rest = key.slice(DISCOVERY_KEY_PREFIX.length);
    const kind = rest.slice(0, rest.indexOf(':'));
    const [namespace, name] = rest.slice(kind.length + 1).split('/') as [string, string];
    if (!isSourceKind(kind)) return undefined;
    if (!this.synced()) return Date.now() + 1000;
    const informer = this.sourceInformer(kind);
    if (!informer) return undefined;
    const object = informer.get(namespace, name);
    const live = object && !object.metadata?.deletionTimestamp ? object : undefined;
    const source: SourceRef = { kind, namespace, name, uid: live?.metadata?.uid ?? '' };
    const existing = this.discoveredOf(source);
    const plan = live ? await this.plan(source, live) : emptyPlan();
    const wantedKeys = new Set(plan.desired.map((wanted) => `${wanted.kind}/${namespace}/${wanted.name}`));
    for (const resource of existing) if (!wantedKeys.has(`${resource.kind}/${namespace}/${resource.metadata?.name}`)) this.sourceOfResource.delete(`${resource.kind}/${namespace}/${resource.metadata?.name}`);
    for (const wanted of wantedKeys) this.sourceOfResource.set(wanted, key);
    const actions = diffResources(plan.desired, existing, sourceLabels(source), ownerReference(source));
    for (const action of actions) {
      if (signal.aborted) return undefined;
      await this.apply(source, action);
    }
    if (!live) return undefined;
    await this.tell(source, plan);
    await this.tellStates(source, existing.filter((resource) => resource.kind === 'UptimeCheck'));
    return undefined;
  }

  /** The discovered resources of a source in its namespace, by their labels. */
  private discoveredOf(source: SourceRef): SpecResource[] {
    const { checks, domains } = this.options;
    const of = (kind: DiscoveredKind, informer: SupervisedInformer<SpecResource>) =>
      informer
        .list(source.namespace)
        .filter((resource) => isFromSource(resource.metadata?.labels, source))
        .map((resource) => ({ ...resource, kind }));
    return [...of('UptimeCheck', checks), ...of('Domain', domains)];
  }

  private async plan(source: SourceRef, object: Source): Promise<SourcePlan> {
    const namespace = this.options.namespaces.get('', source.namespace);
    const own = object.metadata?.annotations;
    const inherited = namespace?.metadata?.annotations;
    const opted = optIn(own, inherited);
    if ('refusal' in opted) return { ...emptyPlan(), refusals: [opted.refusal] };
    if (!opted.enabled) return emptyPlan();
    const read = readSettings(own, inherited, this.options.locations);
    if (!read.ok) return { ...emptyPlan(), refusals: read.refusals };
    const context = await this.ruleContext(namespace, read.settings);
    const { checks, domains } = this.options;
    // Written by hand, or discovered from a source that sorts before this one: of two sources that
    // serve one host (two Ingresses of one TLS host), exactly one keeps its check or Domain.
    const sourceOrder = `${source.kind}/${source.name}`;
    const prevailing = (informer: SupervisedInformer<SpecResource>) =>
      informer.list(source.namespace).filter((resource) => {
        const labels = resource.metadata?.labels ?? {};
        return labels[DISCOVERY_LABEL.origin] !== DISCOVERED || `${labels[DISCOVERY_LABEL.sourceKind]}/${labels[DISCOVERY_LABEL.sourceName]}` < sourceOrder;
      });
    return planSource(source, this.targetsOf(source.kind, object, read.settings), read.settings, context, { checks: prevailing(checks), domains: prevailing(domains) });
  }

  private targetsOf(kind: SourceKind, object: Source, settings: CheckSettings): SourceTargets {
    if (kind === 'Ingress') return ingressTargets(object as V1Ingress);
    if (kind === 'Service') return serviceTargets(object as V1Service, settings);
    return httpRouteTargets(object as HttpRoute, this.gateways?.list() ?? [], (name) => this.options.namespaces.get('', name)?.metadata?.labels);
  }

  /** What judging a check needs: the groups of the namespace's workspace, read only when a group is named. */
  private async ruleContext(namespace: V1Namespace | undefined, settings: CheckSettings): Promise<RuleContext> {
    const { locations, allowPrivateTargets, store } = this.options;
    const workspaceId = workspaceIdOf(namespace?.metadata?.labels);
    let groupIdByName: Map<string, number> | null = null;
    if (workspaceId !== null) {
      groupIdByName = new Map();
      if (settings.notificationGroups.length > 0) {
        const groups = await (store.em.fork() as EntityManager).find(NotificationGroup, { workspace: workspaceId }, { fields: ['id', 'name'] });
        for (const group of groups) groupIdByName.set(group.name, group.id);
      }
    }
    return { locations, allowPrivateTargets, groupIdByName };
  }

  private async apply(source: SourceRef, action: DiscoveryAction): Promise<void> {
    const { logger } = this.options;
    const ignore = (codes: number[]) => (error: unknown) => {
      if (!(error instanceof ApiException && codes.includes(error.code))) throw error;
    };
    if (action.do === 'delete') {
      const { kind, metadata } = action.existing as SpecResource & { kind: DiscoveredKind };
      logger.info({ source, kind, name: metadata?.name }, 'discovered resource no longer applies: deleting it');
      await this.custom
        .deleteNamespacedCustomObject({ group: GROUP, version: VERSION, plural: PLURALS[kind], namespace: source.namespace, name: metadata!.name!, body: { preconditions: { uid: metadata!.uid! } } })
        .catch(ignore([404, 409]));
      return;
    }
    const { desired } = action;
    const metadata = {
      ...(action.do === 'update' ? withoutManagedFields(action.existing.metadata) : {}),
      name: desired.name,
      namespace: source.namespace,
      labels: { ...(action.do === 'update' ? action.existing.metadata?.labels : {}), ...sourceLabels(source) },
      ownerReferences: [ownerReference(source)],
    };
    const body = { apiVersion: `${GROUP}/${VERSION}`, kind: desired.kind, metadata, spec: desired.spec };
    const target = { group: GROUP, version: VERSION, plural: PLURALS[desired.kind], namespace: source.namespace };
    if (action.do === 'create') {
      logger.info({ source, kind: desired.kind, name: desired.name, target: desired.target }, 'discovered: creating its resource');
      await this.custom.createNamespacedCustomObject({ ...target, body }).catch(ignore([409]));
    } else {
      logger.info({ source, kind: desired.kind, name: desired.name }, 'discovered resource differs from its source: putting it back');
      await this.custom.replaceNamespacedCustomObject({ ...target, name: desired.name, body });
    }
  }

  /** The plan's news, as Events on the source, each told when it starts or changes. */
  private async tell(source: SourceRef, plan: SourcePlan): Promise<void> {
    const refusals = plan.refusals.map((refusal: Refusal) => `annotation ${refusal.annotation}: ${refusal.rule}`);
    await this.events.state(source, 'Warning', 'InvalidAnnotation', refusals.length > 0 ? `no check is made: ${refusals.join('; ')}` : null);
    await this.events.state(source, 'Warning', 'TargetRefused', plan.problems.length > 0 ? `left out: ${plan.problems.join('; ')}` : null);
    await this.events.state(source, 'Normal', 'HandWrittenCheckWins', plan.yielded.length > 0 ? `no discovered resource where one is written by hand: ${plan.yielded.join('; ')}` : null);
  }

  /** A discovered check that went down, or came back up, is told on its source. */
  private async tellStates(source: SourceRef, checks: readonly SpecResource[]): Promise<void> {
    for (const check of checks) {
      const uid = check.metadata!.uid!;
      const state = check.status?.state as string | undefined;
      const change = stateChange(this.states.get(uid), state, this.states.has(uid));
      this.states.set(uid, state);
      if (change === null) continue;
      const what = `UptimeCheck ${check.metadata?.name} (${String(check.spec?.name ?? '')})`;
      if (change === 'down') await this.events.tell(source, 'Warning', 'CheckDown', `${what} is down`);
      else await this.events.tell(source, 'Normal', 'CheckRecovered', `${what} is up again`);
    }
  }
}

const emptyPlan = (): SourcePlan => ({ desired: [], refusals: [], problems: [], yielded: [] });

function withoutManagedFields(metadata: SpecResource['metadata']): Record<string, unknown> {
  const { managedFields: _managedFields, ...rest } = metadata ?? {};
  return rest;
}
