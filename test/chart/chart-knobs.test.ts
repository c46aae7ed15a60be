import test from 'ava';
import { agentDeployment } from '../../operator/agents/agent-deployment.js';
import { parseAgentTemplate, type AgentTemplate } from '../../operator/agents/agent-template.js';
import { chartDir, dryRunInstall, find, fullname, namespace, render, type KubeObject } from './helpers/chart.js';

const production = { valuesFiles: [`${chartDir}/ci/production-values.yaml`] };
const singleLocation = { valuesFiles: [`${chartDir}/ci/single-location-values.yaml`] };

const deployment = (objects: KubeObject[], component: string) => find(objects, 'Deployment', `${fullname}-${component}`);
const podSpec = (objects: KubeObject[], component: string) => deployment(objects, component).spec.template.spec;

function agentTemplate(objects: KubeObject[]): AgentTemplate {
  const parsed = parseAgentTemplate(find(objects, 'ConfigMap', `${fullname}-agent-template`).data);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.template;
}

function agentPod(objects: KubeObject[], location: string) {
  const owner = { metadata: { name: `${fullname}-agent-template`, namespace, uid: 'uid-1' } };
  return agentDeployment(location, 2, agentTemplate(objects), owner).spec!.template;
}

/** Every pod template the chart leads to, by component (agents: the eu-west one the operator would make). */
function allPods(objects: KubeObject[]) {
  const own = objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job').map((o) => [o.metadata.name, o.spec.template] as const);
  const locations = Object.keys(agentTemplate(objects).placement?.locations ?? {});
  return [...own, ...locations.map((location) => [`agent ${location}`, agentPod(objects, location) as any] as const)];
}

test('global placement applies to every component unless it sets its own; agents merge global, agents.placement and their location', async (t) => {
  const objects = await render(production);
  const global = { 'node-role.example.com/monitoring': 'true' };
  const globalTolerations = [{ key: 'dedicated', operator: 'Equal', value: 'monitoring', effect: 'NoSchedule' }];
  for (const component of ['api', 'engine', 'operator']) {
    t.deepEqual(podSpec(objects, component).nodeSelector, global, component);
    t.deepEqual(podSpec(objects, component).tolerations, globalTolerations, component);
  }
  t.truthy(podSpec(objects, 'api').affinity.podAntiAffinity, 'the API has its own affinity');
  t.is(podSpec(objects, 'engine').affinity, undefined);
  const job = objects.find((o) => o.kind === 'Job')!;
  t.deepEqual(job.spec.template.spec.nodeSelector, global, 'migrations too');

  const euWest = agentPod(objects, 'eu-west').spec as any;
  t.deepEqual(euWest.nodeSelector, { 'topology.kubernetes.io/region': 'eu-west-1' }, 'a location nodeSelector wins');
  t.deepEqual(euWest.tolerations, [{ key: 'probes', operator: 'Exists', effect: 'NoSchedule' }], 'agents.placement wins over the global tolerations');
  const usEast = agentPod(objects, 'us-east').spec as any;
  t.deepEqual(usEast.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values, ['us-east-1a', 'us-east-1b']);

  const defaults = await render();
  t.is(podSpec(defaults, 'api').nodeSelector, undefined);
  t.is((agentPod(defaults, 'eu-west').spec as any).nodeSelector, undefined);
});

test('pull secrets, pod annotations and resources reach every pod', async (t) => {
  const objects = await render(production);
  for (const [name, pod] of allPods(objects)) {
    t.deepEqual(pod.spec.imagePullSecrets, [{ name: 'registry-credentials' }], name);
    t.is(pod.metadata.annotations.team, 'sre', name);
    for (const container of pod.spec.containers) t.truthy(container.resources?.requests?.memory, `${name}/${container.name} requests memory`);
  }
});

test('service accounts: one for the workloads with workload-identity annotations and no token, the operator its own', async (t) => {
  const objects = await render(production);
  const account = find(objects, 'ServiceAccount', fullname);
  t.is(account.metadata.annotations!['eks.amazonaws.com/role-arn'], 'arn:aws:iam::123456789012:role/vantage');
  for (const component of ['api', 'engine']) {
    t.is(podSpec(objects, component).serviceAccountName, fullname);
    t.false(podSpec(objects, component).automountServiceAccountToken);
  }
  t.is((agentPod(objects, 'eu-west').spec as any).serviceAccountName, fullname);
  t.is(podSpec(objects, 'operator').serviceAccountName, `${fullname}-operator`);
  t.is(podSpec(objects, 'operator').automountServiceAccountToken, undefined, 'the operator calls the API');

  const existing = await render(singleLocation);
  t.false(existing.some((o) => o.kind === 'ServiceAccount' && !o.metadata.annotations?.['helm.sh/hook']), 'no account is made');
  t.is(podSpec(existing, 'api').serviceAccountName, 'vantage');
  t.is(podSpec(existing, 'operator').serviceAccountName, 'vantage-operator');
  t.is(find(existing, 'ClusterRoleBinding', `${fullname}-operator`).subjects[0].name, 'vantage-operator');
});

