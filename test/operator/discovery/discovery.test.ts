import test from 'ava';
import type { RunningOperator } from '../../../operator/vantage-operator.js';
import { UptimeCheck } from '../../../src/store/entities/uptime-check.js';
import { ApiHarness, type Account } from '../../api/helpers/api-harness.js';
import { GATEWAY_API_CRDS, startKubeTestServer, type KubeTestServer } from '../../support/kube/index.js';
import { eventually } from '../../support/kubectl.js';
import { kubectlOf, LogLines, startDiscoveringOperator } from './discovery-support.js';

let api: ApiHarness;
let kube: KubeTestServer;
let operator: RunningOperator;
let account: Account;
let k: ReturnType<typeof kubectlOf>;
const logs = new LogLines();

async function listed(kind: string, selector: string, namespace = 'shop'): Promise<any[]> {
  const got = await k.run('get', kind, '-n', namespace, '-l', selector, '-o', 'json');
  if (got.code !== 0) throw new Error(got.stderr);
  return JSON.parse(got.stdout).items;
}

const ofSource = (kind: string, name: string) => `vantage.dev/origin=discovered,vantage.dev/source-kind=${kind},vantage.dev/source-name=${name}`;
const targetsOf = (checks: any[]) => checks.map((check) => `${check.spec.protocol ?? 'tcp'}://${check.spec.hostname}${check.spec.checkType === 'http' ? check.spec.path : `:${check.spec.port}`}`).sort();

/** The discovered checks of a source once they are exactly `count`. */
async function checksOf(kind: string, name: string, count: number, namespace = 'shop'): Promise<any[]> {
  return eventually(`${count} checks of ${kind} ${name}`, async () => {
    const checks = await listed('uc', ofSource(kind, name), namespace);
    return checks.length === count ? checks : undefined;
  });
}

async function eventsOf(name: string, reason: string, namespace = 'shop'): Promise<any[]> {
  const got = await k.run('get', 'events', '-n', namespace, '--field-selector', `involvedObject.name=${name},reason=${reason}`, '-o', 'json');
  if (got.code !== 0) throw new Error(got.stderr);
  return JSON.parse(got.stdout).items;
}

const anEvent = (name: string, reason: string, namespace = 'shop') =>
  eventually(`a ${reason} Event on ${name}`, async () => {
    const events = await eventsOf(name, reason, namespace);
    return events.length > 0 ? events : undefined;
  });

const ingress = (name: string, annotations: Record<string, string>, rules: Array<{ host: string; paths: string[] }>, tlsHosts: string[] = [], namespace = 'shop') =>
  JSON.stringify({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: { name, namespace, annotations },
    spec: {
      ...(tlsHosts.length ? { tls: [{ hosts: tlsHosts, secretName: `${name}-tls` }] } : {}),
      rules: rules.map((rule) => ({
        host: rule.host,
        http: { paths: rule.paths.map((path) => ({ path, pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } })) },
      })),
    },
  });

const ENABLED = { 'monitoring.vantage.dev/enabled': 'true' };

test.before(async () => {
  api = await ApiHarness.start({}, { VANTAGE_LOCATIONS: 'eu-west,us-east,ap-south' });
  account = await api.account('pro');
  kube = await startKubeTestServer();
  k = kubectlOf(kube);
  for (const file of ['examples/operator/', 'examples/00-namespace.yaml']) {
    const applied = await k.run('apply', '-f', file);
    if (applied.code !== 0) throw new Error(applied.stderr);
  }
  operator = await startDiscoveringOperator(api, kube, 'discovery-under-test', logs);
});

test.after.always(async () => {
  await operator?.stop();
  await kube?.close();
  await api?.close();
});

