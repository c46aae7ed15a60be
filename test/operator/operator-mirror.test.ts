import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { KubeConfig } from '@kubernetes/client-node';
import { startOperator, type RunningOperator } from '../../operator/vantage-operator.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { createLogger } from '../../src/log.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { ApiHarness, type Account } from '../api/helpers/api-harness.js';
import { startKubeTestServer, type KubeTestServer } from '../support/kube/index.js';
import { eventually, kubectl } from '../support/kubectl.js';
import { temporaryFolder } from '../support/temporary-folder.js';

let api: ApiHarness;
let kube: KubeTestServer;
let operator: RunningOperator;
let account: Account;

const k = (...args: string[]) => kubectl(kube.kubeconfigPath, args);
const kIn = (input: string, ...args: string[]) => kubectl(kube.kubeconfigPath, args, input);
const STATUS_SECONDS = 2;

async function resource(kind: string, name: string, namespace = 'shop'): Promise<any> {
  const got = await k('get', kind, name, '-n', namespace, '-o', 'json');
  return got.code === 0 ? JSON.parse(got.stdout) : undefined;
}

async function checksByName(): Promise<Map<string, any>> {
  const listed = await api.call('GET', '/mobile/uptime-checks?limit=200', { account });
  return new Map((listed.body.data as any[]).map((check) => [check.name, check]));
}

const conditionOf = (object: any, type: string) => (object?.status?.conditions ?? []).find((c: any) => c.type === type);

test.before(async () => {
  api = await ApiHarness.start({}, { VANTAGE_LOCATIONS: 'eu-west,us-east,ap-south' });
  account = await api.account('pro');
  kube = await startKubeTestServer();
  const applied = await k('apply', '-f', 'examples/operator/');
  if (applied.code !== 0) throw new Error(applied.stderr);
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kube.kubeconfigPath);
  operator = await startOperator({
    kubeConfig,
    store: api.store,
    bus: api.bus,
    settings: loadSettings({
      VANTAGE_LOCATIONS: 'eu-west,us-east,ap-south',
      VANTAGE_OPERATOR_NAMESPACE: 'vantage-system',
      VANTAGE_OPERATOR_RESYNC_SECONDS: '1',
      VANTAGE_OPERATOR_LEASE_SECONDS: '3',
      VANTAGE_OPERATOR_STATUS_SECONDS: String(STATUS_SECONDS),
    }),
    logger: createLogger(process.env.VANTAGE_TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent'),
    namespace: 'vantage-system',
    identity: 'operator-under-test',
  });
});

test.after.always(async () => {
  await operator?.stop();
  await kube?.close();
  await api?.close();
});

test.serial('kubectl apply -f examples/ makes rows the API shows as Kubernetes-managed and refuses to change', async (t) => {
  t.is(account.workspaceId, 1, 'the examples name workspace 1');
  const applied = await k('apply', '-f', 'examples/');
  t.is(applied.code, 0, applied.stderr);
  const checks = await eventually('the three example checks', async () => {
    const byName = await checksByName();
    return byName.size === 3 ? byName : undefined;
  });
  t.deepEqual([...checks.keys()].sort(), ['Shop home page', 'shop-db', 'shop-dns']);
  const home = (await api.call('GET', `/mobile/uptime-checks/${checks.get('Shop home page').id}`, { account })).body.data;
  t.like(home, { can_mutate: false, managed_by: 'kubernetes', kubernetes_ref: 'shop/shop-home', hostname: 'shop.example.com', min_failing_locations: 2 });
  const refused = await api.call('POST', `/mobile/uptime-checks/${home.id}/update`, { account, body: { name: 'x', check_type: 'http', hostname: 'a.example.com', protocol: 'https' } });
  t.is(refused.status, 409);
  t.regex(refused.body.error.message, /shop\/shop-home/);
  t.is((await api.call('POST', `/mobile/uptime-checks/${home.id}/delete`, { account })).status, 409);

  const domains = await eventually('the example domain', async () => {
    const listed = (await api.call('GET', '/mobile/domains', { account })).body.data as any[];
    return listed.length === 1 ? listed : undefined;
  });
  t.is(domains[0].name, 'shop.example.com');
  const windows = await eventually('the example window', async () => {
    const listed = (await api.call('GET', '/mobile/maintenance-windows', { account })).body.data as any[];
    return listed.length === 1 ? listed : undefined;
  });
  t.like(windows[0], { name: 'Database upgrade', scope: 'uptime_check', can_mutate: false });
});

