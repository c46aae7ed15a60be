import test from 'ava';
import { agentDeployment } from '../../operator/agents/agent-deployment.js';
import { parseAgentTemplate } from '../../operator/agents/agent-template.js';
import { podSecurityViolations, type PodSecurityLevel } from '../support/pod-security.js';
import { ciValuesFiles, find, fullname, namespace, render, type KubeObject } from './helpers/chart.js';

const levels: Record<string, PodSecurityLevel> = { api: 'restricted', engine: 'restricted', operator: 'restricted', migrations: 'restricted', agent: 'baseline' };

/** Every pod the chart leads to: its own Deployments and Job, and the agent Deployment the operator makes per location. */
async function podsOf(valuesFile: string): Promise<{ component: string; name: string; template: { metadata?: any; spec: any } }[]> {
  const objects = await render({ valuesFiles: [valuesFile] });
  const own = objects
    .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
    .map((o) => ({ component: o.metadata.labels!['app.kubernetes.io/component']!, name: o.metadata.name, template: o.spec.template }));
  const configMap = find(objects, 'ConfigMap', `${fullname}-agent-template`);
  const parsed = parseAgentTemplate(configMap.data);
  if (!parsed.ok) throw new Error(parsed.reason);
  const owner = { metadata: { name: configMap.metadata.name, namespace, uid: 'uid-1' } };
  const agents = Object.keys(parsed.template.placement?.locations ?? {}).map((location) => {
    const deployment = agentDeployment(location, 2, parsed.template, owner) as KubeObject;
    return { component: 'agent', name: deployment.metadata.name, template: deployment.spec.template };
  });
  return [...own, ...agents];
}

for (const valuesFile of ciValuesFiles) {
  test(`with ${valuesFile} api, engine, operator and migrations pass restricted, agents baseline`, async (t) => {
    const pods = await podsOf(valuesFile);
    t.deepEqual([...new Set(pods.map((pod) => pod.component))].sort(), ['agent', 'api', 'engine', 'migrations', 'operator']);
    for (const pod of pods) {
      t.deepEqual(podSecurityViolations(pod.template, levels[pod.component]!), [], `${pod.name} (${levels[pod.component]})`);
    }
  });

  test(`with ${valuesFile} every container has a read-only root and a writable /tmp`, async (t) => {
    for (const pod of await podsOf(valuesFile)) {
      const volumes = new Map<string, any>(pod.template.spec.volumes.map((volume: any) => [volume.name, volume]));
      for (const container of pod.template.spec.containers) {
        t.is(container.securityContext.readOnlyRootFilesystem, true, `${pod.name}/${container.name}`);
        const tmp = container.volumeMounts.find((mount: any) => mount.mountPath === '/tmp');
        t.truthy(tmp && volumes.get(tmp.name)?.emptyDir, `${pod.name}/${container.name} has an emptyDir on /tmp`);
      }
    }
  });
}

test('agents ping without NET_RAW: no capability, and the pod opens ICMP datagram sockets to its groups', async (t) => {
  const agents = (await podsOf(ciValuesFiles[0]!)).filter((pod) => pod.component === 'agent');
  t.true(agents.length > 0);
  for (const agent of agents) {
    const spec = agent.template.spec;
    t.deepEqual(spec.securityContext.sysctls, [{ name: 'net.ipv4.ping_group_range', value: '0 2147483647' }]);
    t.is(spec.securityContext.runAsNonRoot, true);
    t.deepEqual(spec.containers[0].securityContext.capabilities, { drop: ['ALL'] });
  }
});

test('the API keeps uploads on a writable data volume, a shared one when given', async (t) => {
  const api = (objects: KubeObject[]) => find(objects, 'Deployment', `${fullname}-api`).spec.template.spec;
  const byDefault = api(await render());
  t.deepEqual(byDefault.volumes.find((v: any) => v.name === 'data'), { name: 'data', emptyDir: {} });
  t.true(byDefault.containers[0].env.some((e: any) => e.name === 'VANTAGE_DATA_DIR' && e.value === '/data'));
  const shared = api(await render({ values: { 'api.uploadsVolume': { persistentVolumeClaim: { claimName: 'uploads' } } } }));
  t.deepEqual(shared.volumes.find((v: any) => v.name === 'data'), { name: 'data', persistentVolumeClaim: { claimName: 'uploads' } });
});

