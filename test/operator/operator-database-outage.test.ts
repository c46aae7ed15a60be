import test from 'ava';
import { KubeConfig } from '@kubernetes/client-node';
import { startOperator, type RunningOperator } from '../../operator/vantage-operator.js';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { createLogger } from '../../src/log.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { closeStore, migrate, openStore, type Store } from '../../src/store/orm.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { PrivatePostgres } from '../support/private-postgres.js';
import { startKubeTestServer, type KubeTestServer } from '../support/kube/index.js';
import { eventually, kubectl } from '../support/kubectl.js';

let postgres: PrivatePostgres;
let store: Store;
let kube: KubeTestServer;
let operator: RunningOperator;
let workspaceId: number;

const manifest = (name: string) => `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata:
  name: ${name}
  namespace: outage
spec:
  checkType: http
  hostname: ${name}.example.com
  protocol: https
  checkFrequency: 5
  triggerLocations: [eu-west]
  minFailingLocations: 1
`;

const apply = (text: string) => kubectl(kube.kubeconfigPath, ['apply', '-f', '-'], text);
const names = async () => (await store.em.fork().find(UptimeCheck, {}, { orderBy: { id: 'asc' } })).map((row) => row.name);

test.before(async () => {
  postgres = await PrivatePostgres.start();
  store = await openStore({ databaseUrl: postgres.url });
  await migrate(store);
  workspaceId = (await provisionClient(store.em.fork(), { name: 'Outage', email: 'outage@example.com', password: 'correct horse battery', plan: 'pro' })).workspace_id;
  kube = await startKubeTestServer();
  const namespaces = `apiVersion: v1
kind: Namespace
metadata:
  name: outage
  labels:
    vantage.dev/workspace-id: "${workspaceId}"
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
  const logger = createLogger('silent');
  operator = await startOperator({
    kubeConfig,
    store,
    bus: new InProcessBus(logger),
    settings: loadSettings({ VANTAGE_OPERATOR_NAMESPACE: 'vantage-system', VANTAGE_OPERATOR_RESYNC_SECONDS: '1', VANTAGE_OPERATOR_LEASE_SECONDS: '3' }),
    logger,
    namespace: 'vantage-system',
    identity: 'outage-operator',
  });
});

test.after.always(async () => {
  await operator?.stop();
  await kube?.close();
  if (store) await closeStore(store).catch(() => undefined);
  await postgres?.dispose();
});

test('a PostgreSQL outage of 20 s delays mirroring and stops nothing: what was applied meanwhile lands once after it', async (t) => {
  t.timeout(120_000);
  t.is((await apply(manifest('before-outage'))).code, 0);
  await eventually('the first row', async () => ((await names()).includes('before-outage') ? true : undefined));

  await postgres.stop('immediate');
  t.is((await apply(manifest('during-outage'))).code, 0);
  t.is((await kubectl(kube.kubeconfigPath, ['delete', 'uc', 'before-outage', '-n', 'outage', '--wait=false'])).code, 0);
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  t.true(operator.isLeader(), 'leadership does not depend on the database');
  await postgres.resume();

  const after = await eventually('the outage caught up', async () => {
    const current = await names();
    return current.includes('during-outage') && !current.includes('before-outage') ? current : undefined;
  }, 30_000);
  t.deepEqual(after, ['during-outage']);
  await eventually('the deleted resource released', async () =>
    (await kubectl(kube.kubeconfigPath, ['get', 'uc', 'before-outage', '-n', 'outage'])).code !== 0 ? true : undefined,
  );
  const ready = await kubectl(kube.kubeconfigPath, ['wait', '--for=condition=Ready', 'uc/during-outage', '-n', 'outage', '--timeout=20s']);
  t.is(ready.code, 0, ready.stderr);
});
