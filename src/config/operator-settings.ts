import { Type } from '@sinclair/typebox';

const DnsLabel = '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$';

/** Settings of the operator role (DESIGN.md, Kubernetes). The kubeconfig comes from KUBECONFIG or the pod's service account. */
export const OperatorSettings = Type.Object({
  VANTAGE_OPERATOR_NAMESPACE: Type.Optional(
    Type.String({
      pattern: DnsLabel,
      description: "namespace of the operator's Lease, agent Deployments and agent template; unset: the pod's namespace, else default",
    }),
  ),
  VANTAGE_OPERATOR_AGENT_TEMPLATE: Type.String({
    pattern: DnsLabel,
    default: 'vantage-agent-template',
    description: 'ConfigMap (key agent-template.json) the agent Deployments are made from; it owns them',
  }),
  VANTAGE_OPERATOR_LEASE_SECONDS: Type.Integer({
    minimum: 2,
    maximum: 300,
    default: 15,
    description: 'seconds a leadership Lease lasts without renewal; the leader renews every third of it and stops acting after two thirds without a renewal',
  }),
  VANTAGE_OPERATOR_STATUS_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 3600,
    default: 60,
    description: 'least seconds between two status writes of one custom resource when only its last run time changed; state, incident and condition changes are written at once',
  }),
  VANTAGE_OPERATOR_RESYNC_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 3600,
    default: 10,
    description: 'seconds between two passes that compare every row with its custom resource (status, API-made rows, orphans)',
  }),
});
