import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { CustomObjectsApi, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { eventually } from '../support/kubectl.js';
import { temporaryFolder } from '../support/temporary-folder.js';
import { namespaceYaml, startKubeFixture, uptimeCheckYaml, type KubeFixture } from './helpers/kube-fixture.js';

let fixture: KubeFixture;
let custom: CustomObjectsApi;
const folder = temporaryFolder('manifests');
const mergePatch = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);

/** Writes a manifest to a file, for `kubectl apply -f <file>` (what error messages then name). */
function manifest(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

const k = (...args: string[]) => fixture.k(args);
const json = async (...args: string[]) => {
  const result = await k(...args, '-o', 'json');
  if (result.code !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
};
const target = (namespace: string, name: string) => ({ group: 'monitoring.vantage.dev', version: 'v1', namespace, plural: 'uptimechecks', name });

test.before(async () => {
  fixture = await startKubeFixture();
  custom = fixture.kubeConfig.makeApiClient(CustomObjectsApi);
});

test.after.always(async () => {
  await fixture?.close();
});

test('kubectl apply of a namespace and an UptimeCheck; get uc prints the printer columns; get vantage lists the category', async (t) => {
  const applied = await k('apply', '-f', manifest('ns-a.yaml', namespaceYaml('team-a')), '-f', manifest('uc-a.yaml', uptimeCheckYaml('team-a', 'shop')));
  t.is(applied.code, 0, applied.stderr);
  t.regex(applied.stdout, /namespace\/team-a created/);
  t.regex(applied.stdout, /uptimecheck\.monitoring\.vantage\.dev\/shop created/);
  const listed = await k('get', 'uc', '-n', 'team-a');
  t.is(listed.code, 0, listed.stderr);
  t.regex(listed.stdout, /^NAME\s+TYPE\s+HOST\s+FREQUENCY\s+READY\s+STATE\s+INCIDENT\s+LAST RUN\s+AGE$/m);
  t.regex(listed.stdout, /^shop\s+http\s+shop\.example\.com\s+1\s+\d+s$/m, 'status columns without a value are empty');
  const all = await k('get', 'vantage', '-n', 'team-a', '-o', 'name');
  t.is(all.code, 0, all.stderr);
  t.is(all.stdout.trim(), 'uptimecheck.monitoring.vantage.dev/shop');
  const namespaces = await k('get', 'ns', 'team-a', '--show-labels');
  t.regex(namespaces.stdout, /team-a\s+Active\s+\d+s\s+vantage\.dev\/workspace-id=1/);
});

test('applying an edited manifest bumps generation; a label change does not; status goes through /status only', async (t) => {
  await k('apply', '-f', manifest('ns-b.yaml', namespaceYaml('team-b')));
  t.is((await k('apply', '-f', manifest('uc-b.yaml', uptimeCheckYaml('team-b', 'shop')))).code, 0);
  t.is((await json('get', 'uc', 'shop', '-n', 'team-b')).metadata.generation, 1);
  const edited = await k('apply', '-f', manifest('uc-b.yaml', uptimeCheckYaml('team-b', 'shop', 'www.shop.example.com')));
  t.regex(edited.stdout, /configured/);
  const afterEdit = await json('get', 'uc', 'shop', '-n', 'team-b');
  t.is(afterEdit.metadata.generation, 2);
  t.is(afterEdit.spec.hostname, 'www.shop.example.com');
  t.regex((await k('apply', '-f', manifest('uc-b.yaml', uptimeCheckYaml('team-b', 'shop', 'www.shop.example.com')))).stdout, /unchanged/);
  t.is((await k('label', 'uc', 'shop', '-n', 'team-b', 'tier=front')).code, 0);
  t.is((await json('get', 'uc', 'shop', '-n', 'team-b')).metadata.generation, 2);

  const status = { status: { state: 'up', observedGeneration: 2 } };
  const patched = await k('patch', 'uc', 'shop', '-n', 'team-b', '--subresource=status', '--type=merge', '-p', JSON.stringify(status));
  t.is(patched.code, 0, patched.stderr);
  const ignored = await k('patch', 'uc', 'shop', '-n', 'team-b', '--type=merge', '-p', JSON.stringify({ status: { state: 'down' } }));
  t.is(ignored.code, 0, ignored.stderr);
  const read = await json('get', 'uc', 'shop', '-n', 'team-b');
  t.like(read, { metadata: { generation: 2 }, status: { state: 'up', observedGeneration: 2 } });
  t.regex((await k('get', 'uc', '-n', 'team-b')).stdout, /^shop\s+http\s+www\.shop\.example\.com\s+1\s+up\s+/m);
});

test('kubectl wait --for=condition=Ready returns once client-node writes the condition through /status', async (t) => {
  await k('apply', '-f', manifest('ns-c.yaml', namespaceYaml('team-c')), '-f', manifest('uc-c.yaml', uptimeCheckYaml('team-c', 'shop')));
  const waiting = k('wait', '--for=condition=Ready', 'uc/shop', '-n', 'team-c', '--timeout=20s');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const condition = { type: 'Ready', status: 'True', lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), reason: 'Up', message: 'every location answers' };
  await custom.patchNamespacedCustomObjectStatus({ ...target('team-c', 'shop'), body: { status: { conditions: [condition] } } }, mergePatch);
  const waited = await waiting;
  t.is(waited.code, 0, waited.stderr);
  t.regex(waited.stdout, /uptimecheck\.monitoring\.vantage\.dev\/shop condition met/);
});

test('kubectl delete of a resource with a finalizer waits until client-node removes the finalizer', async (t) => {
  await k('apply', '-f', manifest('ns-d.yaml', namespaceYaml('team-d')), '-f', manifest('uc-d.yaml', uptimeCheckYaml('team-d', 'shop')));
  await custom.patchNamespacedCustomObject({ ...target('team-d', 'shop'), body: { metadata: { finalizers: ['monitoring.vantage.dev/row'] } } }, mergePatch);
  let finished = false;
  const deleting = k('delete', 'uc', 'shop', '-n', 'team-d', '--timeout=20s').finally(() => (finished = true));
  const marked = await eventually('the deletion mark', async () => {
    const object = (await custom.getNamespacedCustomObject(target('team-d', 'shop'))) as any;
    return object.metadata.deletionTimestamp ? object : undefined;
  });
  t.is(marked.metadata.generation, 2, 'marking for deletion bumps generation');
  t.is(marked.metadata.deletionGracePeriodSeconds, 0);
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.false(finished, 'kubectl delete waits while the finalizer is there');
  const refused = await custom
    .patchNamespacedCustomObject({ ...target('team-d', 'shop'), body: { metadata: { finalizers: ['monitoring.vantage.dev/row', 'example.com/late'] } } }, mergePatch)
    .then(() => 'accepted', (error: { code?: number }) => error.code);
  t.is(refused, 422, 'no new finalizers once deletion started');
  await custom.patchNamespacedCustomObject({ ...target('team-d', 'shop'), body: { metadata: { finalizers: null } } }, mergePatch);
  const deleted = await deleting;
  t.is(deleted.code, 0, deleted.stderr);
  t.regex(deleted.stdout, /uptimecheck\.monitoring\.vantage\.dev "shop" deleted/);
  t.regex((await k('get', 'uc', 'shop', '-n', 'team-d')).stderr, /NotFound.*uptimechecks\.monitoring\.vantage\.dev "shop" not found/);
});

test('kubectl apply --server-side: creates, records the manager, reports a conflict with another manager, forces it', async (t) => {
  await k('apply', '-f', manifest('ns-e.yaml', namespaceYaml('team-e')));
  const created = await k('apply', '--server-side', '-f', manifest('uc-e.yaml', uptimeCheckYaml('team-e', 'shop')));
  t.is(created.code, 0, created.stderr);
  t.regex(created.stdout, /serverside-applied/);
  const object = await json('get', 'uc', 'shop', '-n', 'team-e', '--show-managed-fields');
  t.like(object.metadata.managedFields[0], { manager: 'kubectl', operation: 'Apply', fieldsType: 'FieldsV1' });
  t.deepEqual(object.metadata.managedFields[0].fieldsV1['f:spec']['f:hostname'], {});

  const other = manifest('uc-e-other.yaml', uptimeCheckYaml('team-e', 'shop', 'other.example.com'));
  const conflict = await k('apply', '--server-side', '--field-manager=gitops', '-f', other);
  t.not(conflict.code, 0);
  t.regex(conflict.stderr, /Apply failed with 1 conflict: conflict with "kubectl": \.spec\.hostname/);
  const forced = await k('apply', '--server-side', '--field-manager=gitops', '--force-conflicts', '-f', other);
  t.is(forced.code, 0, forced.stderr);
  t.is((await json('get', 'uc', 'shop', '-n', 'team-e')).spec.hostname, 'other.example.com');

  const without = manifest('uc-e-less.yaml', uptimeCheckYaml('team-e', 'shop', 'other.example.com').replace('  name: Shop\n', ''));
  t.is((await k('apply', '--server-side', '--field-manager=gitops', '-f', without)).code, 0);
  t.is((await json('get', 'uc', 'shop', '-n', 'team-e')).spec.name, 'Shop', 'kubectl still owns name, so it stays');
  t.is((await k('apply', '--server-side', '-f', manifest('uc-e-kubectl.yaml', uptimeCheckYaml('team-e', 'shop', 'other.example.com').replace('  name: Shop\n', '')))).code, 0);
  t.is((await json('get', 'uc', 'shop', '-n', 'team-e')).spec.name, undefined, 'a field no manager applies any more is removed');
});

test('a refused manifest shows the Kubernetes error with the field; unknown fields are refused, warned about or dropped per --validate', async (t) => {
  await k('apply', '-f', manifest('ns-f.yaml', namespaceYaml('team-f')));
  const badPort = await k('apply', '-f', manifest('uc-f-port.yaml', uptimeCheckYaml('team-f', 'db', 'db.example.com', '  port: 70000\n')));
  t.not(badPort.code, 0);
  t.regex(badPort.stderr, /The UptimeCheck "db" is invalid: spec\.port: Invalid value: 70000: spec\.port in body should be less than or equal to 65535/);
  const two = await k('apply', '-f', manifest('uc-f-two.yaml', uptimeCheckYaml('team-f', 'db', 'db.example.com', '  responseTimeout: 5\n  checkFrequency: 3\n')));
  t.regex(two.stderr, /spec\.responseTimeout: Invalid value: 5/);
  const missing = await k('apply', '-f', manifest('uc-f-missing.yaml', uptimeCheckYaml('team-f', 'db').replace('  checkType: http\n', '')));
  t.regex(missing.stderr, /spec\.checkType: Required value/);
  const tcp = await k('apply', '-f', manifest('uc-f-tcp.yaml', uptimeCheckYaml('team-f', 'db').replace('checkType: http', 'checkType: tcp')));
  t.not(tcp.code, 0);
  t.regex(tcp.stderr, /spec\.protocol: Forbidden: protocol applies only to http checks/, 'CEL rules answer with their message');
  t.regex(tcp.stderr, /spec\.port: Required value: port is required for tcp checks/);

  const unknown = manifest('uc-f-unknown.yaml', uptimeCheckYaml('team-f', 'db', 'db.example.com', '  colour: blue\n'));
  const strict = await k('apply', '-f', unknown);
  t.not(strict.code, 0);
  t.regex(strict.stderr, /strict decoding error: unknown field "spec\.colour"/);
  const warned = await k('apply', '--validate=warn', '-f', unknown);
  t.is(warned.code, 0, warned.stderr);
  t.regex(warned.stderr, /Warning: unknown field "spec\.colour"/);
  t.is((await json('get', 'uc', 'db', '-n', 'team-f')).spec.colour, undefined, 'the unknown field was dropped');
  const typo = await fixture.k(['apply', '-n', 'team-f', '-f', '-'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndat:\n  a: "1"\n');
  t.regex(typo.stderr, /unknown field "dat"/);
});

test('Deployments: kubectl apply after an edit merges the containers by name and bumps generation; scale goes through /scale', async (t) => {
  await k('apply', '-f', manifest('ns-g.yaml', namespaceYaml('team-g')));
  const deployment = (image: string, value: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: agent
  namespace: team-g
spec:
  replicas: 2
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
        - name: agent
          image: ${image}
          env: [{name: A, value: "1"}, {name: B, value: "${value}"}]
        - name: sidecar
          image: busybox
`;
  t.is((await k('apply', '-f', manifest('deploy.yaml', deployment('agent:1', '2')))).code, 0);
  const applied = await k('apply', '-f', manifest('deploy.yaml', deployment('agent:2', '3')));
  t.is(applied.code, 0, applied.stderr);
  const object = await json('get', 'deploy', 'agent', '-n', 'team-g');
  t.is(object.metadata.generation, 2);
  t.deepEqual(object.spec.template.spec.containers, [
    { name: 'agent', image: 'agent:2', env: [{ name: 'A', value: '1' }, { name: 'B', value: '3' }] },
    { name: 'sidecar', image: 'busybox' },
  ]);
  const scaled = await k('scale', 'deploy', 'agent', '-n', 'team-g', '--replicas=4');
  t.is(scaled.code, 0, scaled.stderr);
  t.like(await json('get', 'deploy', 'agent', '-n', 'team-g'), { metadata: { generation: 3 }, spec: { replicas: 4 } });
  const listed = await k('get', 'deploy', '-n', 'team-g');
  t.regex(listed.stdout, /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\nagent\s+0\/4\s+0\s+0\s+\d+s/m);
});

test('kubectl create namespace, configmap and secret (protobuf bodies); other protobuf kinds are refused with a hint', async (t) => {
  t.is((await k('create', 'namespace', 'imperative')).code, 0);
  const configMap = await k('create', 'configmap', 'settings', '-n', 'imperative', '--from-literal=a=1', '--from-literal=b=two');
  t.is(configMap.code, 0, configMap.stderr);
  const secret = await k('create', 'secret', 'generic', 'token', '-n', 'imperative', '--from-literal=password=hunter2');
  t.is(secret.code, 0, secret.stderr);
  t.deepEqual((await json('get', 'configmap', 'settings', '-n', 'imperative')).data, { a: '1', b: 'two' });
  const stored = await json('get', 'secret', 'token', '-n', 'imperative');
  t.is(stored.type, 'Opaque');
  t.is(Buffer.from(stored.data.password, 'base64').toString(), 'hunter2');
  t.regex((await k('get', 'cm', '-n', 'imperative')).stdout, /^settings\s+2\s+\d+s$/m);
  const refused = await k('create', 'deployment', 'web', '-n', 'imperative', '--image=nginx');
  t.not(refused.code, 0);
  t.regex(refused.stderr, /reads protobuf bodies only for Namespace, ConfigMap, Secret; send JSON \(kubectl apply -f\) instead/);
});
