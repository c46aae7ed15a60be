import { createHash } from 'node:crypto';
import type { V1ConfigMap, V1Deployment } from '@kubernetes/client-node';
import type { AgentTemplate, Placement } from './agent-template.js';

export const AGENT_LABELS = { 'app.kubernetes.io/name': 'vantage-agent', 'app.kubernetes.io/managed-by': 'vantage-operator' } as const;
export const LOCATION_LABEL = 'vantage.dev/location';
/** Hash of what the operator wants the Deployment to be: compared instead of the live object, which the API server fills in. */
export const TEMPLATE_HASH_ANNOTATION = 'vantage.dev/template-hash';
export const agentSelector = Object.entries(AGENT_LABELS).map(([key, value]) => `${key}=${value}`).join(',');

export const agentDeploymentName = (location: string): string => `vantage-agent-${location}`.slice(0, 63).replace(/-+$/, '');

function placementFor(location: string, template: AgentTemplate): Placement {
  return { ...(template.placement?.default ?? {}), ...(template.placement?.locations?.[location] ?? {}) };
}

/** The Deployment of one location's agents: the template's pod, the location's placement, owned by the template ConfigMap. */
export function agentDeployment(location: string, replicas: number, template: AgentTemplate, owner: V1ConfigMap): V1Deployment {
  const labels = { ...AGENT_LABELS, [LOCATION_LABEL]: location };
  const podSpec = template.podTemplate.spec as Record<string, unknown> & { containers?: Record<string, unknown>[] };
  const containers = (podSpec.containers ?? [{ name: 'agent' }]).map((container, index) =>
    index === 0
      ? {
          ...container,
          args: ['agent', '--location', location],
          env: [...((container.env as Record<string, unknown>[] | undefined) ?? []).filter((e) => e.name !== 'VANTAGE_LOCATIONS'), { name: 'VANTAGE_LOCATIONS', value: location }],
        }
      : container,
  );
  const podMetadata = (template.podTemplate.metadata ?? {}) as { labels?: Record<string, string>; annotations?: Record<string, string> };
  const spec = {
    replicas,
    selector: { matchLabels: labels },
    template: {
      metadata: { ...podMetadata, labels: { ...(podMetadata.labels ?? {}), ...labels } },
      spec: { ...podSpec, ...placementFor(location, template), containers },
    },
  };
  const hash = createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 16);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      name: agentDeploymentName(location),
      namespace: owner.metadata!.namespace!,
      labels,
      annotations: { [TEMPLATE_HASH_ANNOTATION]: hash },
      ownerReferences: [
        { apiVersion: 'v1', kind: 'ConfigMap', name: owner.metadata!.name!, uid: owner.metadata!.uid!, controller: true, blockOwnerDeletion: true },
      ],
    },
    // The pod spec comes from the template as plain JSON; the API server validates it on apply.
    spec: spec as unknown as V1Deployment['spec'],
  };
}
