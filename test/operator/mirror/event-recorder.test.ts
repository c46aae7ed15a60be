import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import test from 'ava';
import { EventRecorder } from '../../../operator/mirror/event-recorder.js';
import { startKubeTestServer, type KubeTestServer } from '../../support/kube/index.js';
import { kubectl } from '../../support/kubectl.js';

let kube: KubeTestServer;

test.before(async () => {
  kube = await startKubeTestServer();
});

test.after.always(async () => {
  await kube?.close();
});

test('the same event on the same resource is one Event whose count grows; another reason is another Event', async (t) => {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kube.kubeconfigPath);
  const recorder = new EventRecorder(kubeConfig.makeApiClient(CoreV1Api), 'vantage-operator');
  const resource = { metadata: { name: 'shop-home', namespace: 'default', uid: 'uid-1', resourceVersion: '1' } };
  for (let i = 0; i < 3; i++) await recorder.record('UptimeCheck', resource, 'Normal', 'SpecRestored', 'row 1 is managed through the API; change it there');
  await recorder.record('UptimeCheck', resource, 'Warning', 'InvalidSpec', 'spec.hostname is required');
  const listed = await kubectl(kube.kubeconfigPath, ['get', 'events', '-n', 'default', '-o', 'json']);
  t.is(listed.code, 0, listed.stderr);
  const events = (JSON.parse(listed.stdout).items as Array<{ reason: string; count: number }>).map(({ reason, count }) => ({ reason, count }));
  t.deepEqual(events.sort((a, b) => a.reason.localeCompare(b.reason)), [{ reason: 'InvalidSpec', count: 1 }, { reason: 'SpecRestored', count: 3 }]);
});