test.serial('kubectl get uc prints the checks, and kubectl wait --for=condition=Ready returns', async (t) => {
  const waited = await k('wait', '--for=condition=Ready', 'uc/shop-home', 'uc/shop-db', 'uc/shop-dns', '-n', 'shop', '--timeout=30s');
  t.is(waited.code, 0, waited.stderr);
  const listed = await k('get', 'uc', '-n', 'shop');
  t.is(listed.code, 0, listed.stderr);
  t.regex(listed.stdout, /^NAME\s+TYPE\s+HOST/m);
  t.regex(listed.stdout, /shop-home\s+http\s+shop\.example\.com/);
  t.regex(listed.stdout, /shop-db\s+tcp/);
  const home = await resource('uc', 'shop-home');
  t.true(Number.isInteger(home.status.id));
  t.is(home.status.observedGeneration, home.metadata.generation);
  t.like(conditionOf(home, 'Synced'), { status: 'True', reason: 'Applied' });
  t.deepEqual(home.metadata.finalizers, ['monitoring.vantage.dev/row']);
  const domainWait = await k('wait', '--for=condition=Ready', 'domain.monitoring.vantage.dev/shop-certificate', 'vmw/db-upgrade', '-n', 'shop', '--timeout=30s');
  t.is(domainWait.code, 0, domainWait.stderr);
  const all = await k('get', 'vantage', '-n', 'shop', '-o', 'name');
  t.is(all.code, 0, all.stderr);
  for (const name of ['uptimecheck.monitoring.vantage.dev/shop-home', 'domain.monitoring.vantage.dev/shop-certificate', 'maintenancewindow.monitoring.vantage.dev/db-upgrade']) {
    t.true(all.stdout.split('\n').includes(name), `kubectl get vantage lists ${name}: ${all.stdout}`);
  }
  const ready = await k('get', 'vdom,vmw', '-n', 'shop');
  t.regex(ready.stdout, /shop-certificate\s+shop\.example\.com\s+True/);
  t.regex(ready.stdout, /db-upgrade\s+uptime_check\s+\S+\s+\S+\s+True/);
});

test.serial('editing a manifest and applying it again updates the row and observedGeneration', async (t) => {
  const folder = temporaryFolder('manifest');
  const edited = readFileSync('examples/http-check.yaml', 'utf8').replace('hostname: shop.example.com', 'hostname: www.shop.example.com').replace('checkFrequency: 1', 'checkFrequency: 2');
  writeFileSync(join(folder, 'http-check.yaml'), edited);
  const applied = await k('apply', '-f', join(folder, 'http-check.yaml'));
  t.is(applied.code, 0, applied.stderr);
  const updated = await eventually('the edited row', async () => {
    const check = (await checksByName()).get('Shop home page');
    return check?.hostname === 'www.shop.example.com' ? check : undefined;
  });
  t.is(updated.check_frequency, 2);
  const home = await eventually('observedGeneration 2', async () => {
    const object = await resource('uc', 'shop-home');
    return object?.status?.observedGeneration === 2 ? object : undefined;
  });
  t.is(home.metadata.generation, 2);
  t.is(conditionOf(home, 'Ready').observedGeneration, 2);
  t.is((await checksByName()).size, 3, 'an update makes no second row');
});

test.serial('a resource that breaks a rule only the installation knows gets Synced=False, an Event, and no row', async (t) => {
  const manifest = `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata:
  name: broken-quorum
  namespace: shop
spec:
  checkType: http
  hostname: quorum.example.com
  protocol: https
  checkFrequency: 1
  triggerLocations: [eu-west, mars]
  minFailingLocations: 1
  notificationGroups: [no-such-group]
`;
  const applied = await kIn(manifest, 'apply', '-f', '-');
  t.is(applied.code, 0, applied.stderr);
  const broken = await eventually('Synced=False', async () => {
    const object = await resource('uc', 'broken-quorum');
    return conditionOf(object, 'Synced')?.status === 'False' ? object : undefined;
  });
  const synced = conditionOf(broken, 'Synced');
  t.is(synced.reason, 'InvalidSpec');
  t.regex(synced.message, /spec\.triggerLocations "mars" is not a location this check can use/);
  t.regex(synced.message, /no-such-group/);
  t.is(conditionOf(broken, 'Ready').status, 'False');
  const events = await eventually('a Warning event', async () => {
    const listed = await k('get', 'events', '-n', 'shop', '-o', 'json');
    const items = JSON.parse(listed.stdout).items as any[];
    const mine = items.filter((event) => event.involvedObject.name === 'broken-quorum');
    return mine.length ? mine : undefined;
  });
  t.like(events[0], { type: 'Warning', reason: 'InvalidSpec' });
  t.false((await checksByName()).has('broken-quorum'));
  const waited = await k('wait', '--for=condition=Ready', 'uc/broken-quorum', '-n', 'shop', '--timeout=2s');
  t.not(waited.code, 0);
  t.is((await k('delete', 'uc', 'broken-quorum', '-n', 'shop', '--timeout=20s')).code, 0);
});

