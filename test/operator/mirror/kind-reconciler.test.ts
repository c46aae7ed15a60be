import test from 'ava';
import { CustomObjectsApi, CoreV1Api, KubeConfig, type KubernetesListObject, type V1Namespace } from '@kubernetes/client-node';
import { InProcessBus } from '../../../src/bus/in-process-bus.js';
import { createLogger } from '../../../src/log.js';
import { UptimeCheck } from '../../../src/store/entities/uptime-check.js';
import { provisionClient } from '../../../src/store/provisioning.js';
import { SupervisedInformer } from '../../../operator/kube/supervised-informer.js';
import type { CustomResource } from '../../../operator/mirror/custom-resource.js';
import { EventRecorder } from '../../../operator/mirror/event-recorder.js';
import { KindReconciler } from '../../../operator/mirror/kind-reconciler.js';
import { MIRRORED_KINDS } from '../../../operator/mirror/kinds/registry.js';
import { uptimeCheckKind } from '../../../operator/mirror/kinds/uptime-check/kind.js';
import { MirrorCaches } from '../../../operator/mirror/mirror-caches.js';
import { ResourceWriter } from '../../../operator/mirror/resource-writer.js';
import { RowWriter } from '../../../operator/mirror/row-writer.js';
import { SnapshotReader } from '../../../operator/mirror/snapshot-reader.js';
import { StatusWriter } from '../../../operator/mirror/status-writer.js';
import { GROUP, VERSION } from '../../../operator/resources/common.js';
import { freshStore } from '../../support/database.js';
import { startKubeTestServer, type KubeTestServer } from '../../support/kube/index.js';
import { eventually, kubectl } from '../../support/kubectl.js';

const STATUS_INTERVAL_MS = 60_000;
const logger = createLogger('silent');

let database: Awaited<ReturnType<typeof freshStore>>;
let kube: KubeTestServer;
let informers: SupervisedInformer<any>[];
let statuses: StatusWriter;
let reconciler: KindReconciler;

const k = (...args: string[]) => kubectl(kube.kubeconfigPath, args);
const kIn = (input: string, ...args: string[]) => kubectl(kube.kubeconfigPath, args, input);

test.before(async () => {
  database = await freshStore();
  const { workspace_id: workspaceId } = await provisionClient(database.store.em.fork(), { name: 'Kinds', email: 'kinds@example.com', password: 'correct horse battery', plan: 'pro' });
  kube = await startKubeTestServer();
  const namespace = `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\n  labels:\n    vantage.dev/workspace-id: "${workspaceId}"\n`;
  const applied = await kIn(namespace, 'apply', '-f', '-');
  if (applied.code !== 0) throw new Error(applied.stderr);
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kube.kubeconfigPath);
  const custom = kubeConfig.makeApiClient(CustomObjectsApi);
  const core = kubeConfig.makeApiClient(CoreV1Api);
  const namespaces = new SupervisedInformer<V1Namespace>({ kubeConfig, resource: 'namespaces', path: '/api/v1/namespaces', list: () => core.listNamespace(), relistMs: 300_000, logger, onChange: () => {} });
  const resources = new Map(
    MIRRORED_KINDS.map((kind) => [
      kind,
      new SupervisedInformer<CustomResource>({
        kubeConfig,
        resource: kind.plural,
        path: `/apis/${GROUP}/${VERSION}/${kind.plural}`,
        list: () => custom.listClusterCustomObject({ group: GROUP, version: VERSION, plural: kind.plural }) as Promise<KubernetesListObject<CustomResource>>,
        relistMs: 300_000,
        logger,
        onChange: () => {},
      }),
    ]),
  );
  informers = [namespaces, ...resources.values()];
  await Promise.all(informers.map((informer) => informer.start()));
  await Promise.all(informers.map((informer) => informer.waitForSync()));
  const caches = new MirrorCaches(namespaces, resources);
  const now = () => new Date();
  const writer = new ResourceWriter(custom);
  statuses = new StatusWriter({ kind: uptimeCheckKind, writer, events: new EventRecorder(core, 'test'), logger, minIntervalMs: STATUS_INTERVAL_MS, now });
  reconciler = new KindReconciler({
    kind: uptimeCheckKind,
    caches,
    reader: new SnapshotReader({ store: database.store, caches, locations: ['eu-west'], allowPrivateTargets: false, now }),
    resources: writer,
    rows: new RowWriter({ bus: new InProcessBus(logger), logger, now }),
    statuses,
    logger,
  });
});

test.after.always(async () => {
  await Promise.all((informers ?? []).map((informer) => informer.stop()));
  await kube?.close();
  await database?.close();
});

const cached = (name: string) => informers.slice(1).flatMap((informer) => informer.list('team') as CustomResource[]).find((resource) => resource.metadata?.name === name);

/** Reconciles the key until the cache shows what `done` waits for (each write comes back through the watch). */
async function reconcileUntil(key: string, what: string, done: (resource: CustomResource | undefined) => boolean): Promise<number | undefined> {
  let again: number | undefined;
  await eventually(what, async () => {
    again = await reconciler.reconcile(key);
    return done(cached(key.slice(key.indexOf('/') + 1))) ? true : undefined;
  });
  return again;
}

test.serial('a status write held back for the interval comes back as the key of that one resource, when it is due; the write time is forgotten when the resource goes', async (t) => {
  const manifest = `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata:
  name: web
  namespace: team
spec:
  checkType: http
  hostname: web.example.com
  protocol: https
  triggerLocations: [eu-west]
`;
  t.is((await kIn(manifest, 'apply', '-f', '-')).code, 0);
  await eventually('the resource cached', async () => cached('web'));
  await reconcileUntil('team/web', 'Synced=True', (resource) => (resource?.status?.conditions as any[] | undefined)?.some((c) => c.type === 'Synced' && c.status === 'True') === true);
  t.is(statuses.remembered, 1);

  // What the engine does every cycle: a new last-run time, which waits for the interval.
  await database.store.em.fork().getConnection().execute(
    `insert into uptime_check_last_runs (check_id, last_run_at) select id, now() from uptime_checks where kubernetes_ref = 'team/web' on conflict (check_id) do update set last_run_at = excluded.last_run_at`,
  );
  const before = Date.now();
  const again = await reconciler.reconcile('team/web');
  t.true(again !== undefined && again > before && again <= before + STATUS_INTERVAL_MS, `comes back at ${again}, within the interval`);
  t.is(cached('web')?.status?.lastRunAt, undefined, 'the last-run time is not written yet');

  t.is((await k('delete', 'uc', 'web', '-n', 'team', '--wait=false')).code, 0);
  await reconcileUntil('team/web', 'the resource gone', (resource) => resource === undefined);
  t.is(await reconciler.reconcile('team/web'), undefined);
  t.is(statuses.remembered, 0, 'the status-write time of a resource that went is forgotten');
  t.is(await database.store.em.fork().count(UptimeCheck, { kubernetesRef: 'team/web' }), 0);
});
