import test from 'ava';
import {
  ApiException,
  AppsV1Api,
  CoordinationV1Api,
  CoreV1Api,
  CustomObjectsApi,
  EventsV1Api,
  makeInformer,
  PatchStrategy,
  setHeaderOptions,
  Watch,
  type KubernetesObject,
  type V1ConfigMap,
  type V1Deployment,
} from '@kubernetes/client-node';
import { eventually } from '../support/kubectl.js';
import { startKubeFixture, type KubeFixture } from './helpers/kube-fixture.js';

let fixture: KubeFixture;
let core: CoreV1Api;
let apps: AppsV1Api;
let custom: CustomObjectsApi;

const merge = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
const jsonPatch = setHeaderOptions('Content-Type', PatchStrategy.JsonPatch);

/** The HTTP status of a refused call (200 when it was not refused). */
const statusOf = (promise: Promise<unknown>): Promise<number> =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof ApiException ? error.code : Promise.reject(error)),
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function namespace(name: string): Promise<string> {
  await core.createNamespace({ body: { metadata: { name } } });
  return name;
}

const configMap = (name: string, labels: Record<string, string> = {}, data: Record<string, string> = {}): V1ConfigMap => ({ metadata: { name, labels }, data });

test.before(async () => {
  fixture = await startKubeFixture();
  core = fixture.kubeConfig.makeApiClient(CoreV1Api);
  apps = fixture.kubeConfig.makeApiClient(AppsV1Api);
  custom = fixture.kubeConfig.makeApiClient(CustomObjectsApi);
});

test.after.always(async () => {
  await fixture?.close();
});

// Tests that cut, expire or take down the server run serially (before the others), as they affect every open watch.

/** An informer that restarts after an error, as a supervised one does; records every callback. */
function recordingInformer(ns: string) {
  const informer = makeInformer<V1ConfigMap & KubernetesObject>(fixture.kubeConfig, `/api/v1/namespaces/${ns}/configmaps`, () => core.listNamespacedConfigMap({ namespace: ns }));
  const seen: string[] = [];
  let running = true;
  informer.on('add', (object) => seen.push(`add ${object.metadata!.name}`));
  informer.on('update', (object) => seen.push(`update ${object.metadata!.name} ${object.data?.v ?? ''}`));
  informer.on('delete', (object) => seen.push(`delete ${object.metadata!.name}`));
  informer.on('error', () => {
    if (running) setTimeout(() => running && void informer.start(), 300);
  });
  return {
    informer,
    seen,
    stop: async () => {
      running = false;
      await informer.stop();
    },
  };
}

const lines = (seen: string[], count: number) => eventually(`${count} informer events`, async () => (seen.length >= count ? seen.slice() : undefined), 10_000);

test.serial('an informer sees add, update and delete; a cut watch resumes with nothing lost or doubled', async (t) => {
  const ns = await namespace('informer-cut');
  const { informer, seen, stop } = recordingInformer(ns);
  try {
    await core.createNamespacedConfigMap({ namespace: ns, body: configMap('before') });
    await informer.start();
    await lines(seen, 1);
    await core.createNamespacedConfigMap({ namespace: ns, body: configMap('a', {}, { v: '1' }) });
    await core.patchNamespacedConfigMap({ name: 'a', namespace: ns, body: { data: { v: '2' } } }, merge);
    await lines(seen, 3);
    fixture.kube.dropWatches();
    // Changes while no watch is open arrive when the informer watches again from its resourceVersion.
    await core.patchNamespacedConfigMap({ name: 'a', namespace: ns, body: { data: { v: '3' } } }, merge);
    await core.deleteNamespacedConfigMap({ name: 'before', namespace: ns });
    await lines(seen, 5);
    await core.createNamespacedConfigMap({ namespace: ns, body: configMap('after') });
    await lines(seen, 6);
    await sleep(300);
    t.deepEqual(seen, ['add before', 'add a', 'update a 2', 'update a 3', 'delete before', 'add after']);
  } finally {
    await stop();
  }
});

