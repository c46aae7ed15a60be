import test from 'ava';
import { ApiException, CoordinationV1Api, CoreV1Api, CustomObjectsApi, KubeConfig, PatchStrategy, setHeaderOptions, Watch } from '@kubernetes/client-node';
import { startKubeTestServer, type KubeTestServer } from '../support/kube/index.js';
import { kubectl } from '../support/kubectl.js';

let kube: KubeTestServer;
let core: CoreV1Api;
let custom: CustomObjectsApi;
let kubeConfig: KubeConfig;

test.before(async () => {
  kube = await startKubeTestServer();
  kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kube.kubeconfigPath);
  core = kubeConfig.makeApiClient(CoreV1Api);
  custom = kubeConfig.makeApiClient(CustomObjectsApi);
  await core.createNamespace({ body: { metadata: { name: 'support', labels: { tier: 'test' } } } });
});

test.after.always(async () => {
  await kube?.close();
});

const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof ApiException ? error.code : -1;
  }
};

const check = (name: string) => ({
  apiVersion: 'monitoring.vantage.dev/v1',
  kind: 'UptimeCheck',
  metadata: { name, namespace: 'support', labels: { app: name } },
  spec: { checkType: 'tcp', hostname: 'db.example.com', port: 5432, checkFrequency: 5, triggerLocations: ['eu-west'], minFailingLocations: 1 },
});
const target = (name: string) => ({ group: 'monitoring.vantage.dev', version: 'v1', namespace: 'support', plural: 'uptimechecks', name });

test.serial('a write from a stale resourceVersion is a 409; a status write leaves generation alone; a spec change bumps it', async (t) => {
  const created = (await custom.createNamespacedCustomObject({ ...target(''), body: check('stale') })) as any;
  t.is(created.metadata.generation, 1);
  const fresh = { ...created, spec: { ...created.spec, port: 5433 } };
  const updated = (await custom.replaceNamespacedCustomObject({ ...target('stale'), body: fresh })) as any;
  t.is(updated.metadata.generation, 2);
  t.is(await code(custom.replaceNamespacedCustomObject({ ...target('stale'), body: { ...created, spec: { ...created.spec, port: 5434 } } })), 409);
  const withStatus = (await custom.patchNamespacedCustomObjectStatus(
    { ...target('stale'), body: { status: { state: 'up' } } },
    setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
  )) as any;
  t.is(withStatus.metadata.generation, 2);
  t.is(withStatus.status.state, 'up');
  const ignored = (await custom.patchNamespacedCustomObject({ ...target('stale'), body: { status: { state: 'down' } } }, setHeaderOptions('Content-Type', PatchStrategy.MergePatch))) as any;
  t.is(ignored.status.state, 'up', 'the main endpoint does not write status');
  t.is(await code(custom.createNamespacedCustomObject({ ...target(''), body: check('stale') })), 409);
});

test.serial('JSON patch applies in order and fails whole on a failed test; the schema refuses what it must', async (t) => {
  await custom.createNamespacedCustomObject({ ...target(''), body: check('patched') });
  const json = setHeaderOptions('Content-Type', PatchStrategy.JsonPatch);
  const patched = (await custom.patchNamespacedCustomObject({ ...target('patched'), body: [{ op: 'test', path: '/spec/port', value: 5432 }, { op: 'replace', path: '/spec/port', value: 8443 }] }, json)) as any;
  t.is(patched.spec.port, 8443);
  t.is(await code(custom.patchNamespacedCustomObject({ ...target('patched'), body: [{ op: 'test', path: '/spec/port', value: 1 }, { op: 'remove', path: '/spec/port' }] }, json)), 422);
  t.is(((await custom.getNamespacedCustomObject(target('patched'))) as any).spec.port, 8443);
  t.is(await code(custom.patchNamespacedCustomObject({ ...target('patched'), body: [{ op: 'replace', path: '/spec/port', value: 70000 }] }, json)), 422);
  t.is(await code(custom.createNamespacedCustomObject({ ...target(''), namespace: 'missing', body: { ...check('x'), metadata: { name: 'x', namespace: 'missing' } } })), 404);
  t.is(await code(custom.createNamespacedCustomObject({ ...target(''), body: { ...check('x'), metadata: { name: 'x', namespace: 'other' } } })), 400);
});

test.serial('label selectors and a watch that is cut, expired and resumed', async (t) => {
  await custom.createNamespacedCustomObject({ ...target(''), body: check('selected') });
  const listed = (await custom.listNamespacedCustomObject({ ...target(''), labelSelector: 'app in (selected,other),!missing' })) as any;
  t.deepEqual(listed.items.map((item: any) => item.metadata.name), ['selected']);
  const none = (await custom.listNamespacedCustomObject({ ...target(''), labelSelector: 'app!=selected,app' })) as any;
  t.false(none.items.some((item: any) => item.metadata.name === 'selected'));
  const byField = await kubectl(kube.kubeconfigPath, ['get', 'uc', '-n', 'support', '--field-selector', 'metadata.name=selected', '-o', 'name']);
  t.is(byField.stdout.trim(), 'uptimecheck.monitoring.vantage.dev/selected');

  const events: string[] = [];
  const ended = new Promise<unknown>((resolve) => {
    void new Watch(kubeConfig).watch('/apis/monitoring.vantage.dev/v1/namespaces/support/uptimechecks', { resourceVersion: listed.metadata.resourceVersion }, (type, object) => events.push(`${type} ${object.metadata?.name ?? object.code}`), resolve);
  });
  await custom.deleteNamespacedCustomObject(target('selected'));
  await new Promise((resolve) => setTimeout(resolve, 200));
  kube.dropWatches();
  await ended;
  t.deepEqual(events, ['DELETED selected']);

  kube.expireHistory();
  const expired: string[] = [];
  await new Promise<unknown>((resolve) => {
    void new Watch(kubeConfig).watch('/apis/monitoring.vantage.dev/v1/namespaces/support/uptimechecks', { resourceVersion: listed.metadata.resourceVersion }, (type, object) => expired.push(`${type} ${object.code}`), resolve);
  });
  t.deepEqual(expired, ['ERROR 410']);
});

