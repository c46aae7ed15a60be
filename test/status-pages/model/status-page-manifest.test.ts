import test from 'ava';
import { KubeConfig } from '@kubernetes/client-node';
import { startOperator, type RunningOperator } from '../../../operator/vantage-operator.js';
import { loadSettings } from '../../../src/config/load-settings.js';
import { createLogger } from '../../../src/log.js';
import { DatabaseStatusPageSource } from '../../../src/status-pages/database-status-page-source.js';
import { ApiHarness, type Account } from '../../api/helpers/api-harness.js';
import { startKubeTestServer, type KubeTestServer } from '../../support/kube/index.js';
import { eventually, kubectl } from '../../support/kubectl.js';

let api: ApiHarness;
let kube: KubeTestServer;
let operator: RunningOperator;
let account: Account;
let source: DatabaseStatusPageSource;

const kIn = (input: string, ...args: string[]) => kubectl(kube.kubeconfigPath, args, input);
const k = (...args: string[]) => kubectl(kube.kubeconfigPath, args);
const conditionOf = (object: any, type: string) => (object?.status?.conditions ?? []).find((c: any) => c.type === type);

async function resource(kind: string, name: string): Promise<any> {
  const got = await k('get', kind, name, '-n', 'team', '-o', 'json');
  return got.code === 0 ? JSON.parse(got.stdout) : undefined;
}

test.before(async () => {
  api = await ApiHarness.start({}, { VANTAGE_LOCATIONS: 'eu-west' });
  account = await api.account('pro');
  source = new DatabaseStatusPageSource(api.store, { hourlyRetentionDays: 400 });
  kube = await startKubeTestServer();
  const namespaces = `apiVersion: v1
kind: Namespace
metadata:
  name: vantage-system
---
apiVersion: v1
kind: Namespace
metadata:
  name: team
  labels:
    vantage.dev/workspace-id: "${account.workspaceId}"
`;
  const applied = await kIn(namespaces, 'apply', '-f', '-');
  if (applied.code !== 0) throw new Error(applied.stderr);
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kube.kubeconfigPath);
  operator = await startOperator({
    kubeConfig,
    store: api.store,
    bus: api.bus,
    settings: loadSettings({ VANTAGE_LOCATIONS: 'eu-west', VANTAGE_OPERATOR_NAMESPACE: 'vantage-system', VANTAGE_OPERATOR_RESYNC_SECONDS: '1', VANTAGE_OPERATOR_LEASE_SECONDS: '3' }),
    logger: createLogger('silent'),
    namespace: 'vantage-system',
    identity: 'operator-under-test',
  });
});

test.after.always(async () => {
  await operator?.stop();
  await kube?.close();
  await api?.close();
});

test.serial('kubectl apply of a StatusPage and the check it names: the page is served from the database; kubectl delete takes it away', async (t) => {
  const manifests = `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata:
  name: api
  namespace: team
spec:
  checkType: http
  hostname: api.team.example
  protocol: https
  checkFrequency: 1
  triggerLocations: [eu-west]
  minFailingLocations: 1
---
apiVersion: monitoring.vantage.dev/v1
kind: StatusPage
metadata:
  name: team-status
  namespace: team
spec:
  title: Team status
  components:
    - uptimeCheck: api
      displayName: Public API
      group: Backend
  links:
    - label: Home
      url: https://team.example/
`;
  const applied = await kIn(manifests, 'apply', '-f', '-');
  t.is(applied.code, 0, applied.stderr);
  const page = await eventually('the page', () => source.bySlug('team-status').then((found) => found ?? undefined), 60_000);
  t.like(page, { title: 'Team status', timeZone: 'UTC' });
  t.deepEqual(page.groups.map((group) => [group.name, group.components.map((c) => c.displayName)]), [['Backend', ['Public API']]]);
  const ready = await eventually('Ready', async () => {
    const object = await resource('statuspage', 'team-status');
    return conditionOf(object, 'Ready')?.status === 'True' ? object : undefined;
  });
  t.is(ready.status.publicPath, '/status/team-status');
  const listed = await api.call('GET', '/mobile/status-pages', { account });
  t.like(listed.body.data[0], { slug: 'team-status', can_mutate: false });
  t.is((await api.call('POST', `/mobile/status-pages/${listed.body.data[0].id}/update`, { account, body: { title: 'Hijacked' } })).status, 409);
  t.is((await k('delete', 'statuspage', 'team-status', '-n', 'team', '--timeout=30s')).code, 0);
  await eventually('the page gone', async () => ((await source.bySlug('team-status')) === null ? true : undefined), 60_000);
  t.pass();
});

test.serial('refused manifests: by the CRD (a javascript: link) and by the operator (an unknown check), with Synced=False and no page', async (t) => {
  const crdRefused = await kIn(
    `apiVersion: monitoring.vantage.dev/v1
kind: StatusPage
metadata:
  name: evil
  namespace: team
spec:
  title: Evil
  links:
    - label: x
      url: "javascript:alert(1)"
`,
    'apply',
    '-f',
    '-',
  );
  t.not(crdRefused.code, 0);
  t.regex(crdRefused.stderr, /links/);
  const applied = await kIn(
    `apiVersion: monitoring.vantage.dev/v1
kind: StatusPage
metadata:
  name: dangling
  namespace: team
spec:
  title: Dangling
  components:
    - uptimeCheck: no-such-check
      displayName: Ghost
`,
    'apply',
    '-f',
    '-',
  );
  t.is(applied.code, 0, applied.stderr);
  const refused = await eventually('Synced=False', async () => {
    const object = await resource('statuspage', 'dangling');
    return conditionOf(object, 'Synced')?.status === 'False' ? object : undefined;
  });
  t.regex(conditionOf(refused, 'Synced').message, /no-such-check/);
  t.is(await source.bySlug('dangling'), null);
  t.is((await k('delete', 'statuspage', 'dangling', '-n', 'team', '--timeout=30s')).code, 0);
});