test.serial('expired history: an open watch ends with 410, the informer relists and goes on without doubles', async (t) => {
  const ns = await namespace('informer-expire');
  const { informer, seen, stop } = recordingInformer(ns);
  try {
    await core.createNamespacedConfigMap({ namespace: ns, body: configMap('a', {}, { v: '1' }) });
    await informer.start();
    await lines(seen, 1);
    const lists = fixture.kube.requestCount({ verb: 'list', resource: 'configmaps', namespace: ns });
    fixture.kube.expireHistory();
    await eventually('a relist', async () => (fixture.kube.requestCount({ verb: 'list', resource: 'configmaps', namespace: ns }) > lists ? true : undefined));
    await core.patchNamespacedConfigMap({ name: 'a', namespace: ns, body: { data: { v: '2' } } }, merge);
    await core.createNamespacedConfigMap({ namespace: ns, body: configMap('b') });
    await lines(seen, 3);
    await sleep(300);
    t.deepEqual(seen, ['add a', 'update a 2', 'add b']);
  } finally {
    await stop();
  }
});

/** Runs a raw watch until it ends; returns its events as `TYPE name-or-code`. */
function watchEvents(path: string, query: Record<string, string | number | boolean | undefined>): Promise<string[]> {
  const events: string[] = [];
  return new Promise((resolve, reject) => {
    new Watch(fixture.kubeConfig)
      .watch(path, query, (type, object) => events.push(`${type} ${object.metadata?.name ?? object.code ?? ''}`.trim()), () => resolve(events))
      .catch(reject);
  });
}

test.serial('watch: from a resourceVersion, with selector transitions, bookmarks, timeoutSeconds, and 410 once expired', async (t) => {
  const ns = await namespace('watching');
  const listed = await core.listNamespacedConfigMap({ namespace: ns });
  const from = listed.metadata!.resourceVersion!;
  await core.createNamespacedConfigMap({ namespace: ns, body: configMap('x', { team: 'a' }) });
  await core.patchNamespacedConfigMap({ name: 'x', namespace: ns, body: { metadata: { labels: { team: 'b' } } } }, merge);
  await core.patchNamespacedConfigMap({ name: 'x', namespace: ns, body: { metadata: { labels: { team: 'a' } } } }, merge);
  const events = await watchEvents(`/api/v1/namespaces/${ns}/configmaps`, { resourceVersion: from, labelSelector: 'team=a', timeoutSeconds: 1 });
  t.deepEqual(events, ['ADDED x', 'DELETED x', 'ADDED x'], 'leaving the selector is a DELETED, coming back an ADDED');

  const started = Date.now();
  const bookmarked = await watchEvents(`/api/v1/namespaces/${ns}/configmaps`, { resourceVersion: from, allowWatchBookmarks: true, fieldSelector: 'metadata.name=none', timeoutSeconds: 2 });
  t.true(bookmarked.includes('BOOKMARK'), JSON.stringify(bookmarked));
  t.true(Date.now() - started < 5000, 'timeoutSeconds ends the watch');

  const everything = await watchEvents(`/api/v1/namespaces/${ns}/configmaps`, { timeoutSeconds: 1 });
  t.deepEqual(everything, ['ADDED x'], 'without a resourceVersion a watch starts with every object');

  fixture.kube.expireHistory();
  t.deepEqual(await watchEvents(`/api/v1/namespaces/${ns}/configmaps`, { resourceVersion: from }), ['ERROR 410']);
  const relisted = await core.listNamespacedConfigMap({ namespace: ns });
  t.deepEqual(await watchEvents(`/api/v1/namespaces/${ns}/configmaps`, { resourceVersion: relisted.metadata!.resourceVersion, timeoutSeconds: 1 }), [], 'a fresh list resumes');
});