test.serial('without the Gateway API CRDs, an annotated Ingress with two hosts and two paths gets four checks and one Domain, with one log line about routes', async (t) => {
  t.is(account.workspaceId, 1, 'namespace shop names workspace 1');
  const applied = await k.apply(ingress('web', ENABLED, [{ host: 'shop.example.com', paths: ['/', '/api'] }, { host: 'blog.example.com', paths: ['/', '/api'] }], ['shop.example.com']));
  t.is(applied.code, 0, applied.stderr);
  const checks = await checksOf('Ingress', 'web', 4);
  t.deepEqual(targetsOf(checks), ['http://blog.example.com/', 'http://blog.example.com/api', 'https://shop.example.com/', 'https://shop.example.com/api']);
  const source = JSON.parse((await k.run('get', 'ingress', 'web', '-n', 'shop', '-o', 'json')).stdout);
  for (const check of checks) {
    t.deepEqual(check.metadata.ownerReferences, [{ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'web', uid: source.metadata.uid, controller: true }]);
    t.is(check.metadata.labels['vantage.dev/origin'], 'discovered');
  }
  const domains = await eventually('the Domain of the TLS host', async () => {
    const found = await listed('domain.monitoring.vantage.dev', ofSource('Ingress', 'web'));
    return found.length === 1 ? found : undefined;
  });
  t.is(domains[0].spec.name, 'shop.example.com');
  const rows = await eventually('four rows made by the mirror', async () => {
    const found = await api.em.fork().find(UptimeCheck, { workspace: account.workspaceId, managedBy: 'kubernetes' });
    return found.length === 4 ? found : undefined;
  });
  t.true(rows.every((row) => row.kubernetesRef?.startsWith('shop/web-')));
  // Resyncs run every second: the absence is still told once.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  t.is(logs.matching(/Gateway API .* not served/).length, 1);
  t.is(logs.lines.filter((line) => line.level === 50).length, 0, 'no error lines');
  t.is(logs.lines.filter((line) => line.resource === 'httproutes' || line.resource === 'gateways').length, 0, 'no watch of an API that is not there');
});

test.serial('the example Ingress gets its checks with the annotations applied', async (t) => {
  const applied = await k.run('apply', '-f', 'examples/discovery/ingress.yaml');
  t.is(applied.code, 0, applied.stderr);
  const checks = await checksOf('Ingress', 'storefront', 3);
  t.deepEqual(targetsOf(checks), ['http://status.shop.example.com/', 'https://shop.example.com/', 'https://shop.example.com/api/health']);
  for (const check of checks) t.like(check.spec, { checkFrequency: 1, triggerLocations: ['eu-west', 'us-east'], minFailingLocations: 2, responseClasses: ['2XX', '3XX'] });
  await eventually('every check Ready', async () => {
    const current = await listed('uc', ofSource('Ingress', 'storefront'));
    return current.every((check) => check.status?.conditions?.some((condition: any) => condition.type === 'Ready' && condition.status === 'True')) ? true : undefined;
  });
  t.is((await k.run('delete', '-f', 'examples/discovery/ingress.yaml')).code, 0);
  await checksOf('Ingress', 'storefront', 0);
});

test.serial('a host removed from the Ingress removes its checks only; the annotation removed removes them all', async (t) => {
  const before = await checksOf('Ingress', 'web', 4);
  const shopUids = before.filter((check) => check.spec.hostname === 'shop.example.com').map((check) => check.metadata.uid).sort();
  const applied = await k.apply(ingress('web', ENABLED, [{ host: 'shop.example.com', paths: ['/', '/api'] }], ['shop.example.com']));
  t.is(applied.code, 0, applied.stderr);
  const after = await checksOf('Ingress', 'web', 2);
  t.deepEqual(after.map((check) => check.metadata.uid).sort(), shopUids, 'the remaining checks are the same objects');
  t.is((await listed('domain.monitoring.vantage.dev', ofSource('Ingress', 'web'))).length, 1);

  const annotated = await k.run('annotate', 'ingress', 'web', '-n', 'shop', 'monitoring.vantage.dev/enabled-');
  t.is(annotated.code, 0, annotated.stderr);
  await checksOf('Ingress', 'web', 0);
  await eventually('the Domain gone', async () => ((await listed('domain.monitoring.vantage.dev', ofSource('Ingress', 'web'))).length === 0 ? true : undefined));
  await eventually('the rows gone', async () => ((await api.em.fork().count(UptimeCheck, { workspace: account.workspaceId, managedBy: 'kubernetes' })) === 0 ? true : undefined));
  t.pass();
});

