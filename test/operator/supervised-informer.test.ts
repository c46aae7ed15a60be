import test from 'ava';
import { CoreV1Api, KubeConfig, type V1Namespace } from '@kubernetes/client-node';
import { SupervisedInformer } from '../../operator/kube/supervised-informer.js';
import { createLogger } from '../../src/log.js';
import { startKubeTestServer } from '../support/kube/index.js';
import { eventually } from '../support/kubectl.js';

test('an informer started while the API is down lists once it is back; a broken watch relists; nothing is missed', async (t) => {
  t.timeout(60_000);
  const kube = await startKubeTestServer();
  t.teardown(() => kube.close());
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kube.kubeconfigPath);
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const changed: string[] = [];
  const informer = new SupervisedInformer<V1Namespace>({
    kubeConfig,
    resource: 'namespaces',
    path: '/api/v1/namespaces',
    list: () => core.listNamespace(),
    relistMs: 60_000,
    logger: createLogger('silent'),
    onChange: (key) => changed.push(key),
  });
  t.teardown(() => informer.stop());

  kube.setUnavailable(true);
  await informer.start();
  await new Promise((resolve) => setTimeout(resolve, 1500));
  t.false(informer.synced);
  kube.setUnavailable(false);
  await eventually('the first list', async () => (informer.synced ? true : undefined), 40_000);
  t.truthy(informer.get('', 'default'));

  // A cut watch can reach client-node as a clean end of the stream (it watches again from the last
  // resourceVersion) or as an error (the supervisor relists): either way nothing may be missed.
  kube.dropWatches();
  await core.createNamespace({ body: { metadata: { name: 'made-while-cut' } } });
  await eventually('the namespace made while the watch was cut', async () => (informer.get('', 'made-while-cut') ? true : undefined), 40_000);
  t.true(changed.includes('/made-while-cut'));

  // Cut while the server refuses: the watch's next request, whichever way it took the cut, fails, and only a relist recovers.
  const listsBefore = kube.requestCount({ verb: 'list', resource: 'namespaces' });
  kube.setUnavailable(true);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  kube.setUnavailable(false);
  await core.createNamespace({ body: { metadata: { name: 'made-while-refused' } } });
  await eventually('the namespace made while the watch was refused', async () => (informer.get('', 'made-while-refused') ? true : undefined), 40_000);
  t.true(kube.requestCount({ verb: 'list', resource: 'namespaces' }) > listsBefore, 'the broken watch relisted');
  t.true(changed.includes('/made-while-refused'));
});