test('409 on a stale update and on AlreadyExists; a custom resource update needs a resourceVersion', async (t) => {
  const ns = await namespace('conflicts');
  const created = await core.createNamespacedConfigMap({ namespace: ns, body: configMap('c', {}, { v: '1' }) });
  await core.replaceNamespacedConfigMap({ name: 'c', namespace: ns, body: { ...created, data: { v: '2' } } });
  t.is(await statusOf(core.replaceNamespacedConfigMap({ name: 'c', namespace: ns, body: { ...created, data: { v: '3' } } })), 409);
  t.is(await statusOf(core.createNamespacedConfigMap({ namespace: ns, body: configMap('c') })), 409);
  const unconditional = { ...created, metadata: { ...created.metadata, resourceVersion: undefined }, data: { v: '4' } };
  t.is((await core.replaceNamespacedConfigMap({ name: 'c', namespace: ns, body: unconditional })).data!.v, '4', 'built-ins allow unconditional updates');

  const check = { apiVersion: 'monitoring.vantage.dev/v1', kind: 'UptimeCheck', metadata: { name: 'db', namespace: ns }, spec: { checkType: 'tcp', hostname: 'db.example.com', port: 5432, checkFrequency: 5, triggerLocations: ['eu-west'], minFailingLocations: 1 } };
  const target = { group: 'monitoring.vantage.dev', version: 'v1', namespace: ns, plural: 'uptimechecks', name: 'db' };
  await custom.createNamespacedCustomObject({ ...target, body: check });
  const error = await custom.replaceNamespacedCustomObject({ ...target, body: check }).catch((caught: ApiException<string>) => caught);
  t.is((error as ApiException<string>).code, 422);
  t.regex(String((error as ApiException<string>).body), /metadata\.resourceVersion: Invalid value: 0x0: must be specified for an update/);
});

test('merge patch, JSON patch (with test) and strategic merge patch of built-ins; strategic merge is refused for custom resources', async (t) => {
  const ns = await namespace('patches');
  await core.createNamespacedConfigMap({ namespace: ns, body: configMap('p', { a: '1' }, { x: '1', y: '2' }) });
  const merged = await core.patchNamespacedConfigMap({ name: 'p', namespace: ns, body: { data: { x: null, z: '3' }, metadata: { labels: { b: '2' } } } }, merge);
  t.deepEqual(merged.data, { y: '2', z: '3' });
  t.deepEqual(merged.metadata!.labels, { a: '1', b: '2' });
  const patched = await core.patchNamespacedConfigMap({ name: 'p', namespace: ns, body: [{ op: 'test', path: '/data/y', value: '2' }, { op: 'add', path: '/data/w', value: '4' }, { op: 'remove', path: '/data/z' }] }, jsonPatch);
  t.deepEqual(patched.data, { y: '2', w: '4' });
  t.is(await statusOf(core.patchNamespacedConfigMap({ name: 'p', namespace: ns, body: [{ op: 'test', path: '/data/y', value: 'no' }, { op: 'remove', path: '/data/y' }] }, jsonPatch)), 422);
  t.is(await statusOf(core.patchNamespacedConfigMap({ name: 'p', namespace: ns, body: [{ op: 'replace', path: '/metadata/resourceVersion', value: '1' }] }, jsonPatch)), 409, 'a resourceVersion in the patch is a precondition');
  const strategic = await core.patchNamespacedConfigMap({ name: 'p', namespace: ns, body: { metadata: { finalizers: ['a/b'] }, data: { v: '5' } } }, setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch));
  t.deepEqual(strategic.metadata!.finalizers, ['a/b']);
  t.is(strategic.data!.v, '5');
  t.is(await statusOf(core.patchNamespacedConfigMap({ name: 'p', namespace: ns, body: {} }, setHeaderOptions('Content-Type', 'text/plain'))), 415);
  const crTarget = { group: 'monitoring.vantage.dev', version: 'v1', namespace: ns, plural: 'uptimechecks', name: 'x' };
  t.is(await statusOf(custom.patchNamespacedCustomObject({ ...crTarget, body: {} }, setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch))), 415);
});

test('label selectors (=, ==, !=, in, notin, exists, !) and field selectors (metadata.name, metadata.namespace)', async (t) => {
  const ns = await namespace('selectors');
  await core.createNamespacedConfigMap({ namespace: ns, body: configMap('web', { tier: 'front', env: 'prod' }) });
  await core.createNamespacedConfigMap({ namespace: ns, body: configMap('api', { tier: 'back', env: 'prod' }) });
  await core.createNamespacedConfigMap({ namespace: ns, body: configMap('job', { tier: 'back' }) });
  const names = async (labelSelector?: string, fieldSelector?: string) =>
    (await core.listNamespacedConfigMap({ namespace: ns, labelSelector, fieldSelector })).items.map((item) => item.metadata!.name).sort();
  t.deepEqual(await names('tier=back'), ['api', 'job']);
  t.deepEqual(await names('tier==front'), ['web']);
  t.deepEqual(await names('tier!=front'), ['api', 'job']);
  t.deepEqual(await names('tier in (front,back),env'), ['api', 'web']);
  t.deepEqual(await names('tier notin (front)'), ['api', 'job']);
  t.deepEqual(await names('!env'), ['job']);
  t.deepEqual(await names(undefined, 'metadata.name=api'), ['api']);
  t.deepEqual(await names(undefined, 'metadata.name!=api,metadata.namespace=selectors'), ['job', 'web']);
  t.deepEqual((await core.listConfigMapForAllNamespaces({ fieldSelector: `metadata.namespace=${ns}`, labelSelector: 'env=prod' })).items.length, 2);
  t.is(await statusOf(core.listNamespacedConfigMap({ namespace: ns, labelSelector: 'tier in front' })), 400);
  t.is(await statusOf(core.listNamespacedConfigMap({ namespace: ns, fieldSelector: 'data.x=1' })), 400);
});