test.serial('an API-made check appears as a resource; a hand edit is put back; deleting either side deletes the other', async (t) => {
  const created = await api.call('POST', '/mobile/uptime-checks', {
    account,
    body: { name: 'Made by the API', check_type: 'http', hostname: 'api-made.example.com', protocol: 'https', check_frequency: 5, trigger_locations: ['eu-west'], min_failing_locations: 1 },
  });
  t.is(created.status, 201, created.text);
  const id = created.body.data.id as number;
  const name = `made-by-the-api-${id}`;
  const mirrored = await eventually('the mirrored resource', () => resource('uc', name));
  t.is(mirrored.metadata.labels['vantage.dev/origin'], 'api');
  t.like(mirrored.spec, { name: 'Made by the API', hostname: 'api-made.example.com', checkFrequency: 5 });
  const detail = (await api.call('GET', `/mobile/uptime-checks/${id}`, { account })).body.data;
  t.like(detail, { can_mutate: true, managed_by: 'api', kubernetes_ref: `shop/${name}` });

  const edited = await k('patch', 'uc', name, '-n', 'shop', '--type', 'merge', '-p', '{"spec":{"hostname":"hijacked.example.com","path":"/hijacked","responseTimeout":2000}}');
  t.is(edited.code, 0, edited.stderr);
  const restored = await eventually('the edit put back', async () => {
    const object = await resource('uc', name);
    return object?.spec.hostname === 'api-made.example.com' ? object : undefined;
  });
  t.like(restored.spec, { path: '/', responseTimeout: 10_000 });
  t.is((await api.call('GET', `/mobile/uptime-checks/${id}`, { account })).body.data.hostname, 'api-made.example.com');

  const updated = await api.call('POST', `/mobile/uptime-checks/${id}/update`, {
    account,
    body: { name: 'Made by the API', check_type: 'http', hostname: 'moved.example.com', protocol: 'https', check_frequency: 5, trigger_locations: ['eu-west'], min_failing_locations: 1 },
  });
  t.is(updated.status, 200, updated.text);
  await eventually('the API change mirrored', async () => ((await resource('uc', name))?.spec.hostname === 'moved.example.com' ? true : undefined));

  t.is((await api.call('POST', `/mobile/uptime-checks/${id}/delete`, { account })).status, 200);
  await eventually('the resource gone with its row', async () => ((await k('get', 'uc', name, '-n', 'shop')).code !== 0 ? true : undefined));

  const second = await api.call('POST', '/mobile/uptime-checks', {
    account,
    body: { name: 'Second', check_type: 'http', hostname: 'second.example.com', protocol: 'https', check_frequency: 5, trigger_locations: ['eu-west'], min_failing_locations: 1 },
  });
  const secondName = `second-${second.body.data.id}`;
  await eventually('the second resource', () => resource('uc', secondName));
  const deleted = await k('delete', 'uc', secondName, '-n', 'shop', '--timeout=20s');
  t.is(deleted.code, 0, deleted.stderr);
  t.is((await api.call('GET', `/mobile/uptime-checks/${second.body.data.id}`, { account })).status, 404);
});