test.serial('two Ingresses of one TLS host get one Domain: the first keeps it, the other takes it over when the first goes', async (t) => {
  t.is((await k.apply(ingress('pair-a', ENABLED, [{ host: 'pair.example.com', paths: ['/'] }], ['pair.example.com']))).code, 0);
  t.is((await k.apply(ingress('pair-b', ENABLED, [{ host: 'pair.example.com', paths: ['/b'] }], ['pair.example.com']))).code, 0);
  await checksOf('Ingress', 'pair-a', 1);
  await checksOf('Ingress', 'pair-b', 1);
  const domainsOf = (name: string, count: number) =>
    eventually(`${count} Domain of ${name}`, async () => {
      const found = await listed('domain.monitoring.vantage.dev', ofSource('Ingress', name));
      return found.length === count ? found : undefined;
    });
  await domainsOf('pair-a', 1);
  await anEvent('pair-b', 'HandWrittenCheckWins');
  t.is((await listed('domain.monitoring.vantage.dev', ofSource('Ingress', 'pair-b'))).length, 0, 'no second Domain of the host');
  t.is((await k.run('delete', 'ingress', 'pair-a', '-n', 'shop')).code, 0);
  const taken = await domainsOf('pair-b', 1);
  t.is(taken[0].spec.name, 'pair.example.com');
  await domainsOf('pair-a', 0);
  t.is((await k.run('delete', 'ingress', 'pair-b', '-n', 'shop')).code, 0);
  await checksOf('Ingress', 'pair-b', 0);
});

test.serial('an Ingress deleted while the garbage collector is off still loses every discovered resource', async (t) => {
  const applied = await k.apply(ingress('gone', ENABLED, [{ host: 'gone.example.com', paths: ['/'] }], ['gone.example.com']));
  t.is(applied.code, 0, applied.stderr);
  await checksOf('Ingress', 'gone', 1);
  kube.setGarbageCollection(false);
  try {
    t.is((await k.run('delete', 'ingress', 'gone', '-n', 'shop')).code, 0);
    await checksOf('Ingress', 'gone', 0);
    await eventually('its Domain gone', async () => ((await listed('domain.monitoring.vantage.dev', ofSource('Ingress', 'gone'))).length === 0 ? true : undefined));
  } finally {
    kube.setGarbageCollection(true);
  }
  t.pass();
});

test.serial('a hand edit of a discovered check is put back', async (t) => {
  t.is((await k.apply(ingress('edited', ENABLED, [{ host: 'edited.example.com', paths: ['/'] }]))).code, 0);
  const [check] = await checksOf('Ingress', 'edited', 1);
  const patched = await k.run('patch', 'uc', check.metadata.name, '-n', 'shop', '--type=merge', '-p', '{"spec":{"checkFrequency":15,"paused":true}}');
  t.is(patched.code, 0, patched.stderr);
  const restored = await eventually('the spec put back', async () => {
    const [current] = await listed('uc', ofSource('Ingress', 'edited'));
    return current && current.metadata.generation > 2 && current.spec.checkFrequency === check.spec.checkFrequency && current.spec.paused === false ? current : undefined;
  });
  t.is(restored.metadata.uid, check.metadata.uid);
  t.is((await k.run('delete', 'ingress', 'edited', '-n', 'shop')).code, 0);
  await checksOf('Ingress', 'edited', 0);
});

