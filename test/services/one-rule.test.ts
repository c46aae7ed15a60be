import { KubeConfig } from '@kubernetes/client-node';
import test from 'ava';
import { startOperator, type RunningOperator } from '../../operator/vantage-operator.js';
import { PLAN_RULES } from '../../src/domain/plans.js';
import { createLogger } from '../../src/log.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { ApiHarness, type Account } from '../api/helpers/api-harness.js';
import { pingCheck } from '../api/helpers/check-bodies.js';
import { eventually, kubectl } from '../support/kubectl.js';
import { startKubeTestServer, type KubeTestServer } from '../support/kube/index.js';

let api: ApiHarness;
let kube: KubeTestServer;
let operator: RunningOperator;
let account: Account;
const basicLimit = PLAN_RULES.basic.limits.uptimeChecks;

test.before(async () => {
  // The one rule this file changes, once, for the API and the operator alike: the basic plan's
  // check limit, set as an installation sets it (loading the settings puts it in force for both).
  api = await ApiHarness.start({}, { VANTAGE_PLAN_BASIC_UPTIME_CHECKS: '2' });
  account = await api.account('basic');
  kube = await startKubeTestServer();
  const namespaces = `apiVersion: v1
kind: Namespace
metadata:
  name: rules
  labels:
    vantage.dev/workspace-id: "${account.workspaceId}"
---
apiVersion: v1
kind: Namespace
metadata:
  name: vantage-system
`;
  const applied = await kubectl(kube.kubeconfigPath, ['apply', '-f', '-'], namespaces);
  if (applied.code !== 0) throw new Error(applied.stderr);
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kube.kubeconfigPath);
  operator = await startOperator({
    kubeConfig,
    store: api.store,
    bus: api.bus,
    settings: api.deps.settings,
    logger: createLogger('silent'),
    namespace: 'vantage-system',
    identity: 'one-rule',
  });
});

test.after.always(async () => {
  PLAN_RULES.basic.limits.uptimeChecks = basicLimit;
  await operator?.stop();
  await kube?.close();
  await api?.close();
});

const manifest = (name: string) => `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata:
  name: ${name}
  namespace: rules
spec:
  checkType: ping
  hostname: example.net
  checkFrequency: 5
  triggerLocations: [eu-west]
  minFailingLocations: 1
`;

test('one plan rule changed once: the API answers 403 and the operator shows PlanLimit, in the same words', async (t) => {
  t.timeout(60_000);
  for (let i = 0; i < 2; i++) t.is((await api.call('POST', '/mobile/uptime-checks', { account, body: pingCheck() })).status, 201);
  const refused = await api.call('POST', '/mobile/uptime-checks', { account, body: pingCheck() });
  t.is(refused.status, 403);
  t.regex(refused.body.error.message, /allows 2 uptime checks/);

  t.is((await kubectl(kube.kubeconfigPath, ['apply', '-f', '-'], manifest('third'))).code, 0);
  const synced = await eventually(
    'the operator judging the resource',
    async () => {
      const read = await kubectl(kube.kubeconfigPath, ['get', 'uc', 'third', '-n', 'rules', '-o', 'json']);
      const conditions = (JSON.parse(read.stdout).status?.conditions ?? []) as Array<{ type: string; status: string; reason: string; message: string }>;
      return conditions.find((condition) => condition.type === 'Synced');
    },
    30_000,
  );
  t.like(synced, { status: 'False', reason: 'PlanLimit', message: refused.body.error.message });
  t.is(await api.em.count(UptimeCheck, { workspace: account.workspaceId }), 2, 'neither made a third row');
});

test('a name the API holds is refused to a manifest as NameTaken, and a manifest-held name to the API as 409', async (t) => {
  t.timeout(60_000);
  const other = await api.account('pro');
  const ns = `apiVersion: v1
kind: Namespace
metadata:
  name: names
  labels:
    vantage.dev/workspace-id: "${other.workspaceId}"
`;
  t.is((await kubectl(kube.kubeconfigPath, ['apply', '-f', '-'], ns)).code, 0);
  t.is((await api.call('POST', '/mobile/uptime-checks', { account: other, body: pingCheck({ name: 'taken' }) })).status, 201);
  t.is((await kubectl(kube.kubeconfigPath, ['apply', '-f', '-'], manifest('taken').replace('namespace: rules', 'namespace: names'))).code, 0);
  const synced = await eventually(
    'the operator judging the resource',
    async () => {
      const read = await kubectl(kube.kubeconfigPath, ['get', 'uc', 'taken', '-n', 'names', '-o', 'json']);
      const conditions = (JSON.parse(read.stdout).status?.conditions ?? []) as Array<{ type: string; status: string; reason: string; message: string }>;
      return conditions.find((condition) => condition.type === 'Synced' && condition.status === 'False');
    },
    30_000,
  );
  t.is(synced.reason, 'NameTaken');
  t.regex(synced.message, /^UptimeCheck "taken" already exists in workspace \d+ \(row \d+, made by /);

  t.is((await kubectl(kube.kubeconfigPath, ['apply', '-f', '-'], manifest('manifest-held').replace('namespace: rules', 'namespace: names'))).code, 0);
  await eventually('the manifest mirrored', async () => ((await api.em.count(UptimeCheck, { workspace: other.workspaceId, name: 'manifest-held' })) === 1 ? true : undefined), 30_000);
  const duplicate = await api.call('POST', '/mobile/uptime-checks', { account: other, body: pingCheck({ name: 'manifest-held' }) });
  t.is(duplicate.status, 409);
  t.regex(duplicate.body.error.message, /an uptime check named "manifest-held" already exists/);
});
