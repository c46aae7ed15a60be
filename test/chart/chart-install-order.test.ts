import test from 'ava';
import { ciValuesFiles, dryRunInstall, type KubeObject } from './helpers/chart.js';

/** What a pod template needs to exist before its pod can start: Secrets, ConfigMaps, claims, its ServiceAccount. */
function podInputs(job: KubeObject): { kind: string; name: string }[] {
  const spec = job.spec.template.spec;
  const inputs: { kind: string; name: string }[] = [{ kind: 'ServiceAccount', name: spec.serviceAccountName ?? 'default' }];
  for (const pullSecret of spec.imagePullSecrets ?? []) inputs.push({ kind: 'Secret', name: pullSecret.name });
  for (const container of [...(spec.initContainers ?? []), ...spec.containers]) {
    for (const env of container.env ?? []) {
      if (env.valueFrom?.secretKeyRef) inputs.push({ kind: 'Secret', name: env.valueFrom.secretKeyRef.name });
      if (env.valueFrom?.configMapKeyRef) inputs.push({ kind: 'ConfigMap', name: env.valueFrom.configMapKeyRef.name });
    }
    for (const from of container.envFrom ?? []) {
      if (from.secretRef) inputs.push({ kind: 'Secret', name: from.secretRef.name });
      if (from.configMapRef) inputs.push({ kind: 'ConfigMap', name: from.configMapRef.name });
    }
  }
  for (const volume of spec.volumes ?? []) {
    if (volume.secret) inputs.push({ kind: 'Secret', name: volume.secret.secretName });
    if (volume.configMap) inputs.push({ kind: 'ConfigMap', name: volume.configMap.name });
    if (volume.persistentVolumeClaim) inputs.push({ kind: 'PersistentVolumeClaim', name: volume.persistentVolumeClaim.claimName });
  }
  return inputs;
}

const annotation = (object: KubeObject, key: string) => object.metadata.annotations?.[key];
const phases = (hook: KubeObject) => (annotation(hook, 'helm.sh/hook') ?? '').split(',');
const weight = (hook: KubeObject) => Number(annotation(hook, 'helm.sh/hook-weight') ?? '0');
const same = (object: KubeObject, input: { kind: string; name: string }) => object.kind === input.kind && object.metadata.name === input.name;

for (const valuesFile of ciValuesFiles) {
  test(`helm install --dry-run with ${valuesFile}: every input of the migration hook exists before it runs`, async (t) => {
    const { hooks, manifest } = await dryRunInstall({ valuesFiles: [valuesFile] });
    const jobs = hooks.filter((hook) => hook.kind === 'Job');
    t.is(jobs.length, 1, 'one migration Job');
    for (const job of jobs) {
      t.true(phases(job).includes('pre-install') && phases(job).includes('pre-upgrade'), 'migrations run before install and upgrade');
      for (const input of podInputs(job)) {
        const label = `${job.metadata.name} reads ${input.kind} ${input.name}`;
        t.false(manifest.some((object) => same(object, input)), `${label}, which the release creates only after the pre-install hooks`);
        const hook = hooks.find((object) => same(object, input));
        if (hook) {
          t.true(phases(job).every((phase) => phases(hook).includes(phase)), `${label}: a hook of the same phases`);
          t.true(weight(hook) < weight(job), `${label}: a hook of a lower weight, so created first`);
          t.true(hooks.indexOf(hook) < hooks.indexOf(job), `${label}: listed (and run) before it`);
          t.regex(annotation(hook, 'helm.sh/hook-delete-policy') ?? '', /before-hook-creation/, `${label}: replaced on the next upgrade`);
        } else {
          // Not made by the release at all: a Secret the values name as existing (database, registry).
          t.true(
            input.kind === 'Secret' && ['vantage-database', 'registry-credentials'].includes(input.name),
            `${label}, which neither a hook nor the values provide`,
          );
        }
      }
    }
  });
}

test('the first install with postgresql.url gives the migration its database URL through a hook Secret, and the pods through the release Secret', async (t) => {
  const { hooks, manifest } = await dryRunInstall();
  t.deepEqual(
    hooks.map((hook) => `${hook.kind} ${hook.metadata.name} ${weight(hook)}`),
    ['ServiceAccount vantage-vantage-migrate -10', 'Secret vantage-vantage-migrate-db -10', 'Job vantage-vantage-migrate-1 0'],
  );
  const hookSecret = hooks.find((hook) => hook.kind === 'Secret')!;
  const releaseSecret = manifest.find((object) => object.kind === 'Secret')!;
  t.is(hookSecret.stringData.DATABASE_URL, releaseSecret.stringData.DATABASE_URL);
  t.regex(annotation(hookSecret, 'helm.sh/hook-delete-policy')!, /hook-succeeded/, 'the copy is gone once migrations succeeded');
});

test('the dry-run ordering check notices a hook that reads an object of the release', async (t) => {
  const { hooks, manifest } = await dryRunInstall();
  const job = structuredClone(hooks.find((hook) => hook.kind === 'Job')!);
  job.spec.template.spec.containers[0].env[0].valueFrom.secretKeyRef.name = 'vantage-vantage-db';
  const late = podInputs(job).filter((input) => manifest.some((object) => same(object, input)));
  t.deepEqual(late, [{ kind: 'Secret', name: 'vantage-vantage-db' }]);
});
