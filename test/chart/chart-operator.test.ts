import test from 'ava';
import { agentDeployment } from '../../operator/agents/agent-deployment.js';
import { parseAgentTemplate } from '../../operator/agents/agent-template.js';
import { find, render as renderChart } from './helpers/chart.js';

const render = (...sets: string[]) => renderChart({ sets });

test('the chart runs the operator with its own least-privilege RBAC and no static agent Deployments', async (t) => {
  const objects = await render();
  const deployments = objects.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name).sort();
  t.deepEqual(deployments, ['vantage-vantage-api', 'vantage-vantage-engine', 'vantage-vantage-operator']);
  const operator = find(objects, 'Deployment', 'vantage-vantage-operator');
  const pod = operator.spec.template.spec;
  t.is(pod.serviceAccountName, 'vantage-vantage-operator');
  t.deepEqual(pod.containers[0].args, ['operator']);
  const env = Object.fromEntries(pod.containers[0].env.map((e: any) => [e.name, e.value ?? e.valueFrom]));
  t.deepEqual(env.VANTAGE_OPERATOR_NAMESPACE, { fieldRef: { fieldPath: 'metadata.namespace' } });
  t.is(env.VANTAGE_OPERATOR_AGENT_TEMPLATE, 'vantage-vantage-agent-template');

  const clusterRole = find(objects, 'ClusterRole', 'vantage-vantage-operator');
  const namespaces = clusterRole.rules.find((rule: any) => rule.resources.includes('namespaces'));
  t.deepEqual(namespaces.verbs, ['get', 'list', 'watch'], 'namespaces are read-only');
  const readOnly = (group: string, resource: string) =>
    clusterRole.rules.filter((rule: any) => rule.apiGroups.includes(group) && rule.resources.includes(resource)).flatMap((rule: any) => rule.verbs).sort();
  for (const [group, resource] of [['', 'services'], ['networking.k8s.io', 'ingresses'], ['gateway.networking.k8s.io', 'gateways'], ['gateway.networking.k8s.io', 'httproutes']]) {
    t.deepEqual(readOnly(group!, resource!), ['get', 'list', 'watch'], `discovery reads ${resource} and writes none`);
  }
  t.false(clusterRole.rules.some((rule: any) => rule.resources.includes('deployments') || rule.resources.includes('*') || rule.verbs.includes('*')));
  const role = find(objects, 'Role', 'vantage-vantage-operator');
  t.deepEqual(role.rules.map((rule: any) => rule.resources[0]).sort(), ['configmaps', 'deployments', 'leases']);
  t.is(find(objects, 'RoleBinding', 'vantage-vantage-operator').subjects[0].namespace, 'monitoring');
});

test('the rendered agent template is one the operator reads, with per-location placement', async (t) => {
  const objects = await render(
    'agents.locations[0].id=eu-west',
    'agents.locations[0].nodeSelector.topology\\.kubernetes\\.io/region=eu-west-1',
    'agents.locations[1].id=us-east',
    'agents.placement.tolerations[0].key=probes',
    'agents.placement.tolerations[0].operator=Exists',
  );
  const configMap = find(objects, 'ConfigMap', 'vantage-vantage-agent-template');
  const parsed = parseAgentTemplate(configMap.data);
  if (!parsed.ok) return t.fail(parsed.reason);
  t.is(parsed.template.minReplicas, 2);
  const owner = { metadata: { name: configMap.metadata.name, namespace: 'monitoring', uid: 'uid-1' } };
  const euWest = agentDeployment('eu-west', 3, parsed.template, owner);
  t.deepEqual(euWest.spec!.template.spec!.nodeSelector, { 'topology.kubernetes.io/region': 'eu-west-1' });
  t.deepEqual(euWest.spec!.template.spec!.tolerations, [{ key: 'probes', operator: 'Exists' }]);
  const container = euWest.spec!.template.spec!.containers[0]!;
  t.deepEqual(container.args, ['agent', '--location', 'eu-west']);
  t.deepEqual(container.securityContext!.capabilities, { drop: ['ALL'] }, 'ping needs no NET_RAW: the pod allows ICMP datagram sockets');
  t.deepEqual(euWest.spec!.template.spec!.securityContext!.sysctls, [{ name: 'net.ipv4.ping_group_range', value: '0 2147483647' }]);
  t.true(container.env!.some((e) => e.name === 'DATABASE_URL' && e.valueFrom?.secretKeyRef?.name === 'vantage-vantage-db'));
  t.is(container.env!.filter((e) => e.name === 'VANTAGE_LOCATIONS').length, 1);
  t.is(container.env!.find((e) => e.name === 'VANTAGE_LOCATIONS')!.value, 'eu-west');
  const usEast = agentDeployment('us-east', 2, parsed.template, owner);
  t.is(usEast.spec!.template.spec!.nodeSelector, undefined);
});