const compliant = {
  spec: {
    securityContext: { runAsNonRoot: true, runAsUser: 10001, seccompProfile: { type: 'RuntimeDefault' } },
    containers: [{ name: 'app', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
    volumes: [{ name: 'tmp', emptyDir: {} }],
  },
};

function withChange(change: (spec: any) => void) {
  const pod = structuredClone(compliant) as { spec: any };
  change(pod.spec);
  return pod;
}

test('the pod security checker passes a compliant pod at both levels', (t) => {
  t.deepEqual(podSecurityViolations(compliant, 'restricted'), []);
  t.deepEqual(podSecurityViolations(compliant, 'baseline'), []);
});

const breaches: { name: string; level: PodSecurityLevel; change: (spec: any) => void; found: RegExp }[] = [
  { name: 'NET_RAW', level: 'baseline', change: (s) => (s.containers[0].securityContext.capabilities.add = ['NET_RAW']), found: /adds capability NET_RAW/ },
  { name: 'a privileged container', level: 'baseline', change: (s) => (s.containers[0].securityContext.privileged = true), found: /privileged/ },
  { name: 'the host network', level: 'baseline', change: (s) => (s.hostNetwork = true), found: /hostNetwork/ },
  { name: 'a hostPath volume', level: 'baseline', change: (s) => s.volumes.push({ name: 'host', hostPath: { path: '/' } }), found: /hostPath/ },
  { name: 'a host port', level: 'baseline', change: (s) => (s.containers[0].ports = [{ containerPort: 80, hostPort: 80 }]), found: /hostPort/ },
  { name: 'an unsafe sysctl', level: 'baseline', change: (s) => (s.securityContext.sysctls = [{ name: 'net.core.somaxconn', value: '1024' }]), found: /net.core.somaxconn/ },
  { name: 'an unconfined seccomp profile', level: 'baseline', change: (s) => (s.containers[0].securityContext.seccompProfile = { type: 'Unconfined' }), found: /Unconfined/ },
  { name: 'privilege escalation left open', level: 'restricted', change: (s) => delete s.containers[0].securityContext.allowPrivilegeEscalation, found: /allowPrivilegeEscalation/ },
  { name: 'capabilities not dropped', level: 'restricted', change: (s) => (s.containers[0].securityContext.capabilities = {}), found: /drop ALL/ },
  { name: 'a missing runAsNonRoot', level: 'restricted', change: (s) => delete s.securityContext.runAsNonRoot, found: /runAsNonRoot/ },
  { name: 'root', level: 'restricted', change: (s) => (s.containers[0].securityContext.runAsUser = 0), found: /runAsUser is 0/ },
  { name: 'no seccomp profile', level: 'restricted', change: (s) => delete s.securityContext.seccompProfile, found: /seccompProfile/ },
  { name: 'an nfs volume', level: 'restricted', change: (s) => s.volumes.push({ name: 'nfs', nfs: { server: 'x', path: '/' } }), found: /nfs is not allowed/ },
];

for (const { name, level, change, found } of breaches) {
  test(`the pod security checker refuses ${name} at ${level}`, (t) => {
    const violations = podSecurityViolations(withChange(change), level);
    t.true(violations.some((violation) => found.test(violation)), violations.join('\n'));
  });
}

test('NET_RAW alone keeps a pod out of baseline, and restricted is stricter than baseline', (t) => {
  const raw = withChange((s) => (s.containers[0].securityContext.capabilities.add = ['NET_RAW']));
  t.deepEqual(podSecurityViolations(raw, 'baseline'), ['container app: adds capability NET_RAW']);
  const noDrop = withChange((s) => (s.containers[0].securityContext.capabilities = {}));
  t.deepEqual(podSecurityViolations(noDrop, 'baseline'), []);
});