test.serial('a source deleted and recreated under the same name keeps one check per target, owned by the new object', async (t) => {
  t.is((await k.apply(ingress('again', ENABLED, [{ host: 'again.example.com', paths: ['/'] }]))).code, 0);
  const [first] = await checksOf('Ingress', 'again', 1);
  kube.setGarbageCollection(false);
  try {
    t.is((await k.run('delete', 'ingress', 'again', '-n', 'shop')).code, 0);
    t.is((await k.apply(ingress('again', ENABLED, [{ host: 'again.example.com', paths: ['/'] }]))).code, 0);
    const uid = JSON.parse((await k.run('get', 'ingress', 'again', '-n', 'shop', '-o', 'json')).stdout).metadata.uid;
    t.not(uid, first.metadata.ownerReferences[0].uid);
    const [owned] = await eventually('the check owned by the new Ingress', async () => {
      const checks = await listed('uc', ofSource('Ingress', 'again'));
      return checks.length === 1 && checks[0].metadata.ownerReferences[0].uid === uid ? checks : undefined;
    });
    t.is(owned.metadata.name, first.metadata.name);
  } finally {
    kube.setGarbageCollection(true);
  }
  t.is((await k.run('delete', 'ingress', 'again', '-n', 'shop')).code, 0);
  await checksOf('Ingress', 'again', 0);
});

test.serial('invalid annotations (quorum above the locations, an unknown group) give a Warning Event naming them and no check', async (t) => {
  const annotations = {
    ...ENABLED,
    'monitoring.vantage.dev/locations': 'eu-west,us-east',
    'monitoring.vantage.dev/min-failing-locations': '3',
    'monitoring.vantage.dev/notification-groups': 'Nobody',
  };
  t.is((await k.apply(ingress('invalid', annotations, [{ host: 'invalid.example.com', paths: ['/'] }], ['invalid.example.com']))).code, 0);
  const [event] = await anEvent('invalid', 'InvalidAnnotation');
  t.is(event.type, 'Warning');
  t.is(event.involvedObject.kind, 'Ingress');
  t.regex(event.message, /monitoring\.vantage\.dev\/min-failing-locations: must be an integer from 1 to the number of trigger locations \(2\)/);
  t.regex(event.message, /monitoring\.vantage\.dev\/notification-groups: no notification group named "Nobody"/);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  t.is((await listed('uc', ofSource('Ingress', 'invalid'))).length, 0);
  t.is((await listed('domain.monitoring.vantage.dev', ofSource('Ingress', 'invalid'))).length, 0);
  t.is((await eventsOf('invalid', 'InvalidAnnotation')).length, 1, 'told once, not on every resync');

  const group = await api.call('POST', '/mobile/notification-groups', { account, body: { name: 'Nobody', email_addresses: ['nobody@example.com'] } });
  t.is(group.status, 201, JSON.stringify(group.body));
  t.is((await k.run('annotate', 'ingress', 'invalid', '-n', 'shop', '--overwrite', 'monitoring.vantage.dev/min-failing-locations=2')).code, 0);
  const [fixed] = await checksOf('Ingress', 'invalid', 1);
  t.deepEqual(fixed.spec.notificationGroups, ['Nobody']);
  t.is(fixed.spec.minFailingLocations, 2);
  t.is((await k.run('delete', 'ingress', 'invalid', '-n', 'shop')).code, 0);
  await checksOf('Ingress', 'invalid', 0);
});

