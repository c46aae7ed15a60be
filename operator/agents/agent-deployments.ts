import { ApiException, PatchStrategy, setHeaderOptions, type AppsV1Api, type CoreV1Api, type V1Deployment } from '@kubernetes/client-node';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../src/log.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import type { Store } from '../../src/store/orm.js';
import type { SupervisedInformer } from '../kube/supervised-informer.js';
import { agentDeployment, LOCATION_LABEL, TEMPLATE_HASH_ANNOTATION } from './agent-deployment.js';
import { agentReplicasByLocation } from './agent-plan.js';
import { parseAgentTemplate } from './agent-template.js';

const applyPatch = setHeaderOptions('Content-Type', PatchStrategy.ServerSideApply);
const FIELD_MANAGER = 'vantage-operator';

export interface AgentDeploymentsOptions {
  store: Store;
  apps: AppsV1Api;
  core: CoreV1Api;
  namespace: string;
  templateName: string;
  deployments: SupervisedInformer<V1Deployment>;
  logger: Logger;
}

/**
 * One agent Deployment per location that unpaused checks use, sized from the probe rate there;
 * a location no check uses any more loses its Deployment. Compares what it wants (by hash) with
 * the cached Deployments, so a pass with nothing to change writes nothing.
 */
export class AgentDeployments {
  private lastComplaint: string | undefined;

  constructor(private readonly options: AgentDeploymentsOptions) {}

  async reconcile(signal: AbortSignal): Promise<void> {
    const { core, apps, namespace, templateName, deployments, store } = this.options;
    let configMap;
    try {
      configMap = await core.readNamespacedConfigMap({ name: templateName, namespace });
    } catch (error) {
      if (error instanceof ApiException && error.code === 404) return this.complain(`the ConfigMap ${namespace}/${templateName} does not exist: no agent Deployments are managed`);
      throw error;
    }
    const parsed = parseAgentTemplate(configMap.data);
    if (!parsed.ok) return this.complain(`the ConfigMap ${namespace}/${templateName} is not a usable agent template (${parsed.reason}): agent Deployments are left as they are`);
    this.lastComplaint = undefined;
    const em = store.em.fork() as EntityManager;
    const checks = await em.find(UptimeCheck, { paused: false }, { fields: ['triggerLocations', 'checkFrequency'] });
    const plan = agentReplicasByLocation(checks, parsed.template);
    for (const [location, replicas] of plan) {
      if (signal.aborted) return;
      const desired = agentDeployment(location, replicas, parsed.template, configMap);
      const current = deployments.get(namespace, desired.metadata!.name!);
      const same = current?.metadata?.annotations?.[TEMPLATE_HASH_ANNOTATION] === desired.metadata!.annotations![TEMPLATE_HASH_ANNOTATION];
      if (same) continue;
      await apps.patchNamespacedDeployment({ name: desired.metadata!.name!, namespace, body: desired, fieldManager: FIELD_MANAGER, force: true }, applyPatch);
      this.options.logger.info({ location, replicas }, current ? 'agent Deployment updated' : 'agent Deployment created');
    }
    for (const deployment of deployments.list(namespace)) {
      const location = deployment.metadata?.labels?.[LOCATION_LABEL];
      if (signal.aborted || !location || plan.has(location) || deployment.metadata?.deletionTimestamp) continue;
      await apps.deleteNamespacedDeployment({ name: deployment.metadata!.name!, namespace });
      this.options.logger.info({ location }, 'no check uses this location any more: agent Deployment deleted');
    }
  }

  /** Says a configuration problem once, not on every pass. */
  private complain(message: string): void {
    if (this.lastComplaint === message) return;
    this.lastComplaint = message;
    this.options.logger.warn(message);
  }
}