test.serial('an API-made TCP check mirrors with the CRD defaults of the other types filled in, and the operator leaves it alone', async (t) => {
  const created = await api.call('POST', '/mobile/uptime-checks', {
    account,
    body: { name: 'SSH banner', check_type: 'tcp', hostname: 'ssh.example.com', port: 22, banner_match_operator: 'contains', banner_match_value: 'SSH-2.0', trigger_locations: ['eu-west'] },
  });
  t.is(created.status, 201, created.text);
  const name = `ssh-banner-${created.body.data.id}`;
  const ready = await eventually('the mirrored resource Ready', async () => {
    const object = await resource('uc', name);
    return conditionOf(object, 'Ready')?.status === 'True' ? object : undefined;
  });
  t.like(ready.spec, { checkType: 'tcp', port: 22, bannerMatchOperator: 'contains', bannerMatchValue: 'SSH-2.0', requestMethod: 'get', path: '/', checkFrequency: 5 });
  // Several resyncs (one a second) later: nothing put back, so the defaults caused no drift.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const later = await resource('uc', name);
  t.is(later.metadata.generation, ready.metadata.generation);
  t.deepEqual(later.spec, ready.spec);
  t.is((await api.call('POST', `/mobile/uptime-checks/${created.body.data.id}/delete`, { account })).status, 200);
  await eventually('the resource gone with its row', async () => ((await k('get', 'uc', name, '-n', 'shop')).code !== 0 ? true : undefined));
});

test.serial('watches cut mid-stream and expired history lose and double nothing', async (t) => {
  kube.dropWatches();
  const manifest = (name: string) => `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata:
  name: ${name}
  namespace: shop
spec:
  checkType: http
  hostname: ${name}.example.com
  protocol: https
  checkFrequency: 10
  triggerLocations: [us-east]
  minFailingLocations: 1
`;
  t.is((await kIn(manifest('after-cut'), 'apply', '-f', '-')).code, 0);
  kube.expireHistory();
  t.is((await kIn(manifest('after-expiry'), 'apply', '-f', '-')).code, 0);
  kube.dropWatches();
  t.is((await k('delete', 'uc', 'after-cut', '-n', 'shop', '--wait=false')).code, 0);
  await eventually('after-expiry synced and after-cut gone', async () => {
    const byName = await checksByName();
    return byName.has('after-expiry') && !byName.has('after-cut') && (await k('get', 'uc', 'after-cut', '-n', 'shop')).code !== 0 ? true : undefined;
  });
  const rows = await api.em.find(UptimeCheck, { workspace: account.workspaceId });
  const names = rows.map((row) => row.name);
  t.is(new Set(names).size, names.length, 'no duplicate rows');
  const uids = rows.map((row) => row.kubernetesUid).filter(Boolean);
  t.is(new Set(uids).size, uids.length);
  t.is((await k('delete', 'uc', 'after-expiry', '-n', 'shop', '--timeout=20s')).code, 0);
});

test.serial('the GitOps layout applies with kubectl apply -k', async (t) => {
  const applied = await k('apply', '-k', 'examples/gitops');
  t.is(applied.code, 0, applied.stderr);
  const check = await eventually('the payments check', async () => (await checksByName()).get('payments-api'));
  const detail = (await api.call('GET', `/mobile/uptime-checks/${check.id}`, { account })).body.data;
  t.like(detail, { kubernetes_ref: 'payments/payments-api', managed_by: 'kubernetes', can_mutate: false });
  const waited = await k('wait', '--for=condition=Ready', 'uc/payments-api', '-n', 'payments', '--timeout=30s');
  t.is(waited.code, 0, waited.stderr);
});

test.serial('agent Deployments follow the locations checks use', async (t) => {
  const deployments = async () => {
    const listed = await k('get', 'deployments', '-n', 'vantage-system', '-o', 'json');
    return new Map((JSON.parse(listed.stdout).items as any[]).map((d) => [d.metadata.labels['vantage.dev/location'], d]));
  };
  const all = await eventually('three agent Deployments', async () => {
    const found = await deployments();
    return found.size === 3 ? found : undefined;
  });
  const euWest = all.get('eu-west');
  t.is(euWest.metadata.name, 'vantage-agent-eu-west');
  t.is(euWest.spec.replicas, 2);
  t.deepEqual(euWest.spec.template.spec.containers[0].args, ['agent', '--location', 'eu-west']);
  t.deepEqual(euWest.spec.template.spec.nodeSelector, { 'topology.kubernetes.io/region': 'eu-west-1' });
  t.like(euWest.metadata.ownerReferences[0], { kind: 'ConfigMap', name: 'vantage-agent-template', controller: true });

  // ap-south is used by shop-dns and payments-api; take both away from it.
  t.is((await k('delete', 'uc', 'shop-dns', '-n', 'shop', '--timeout=20s')).code, 0);
  t.is((await k('delete', '-k', 'examples/gitops', '--timeout=30s')).code, 0);
  const left = await eventually('ap-south Deployment removed', async () => {
    const found = await deployments();
    return found.has('ap-south') ? undefined : found;
  });
  t.deepEqual([...left.keys()].sort(), ['eu-west', 'us-east']);
});