test.serial('a hand-written UptimeCheck for the same host and path wins, with an Event on the source', async (t) => {
  const manifest = `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata:
  name: docs-by-hand
  namespace: shop
spec:
  checkType: http
  hostname: docs.example.com
  protocol: https
  path: /
  triggerLocations: [eu-west]
`;
  t.is((await k.apply(manifest)).code, 0);
  t.is((await k.apply(ingress('docs', ENABLED, [{ host: 'docs.example.com', paths: ['/', '/guide'] }], ['docs.example.com']))).code, 0);
  const [only] = await checksOf('Ingress', 'docs', 1);
  t.is(only.spec.path, '/guide');
  const [event] = await anEvent('docs', 'HandWrittenCheckWins');
  t.regex(event.message, /https:\/\/docs\.example\.com\/ is already checked by UptimeCheck shop\/docs-by-hand/);
  t.is((await k.run('delete', 'uc', 'docs-by-hand', '-n', 'shop')).code, 0);
  await checksOf('Ingress', 'docs', 2);
  t.is((await k.run('delete', 'ingress', 'docs', '-n', 'shop')).code, 0);
  await checksOf('Ingress', 'docs', 0);
});

test.serial('a LoadBalancer Service with two ports gets two TCP checks once its address appears', async (t) => {
  t.is((await k.run('apply', '-f', 'examples/discovery/service.yaml')).code, 0);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  t.is((await listed('uc', ofSource('Service', 'shop-db'))).length, 0, 'no address, no check');
  const patched = await k.run('patch', 'service', 'shop-db', '-n', 'shop', '--subresource=status', '--type=merge', '-p', '{"status":{"loadBalancer":{"ingress":[{"ip":"203.0.113.10"}]}}}');
  t.is(patched.code, 0, patched.stderr);
  const checks = await checksOf('Service', 'shop-db', 2);
  t.deepEqual(targetsOf(checks), ['tcp://203.0.113.10:5432', 'tcp://203.0.113.10:5433']);
  t.true(checks.every((check) => check.spec.checkFrequency === 2));
});

test.serial('a discovered check going down and recovering is told on its source', async (t) => {
  const [check] = await checksOf('Service', 'shop-db', 2);
  const row = await eventually('the row of the check', async () => (await api.em.fork().findOne(UptimeCheck, { kubernetesUid: check.metadata.uid })) ?? undefined);
  await api.em.getConnection().execute(`update uptime_checks set state = 'down' where id = ${row.id}`);
  const [down] = await anEvent('shop-db', 'CheckDown');
  t.is(down.type, 'Warning');
  t.is(down.involvedObject.kind, 'Service');
  t.regex(down.message, new RegExp(`${check.metadata.name}.* is down`));
  await api.em.getConnection().execute(`update uptime_checks set state = 'up' where id = ${row.id}`);
  const [recovered] = await anEvent('shop-db', 'CheckRecovered');
  t.is(recovered.type, 'Normal');
});

test.serial('a namespace opts in every object in it, except the one that says "false"', async (t) => {
  const namespace = `apiVersion: v1
kind: Namespace
metadata:
  name: team
  labels:
    vantage.dev/workspace-id: "1"
  annotations:
    monitoring.vantage.dev/enabled: "true"
    monitoring.vantage.dev/check-frequency: "10"
`;
  t.is((await k.apply(namespace)).code, 0);
  t.is((await k.apply(ingress('in', {}, [{ host: 'in.team.example.com', paths: ['/'] }], [], 'team'))).code, 0);
  t.is((await k.apply(ingress('out', { 'monitoring.vantage.dev/enabled': 'false' }, [{ host: 'out.team.example.com', paths: ['/'] }], [], 'team'))).code, 0);
  const [check] = await checksOf('Ingress', 'in', 1, 'team');
  t.is(check.spec.checkFrequency, 10, 'the namespace annotations are defaults');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  t.is((await listed('uc', ofSource('Ingress', 'out'), 'team')).length, 0);
});