test('the API believes X-Forwarded-For only from the proxies the values name', async (t) => {
  const env = (objects: KubeObject[]) => podSpec(objects, 'api').containers[0].env as { name: string; value?: string }[];
  t.deepEqual(env(await render(production)).find((e) => e.name === 'VANTAGE_TRUSTED_PROXIES'), { name: 'VANTAGE_TRUSTED_PROXIES', value: '10.0.0.0/8,fd00::/8' });
  t.false(env(await render(singleLocation)).some((e) => e.name === 'VANTAGE_TRUSTED_PROXIES'));
});

test('each API pod keeps as many PostgreSQL connections as api.databaseConnections says, 4 unless set', async (t) => {
  const connections = async (options: Parameters<typeof render>[0]) =>
    (podSpec(await render(options), 'api').containers[0].env as { name: string; value?: string }[]).filter((e) => e.name === 'VANTAGE_API_DATABASE_CONNECTIONS');
  t.deepEqual(await connections(production), [{ name: 'VANTAGE_API_DATABASE_CONNECTIONS', value: '8' }]);
  t.deepEqual(await connections({}), [{ name: 'VANTAGE_API_DATABASE_CONNECTIONS', value: '4' }]);
});

test('PodDisruptionBudgets for api and engine select their pods, and can be turned off', async (t) => {
  const objects = await render(production);
  const api = find(objects, 'PodDisruptionBudget', `${fullname}-api`);
  t.is(api.spec.maxUnavailable, '34%');
  t.deepEqual(api.spec.selector.matchLabels, deployment(objects, 'api').spec.selector.matchLabels);
  const engine = find(objects, 'PodDisruptionBudget', `${fullname}-engine`);
  t.deepEqual(engine.spec.selector.matchLabels, deployment(objects, 'engine').spec.selector.matchLabels);
  t.false((await render(singleLocation)).some((o) => o.kind === 'PodDisruptionBudget'));
});

test('a changed database URL or setting rolls every pod; other changes do not', async (t) => {
  const checksums = async (values: Record<string, unknown>) => {
    const objects = await render({ values });
    return Object.fromEntries(
      ['api', 'engine', 'operator'].map((component) => [component, deployment(objects, component).spec.template.metadata.annotations])
        .concat([['agent', agentPod(objects, 'eu-west').metadata!.annotations]]),
    );
  };
  const before = await checksums({});
  const url = await checksums({ 'postgresql.url': 'postgres://vantage@other-db:5432/vantage' });
  const level = await checksums({ logLevel: 'debug' });
  const replicas = await checksums({ 'api.replicas': 3 });
  for (const component of ['api', 'engine', 'operator', 'agent']) {
    t.notDeepEqual(url[component]['checksum/secret'], before[component]['checksum/secret'], `${component}: new URL`);
    t.notDeepEqual(level[component]['checksum/settings'], before[component]['checksum/settings'], `${component}: new log level`);
    t.deepEqual(replicas[component], before[component], `${component}: replicas change no pod`);
  }
  // The operator compares a hash of the agent Deployment it wants: a new checksum is a new hash, so agents roll.
  const hash = async (values: Record<string, unknown>) => {
    const objects = await render({ values });
    const owner = { metadata: { name: 'x', namespace, uid: 'u' } };
    return agentDeployment('eu-west', 2, agentTemplate(objects), owner).metadata!.annotations!['vantage.dev/template-hash'];
  };
  t.not(await hash({}), await hash({ 'postgresql.url': 'postgres://vantage@other-db:5432/vantage' }));
});

test('the optional ServiceMonitor scrapes api, engine and operator, a PodMonitor the agents', async (t) => {
  t.false((await render()).some((o) => o.apiVersion.startsWith('monitoring.coreos.com')));
  const objects = await render(production);
  const monitor = find(objects, 'ServiceMonitor', fullname);
  t.is(monitor.metadata.labels!.release, 'prometheus');
  t.deepEqual(monitor.spec.endpoints.map((e: any) => `${e.port} ${e.interval}`), ['http 15s', 'ops 15s']);
  const scraped = objects.filter(
    (o) => o.kind === 'Service' && Object.entries(monitor.spec.selector.matchLabels).every(([key, value]) => o.metadata.labels?.[key] === value),
  );
  t.deepEqual(scraped.map((service) => service.metadata.name).sort(), [`${fullname}-api`, `${fullname}-engine`, `${fullname}-operator`]);
  for (const service of scraped) t.true(service.spec.ports.some((port: any) => ['http', 'ops'].includes(port.name)));
  const pods = find(objects, 'PodMonitor', `${fullname}-agents`);
  const agentLabels = agentPod(objects, 'eu-west').metadata!.labels!;
  t.true(Object.entries(pods.spec.selector.matchLabels).every(([key, value]) => agentLabels[key] === value));
});

test('NOTES.txt tells what to do next', async (t) => {
  const { notes } = await dryRunInstall();
  t.regex(notes, /rollout status deployment\/vantage-vantage-api/);
  t.regex(notes, /port-forward service\/vantage-vantage-api 8080:80/);
  t.regex(notes, /vantage.dev\/workspace-id/);
  t.regex(notes, /api.uploadsVolume/, 'warns that uploads are per pod with several API replicas');
  t.notRegex((await dryRunInstall(production)).notes, /api.uploadsVolume|serviceMonitor.enabled=true/);
});