test.serial('status writes stay within the stated bound while checks run, and a state change goes out at once', async (t) => {
  const em = api.em;
  const checks = await em.find(UptimeCheck, { workspace: account.workspaceId });
  t.true(checks.length >= 2);
  const statusWrites = () => kube.requestCount({ verb: 'patch', resource: 'uptimechecks', subresource: 'status' });
  const before = statusWrites();
  const seconds = 8;
  const started = Date.now();
  // What the engine does every cycle: a new last-run time on every check, here four times a second.
  while (Date.now() - started < seconds * 1000) {
    await em.getConnection().execute(`insert into uptime_check_last_runs (check_id, last_run_at) select id, now() from uptime_checks where workspace_id = ${account.workspaceId} on conflict (check_id) do update set last_run_at = excluded.last_run_at`);
    await em.getConnection().execute(`update uptime_checks set state = 'up' where workspace_id = ${account.workspaceId} and state <> 'up'`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const writes = statusWrites() - before;
  const bound = checks.length * (Math.ceil(seconds / STATUS_SECONDS) + 2);
  t.true(writes <= bound, `${writes} status writes for ${checks.length} checks in ${seconds} s; bound ${bound}`);
  t.true(writes >= checks.length, 'every check had its last run written');
  const home = await resource('uc', 'shop-home');
  t.is(home.status.state, 'up');
  t.truthy(home.status.lastRunAt);

  await em.getConnection().execute(`update uptime_checks set state = 'down' where kubernetes_ref = 'shop/shop-home'`);
  const started2 = Date.now();
  await eventually('the down state on the resource', async () => ((await resource('uc', 'shop-home'))?.status.state === 'down' ? true : undefined), 5000);
  t.true(Date.now() - started2 < STATUS_SECONDS * 1000 + 1500, 'a state change is not held back');

  // An edit saves the row, and its status is written from the row as saved: the last run stays.
  t.is((await k('patch', 'uc', 'shop-home', '-n', 'shop', '--type', 'merge', '-p', '{"spec":{"responseTimeout":9000}}')).code, 0);
  const edited = await eventually('the edit applied and its status written', async () => {
    const found = await resource('uc', 'shop-home');
    return found?.status.observedGeneration === found?.metadata.generation && found.spec.responseTimeout === 9000 ? found : undefined;
  });
  const [stored] = await em.getConnection().execute<Array<{ at: Date | string }>>(
    `select r.last_run_at as at from uptime_check_last_runs r join uptime_checks c on c.id = r.check_id where c.kubernetes_ref = 'shop/shop-home'`,
  );
  t.like(edited.status, { state: 'down', lastRunAt: new Date(stored!.at).toISOString().replace(/\.\d{3}Z$/, 'Z') });
});

test.serial('an outage of the Kubernetes API stops the leader acting, and it leads and mirrors again by itself afterwards', async (t) => {
  t.true(operator.isLeader());
  kube.setUnavailable(true);
  await eventually('the leader stepping down', async () => (operator.isLeader() ? undefined : true), 10_000);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  kube.setUnavailable(false);
  await eventually('leading again', async () => (operator.isLeader() ? true : undefined), 15_000);
  const manifest = `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata:
  name: after-outage
  namespace: shop
spec:
  checkType: http
  hostname: after-outage.example.com
  protocol: https
  checkFrequency: 10
  triggerLocations: [us-east]
  minFailingLocations: 1
`;
  t.is((await kIn(manifest, 'apply', '-f', '-')).code, 0);
  await eventually('the check applied after the outage', async () => ((await checksByName()).has('after-outage') ? true : undefined), 15_000);
  t.is((await k('delete', 'uc', 'after-outage', '-n', 'shop', '--timeout=20s')).code, 0);
});

test.serial('kubectl delete removes the rows', async (t) => {
  const deleted = await k('delete', '-f', 'examples/', '--ignore-not-found', '--timeout=30s');
  t.is(deleted.code, 0, deleted.stderr);
  await eventually('no rows left', async () => ((await checksByName()).size === 0 ? true : undefined));
  t.is((await api.call('GET', '/mobile/domains', { account })).body.data.length, 0);
  t.is((await api.call('GET', '/mobile/maintenance-windows', { account })).body.data.length, 0);
});