test.serial('once the Gateway API CRDs are installed, an HTTPRoute on an HTTPS listener gets https checks, and http ones once moved to an HTTP listener', async (t) => {
  const installed = await k.run('apply', '-f', GATEWAY_API_CRDS);
  t.is(installed.code, 0, installed.stderr);
  await eventually('route discovery on', async () => (logs.matching(/Gateway API .* found/).length === 1 ? true : undefined));
  const applied = await k.run('apply', '-f', 'examples/discovery/httproute.yaml');
  t.is(applied.code, 0, applied.stderr);
  // The example names the group "On call", which must exist for the route to get checks.
  t.is((await api.call('POST', '/mobile/notification-groups', { account, body: { name: 'On call', email_addresses: ['oncall@example.com'] } })).status, 201);
  const https = await checksOf('HTTPRoute', 'checkout', 2);
  t.deepEqual(targetsOf(https), ['https://checkout.shop.example.com/cart', 'https://checkout.shop.example.com/healthz']);
  const domains = await eventually('the Domain of the HTTPS listener host', async () => {
    const found = await listed('domain.monitoring.vantage.dev', ofSource('HTTPRoute', 'checkout'));
    return found.length === 1 ? found : undefined;
  });
  t.is(domains[0].spec.name, 'checkout.shop.example.com');

  const moved = await k.run('patch', 'httproute', 'checkout', '-n', 'shop', '--type=json', '-p', '[{"op":"replace","path":"/spec/parentRefs/0/sectionName","value":"http"}]');
  t.is(moved.code, 0, moved.stderr);
  const http = await eventually('http checks', async () => {
    const checks = await listed('uc', ofSource('HTTPRoute', 'checkout'));
    return checks.length === 2 && checks.every((check) => check.spec.protocol === 'http') ? checks : undefined;
  });
  t.deepEqual(targetsOf(http), ['http://checkout.shop.example.com/cart', 'http://checkout.shop.example.com/healthz']);
  await eventually('no Domain on plain http', async () => ((await listed('domain.monitoring.vantage.dev', ofSource('HTTPRoute', 'checkout'))).length === 0 ? true : undefined));
});

test.serial('a restarted operator whose watches break mid-stream makes no duplicate and leaves no orphan', async (t) => {
  t.is((await k.apply(ingress('steady', ENABLED, [{ host: 'steady.example.com', paths: ['/', '/a'] }], ['steady.example.com']))).code, 0);
  t.is((await k.apply(ingress('doomed', ENABLED, [{ host: 'doomed.example.com', paths: ['/'] }]))).code, 0);
  const steady = await checksOf('Ingress', 'steady', 2);
  await checksOf('Ingress', 'doomed', 1);
  await operator.stop();
  kube.setGarbageCollection(false);
  try {
    // While no operator runs: one source goes (nothing collects its check), another loses a path.
    t.is((await k.run('delete', 'ingress', 'doomed', '-n', 'shop')).code, 0);
    t.is((await k.apply(ingress('steady', ENABLED, [{ host: 'steady.example.com', paths: ['/'] }], ['steady.example.com']))).code, 0);
    operator = await startDiscoveringOperator(api, kube, 'discovery-restarted', logs);
    await eventually('leading again', async () => (operator.isLeader() ? true : undefined), 20_000);
    kube.dropWatches();
    await checksOf('Ingress', 'doomed', 0);
    const [kept] = await checksOf('Ingress', 'steady', 1);
    t.is(kept.metadata.uid, steady.find((check) => check.spec.path === '/').metadata.uid, 'the same object, not a new one');
    kube.dropWatches();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const all = (await listed('uc', 'vantage.dev/origin=discovered')).map((check) => check.metadata.name);
    t.is(new Set(all).size, all.length);
    t.is((await listed('uc', ofSource('Ingress', 'steady'))).length, 1);
    t.is((await listed('domain.monitoring.vantage.dev', ofSource('Ingress', 'steady'))).length, 1);
    const rows = await api.em.fork().find(UptimeCheck, { workspace: account.workspaceId, managedBy: 'kubernetes' });
    const refs = rows.map((row) => row.kubernetesRef);
    t.is(new Set(refs).size, refs.length, 'one row per check');
  } finally {
    kube.setGarbageCollection(true);
  }
});