test('Leases: create, renew from the current resourceVersion, 409 from a stale one', async (t) => {
  const ns = await namespace('leases');
  const leases = fixture.kubeConfig.makeApiClient(CoordinationV1Api);
  const lease = await leases.createNamespacedLease({ namespace: ns, body: { metadata: { name: 'leader' }, spec: { holderIdentity: 'a', leaseDurationSeconds: 15, renewTime: new Date() } } });
  t.is(lease.spec!.holderIdentity, 'a');
  const renewed = await leases.replaceNamespacedLease({ name: 'leader', namespace: ns, body: { ...lease, spec: { ...lease.spec, renewTime: new Date(), leaseTransitions: 0 } } });
  t.not(renewed.metadata!.resourceVersion, lease.metadata!.resourceVersion);
  t.is(await statusOf(leases.replaceNamespacedLease({ name: 'leader', namespace: ns, body: { ...lease, spec: { ...lease.spec, holderIdentity: 'b' } } })), 409);
  t.is((await leases.readNamespacedLease({ name: 'leader', namespace: ns })).spec!.holderIdentity, 'a');
});

test('Deployments: generation follows the spec only; status goes through /status', async (t) => {
  const ns = await namespace('deployments');
  const deployment: V1Deployment = {
    metadata: { name: 'agent' },
    spec: { replicas: 2, selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'agent:1' }] } } },
    status: { replicas: 9 },
  };
  const created = await apps.createNamespacedDeployment({ namespace: ns, body: deployment });
  t.is(created.metadata!.generation, 1);
  t.is(created.status, undefined, 'status is not written on create');
  const labelled = await apps.patchNamespacedDeployment({ name: 'agent', namespace: ns, body: { metadata: { labels: { x: 'y' } } } }, merge);
  t.is(labelled.metadata!.generation, 1);
  const status = await apps.replaceNamespacedDeploymentStatus({ name: 'agent', namespace: ns, body: { ...labelled, status: { replicas: 2, readyReplicas: 2, observedGeneration: 1 } } });
  t.is(status.metadata!.generation, 1);
  t.is(status.status!.readyReplicas, 2);
  const scaled = await apps.patchNamespacedDeployment({ name: 'agent', namespace: ns, body: { spec: { replicas: 3 }, status: { readyReplicas: 0 } } }, merge);
  t.is(scaled.metadata!.generation, 2);
  t.is(scaled.status!.readyReplicas, 2, 'the main endpoint leaves status alone');
});

test('garbage collection through ownerReferences; Orphan keeps the dependents; a second owner keeps one alive', async (t) => {
  const ns = await namespace('owners');
  const owner = await core.createNamespacedConfigMap({ namespace: ns, body: configMap('template') });
  const other = await core.createNamespacedConfigMap({ namespace: ns, body: configMap('other') });
  const ref = (object: V1ConfigMap) => ({ apiVersion: 'v1', kind: 'ConfigMap', name: object.metadata!.name!, uid: object.metadata!.uid!, controller: object === owner });
  await apps.createNamespacedDeployment({
    namespace: ns,
    body: { metadata: { name: 'agent-eu', ownerReferences: [ref(owner)] }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } },
  });
  await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'shared', ownerReferences: [ref(owner), ref(other)] } } });
  await core.deleteNamespacedConfigMap({ name: 'template', namespace: ns });
  await eventually('the dependent Deployment to go', async () => ((await apps.listNamespacedDeployment({ namespace: ns })).items.length === 0 ? true : undefined));
  const shared = await core.readNamespacedConfigMap({ name: 'shared', namespace: ns });
  t.deepEqual(shared.metadata!.ownerReferences!.map((reference) => reference.name), ['other']);

  await core.deleteNamespacedConfigMap({ name: 'other', namespace: ns, propagationPolicy: 'Orphan' });
  await sleep(200);
  t.is((await core.readNamespacedConfigMap({ name: 'shared', namespace: ns })).metadata!.ownerReferences, undefined, 'orphaned, not deleted');
});