test.serial('Leases are replaced only from their current resourceVersion; the server can be made unavailable', async (t) => {
  const leases = kubeConfig.makeApiClient(CoordinationV1Api);
  const lease = await leases.createNamespacedLease({ namespace: 'support', body: { metadata: { name: 'lock' }, spec: { holderIdentity: 'a', leaseDurationSeconds: 5 } } });
  await leases.replaceNamespacedLease({ name: 'lock', namespace: 'support', body: { ...lease, spec: { ...lease.spec, holderIdentity: 'b' } } });
  t.is(await code(leases.replaceNamespacedLease({ name: 'lock', namespace: 'support', body: { ...lease, spec: { ...lease.spec, holderIdentity: 'c' } } })), 409);
  kube.setUnavailable(true);
  t.is(await code(leases.readNamespacedLease({ name: 'lock', namespace: 'support' })), 503);
  kube.setUnavailable(false);
  t.is((await leases.readNamespacedLease({ name: 'lock', namespace: 'support' })).spec?.holderIdentity, 'b');
  t.true(kube.requestCount({ resource: 'leases', verb: 'update' }) >= 2);
});

test.serial('a Service keeps its status to the status subresource; owners take their dependents unless garbage collection is off', async (t) => {
  const service = await core.createNamespacedService({
    namespace: 'support',
    body: { metadata: { name: 'lb' }, spec: { type: 'LoadBalancer', ports: [{ port: 443 }] }, status: { loadBalancer: { ingress: [{ ip: '203.0.113.9' }] } } },
  });
  t.is(service.status, undefined, 'status is not written through the main endpoint');
  const patched = await kubectl(kube.kubeconfigPath, ['patch', 'service', 'lb', '-n', 'support', '--subresource=status', '--type=merge', '-p', '{"status":{"loadBalancer":{"ingress":[{"ip":"203.0.113.9"}]}}}']);
  t.is(patched.code, 0, patched.stderr);
  t.is((await core.readNamespacedService({ name: 'lb', namespace: 'support' })).status?.loadBalancer?.ingress?.[0]?.ip, '203.0.113.9');

  const owned = (name: string) => ({ ...check(name), metadata: { ...check(name).metadata, ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'lb', uid: service.metadata!.uid! }] } });
  await custom.createNamespacedCustomObject({ ...target(''), body: owned('owned-kept') });
  kube.setGarbageCollection(false);
  await core.deleteNamespacedService({ name: 'lb', namespace: 'support' });
  t.is(await code(custom.getNamespacedCustomObject(target('owned-kept'))), 200, 'no garbage collector: the dependent stays');
  kube.setGarbageCollection(true);
  const again = await core.createNamespacedService({ namespace: 'support', body: { metadata: { name: 'lb2' }, spec: { type: 'LoadBalancer', ports: [{ port: 443 }] } } });
  const collected = { ...check('owned-collected'), metadata: { ...check('owned-collected').metadata, ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'lb2', uid: again.metadata!.uid! }] } };
  await custom.createNamespacedCustomObject({ ...target(''), body: collected });
  await core.deleteNamespacedService({ name: 'lb2', namespace: 'support' });
  t.is(await code(custom.getNamespacedCustomObject(target('owned-collected'))), 404, 'the garbage collector takes the dependent');
  await custom.deleteNamespacedCustomObject(target('owned-kept'));
});

test.serial('a CRD created with kubectl is served at once (discovery included), and stops being served when deleted', async (t) => {
  const group = '/apis/gateway.networking.k8s.io/v1';
  t.is((await fetch(`${kube.url}${group}`)).status, 404);
  const applied = await kubectl(kube.kubeconfigPath, ['apply', '-f', 'test/support/kube/gateway-api/']);
  t.is(applied.code, 0, applied.stderr);
  const served = (await (await fetch(`${kube.url}${group}`)).json()) as { resources: Array<{ name: string }> };
  t.true(served.resources.some((resource) => resource.name === 'httproutes'));
  const route = 'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: { name: r, namespace: support }\nspec: { parentRefs: [{ name: gw }], rules: [{ matches: [{ path: { value: /x } }] }] }\n';
  t.is((await kubectl(kube.kubeconfigPath, ['apply', '-f', '-'], route)).code, 0);
  const stored = await custom.getNamespacedCustomObject({ group: 'gateway.networking.k8s.io', version: 'v1', namespace: 'support', plural: 'httproutes', name: 'r' }) as any;
  t.like(stored.spec, { parentRefs: [{ name: 'gw', group: 'gateway.networking.k8s.io', kind: 'Gateway' }], rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/x' } }] }] }, 'the schema defaults apply');
  t.is((await kubectl(kube.kubeconfigPath, ['delete', '-f', 'test/support/kube/gateway-api/'])).code, 0);
  t.is((await fetch(`${kube.url}${group}`)).status, 404);
});