test('events written as core/v1 are read as events.k8s.io/v1 and back', async (t) => {
  const ns = await namespace('events');
  const events = fixture.kubeConfig.makeApiClient(EventsV1Api);
  const regarding = { apiVersion: 'monitoring.vantage.dev/v1', kind: 'UptimeCheck', name: 'shop', namespace: ns };
  await core.createNamespacedEvent({ namespace: ns, body: { metadata: { generateName: 'shop.' }, involvedObject: regarding, reason: 'Refused', message: 'quorum too high', type: 'Warning', reportingComponent: 'vantage-operator' } });
  const asNew = await events.listNamespacedEvent({ namespace: ns });
  t.is(asNew.items.length, 1);
  t.like(asNew.items[0], { reason: 'Refused', note: 'quorum too high', reportingController: 'vantage-operator', regarding: { name: 'shop' } });
  t.regex(asNew.items[0]!.metadata!.name!, /^shop\.[a-z0-9]{5}$/);
  await events.createNamespacedEvent({ namespace: ns, body: { metadata: { name: 'second' }, eventTime: new Date(), reason: 'Synced', note: 'applied', type: 'Normal', regarding, reportingController: 'vantage-operator', reportingInstance: 'pod-1', action: 'Sync' } });
  const asOld = await core.listNamespacedEvent({ namespace: ns, fieldSelector: 'reason=Synced' });
  t.like(asOld.items[0], { metadata: { name: 'second' }, message: 'applied', involvedObject: { name: 'shop' } });
});

test('namespaces: writes into a missing one are 404; deleting one deletes its content and waits for finalizers', async (t) => {
  t.is(await statusOf(core.createNamespacedConfigMap({ namespace: 'nowhere', body: configMap('x') })), 404);
  const ns = await namespace('doomed');
  await core.createNamespacedConfigMap({ namespace: ns, body: { metadata: { name: 'held', finalizers: ['example.com/hold'] } } });
  await core.createNamespacedConfigMap({ namespace: ns, body: configMap('free') });
  await core.deleteNamespace({ name: ns });
  t.is((await core.readNamespace({ name: ns })).status!.phase, 'Terminating');
  t.is(await statusOf(core.readNamespacedConfigMap({ name: 'free', namespace: ns })), 404);
  t.truthy((await core.readNamespacedConfigMap({ name: 'held', namespace: ns })).metadata!.deletionTimestamp);
  t.is(await statusOf(core.createNamespacedConfigMap({ namespace: ns, body: configMap('late') })), 403);
  await core.patchNamespacedConfigMap({ name: 'held', namespace: ns, body: { metadata: { finalizers: null } } }, merge);
  t.is(await statusOf(core.readNamespace({ name: ns })), 404);
});

test.serial('the server counts requests by verb and resource, and can be made unavailable (503, open watches cut)', async (t) => {
  const ns = await namespace('outage');
  const before = fixture.kube.requestCount({ verb: 'create', resource: 'configmaps', namespace: ns });
  await core.createNamespacedConfigMap({ namespace: ns, body: configMap('one') });
  t.is(fixture.kube.requestCount({ verb: 'create', resource: 'configmaps', namespace: ns }), before + 1);
  const watching = watchEvents(`/api/v1/namespaces/${ns}/configmaps`, {});
  await sleep(200);
  fixture.kube.setUnavailable(true);
  try {
    t.deepEqual(await watching, ['ADDED one'], 'the open watch ends');
    t.is(await statusOf(core.readNamespacedConfigMap({ name: 'one', namespace: ns })), 503);
  } finally {
    fixture.kube.setUnavailable(false);
  }
  t.is((await core.readNamespacedConfigMap({ name: 'one', namespace: ns })).metadata!.name, 'one');
});
