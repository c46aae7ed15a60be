import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import test from 'ava';
import { provisionClient } from '../../../src/store/provisioning.js';
import { cliPath } from '../../support/cli.js';
import { freshStore } from '../../support/database.js';
import { freePort } from '../../support/free-port.js';
import { startKubeTestServer, type KubeTestServer } from '../../support/kube/index.js';
import { eventually, kubectl } from '../../support/kubectl.js';

const { DATABASE_URL, NATS_URL } = process.env;
const LEASE_SECONDS = 4;
/** Far more than the lease duration: under the old wall-clock rule the skewed replica took the Lease at once. */
const SKEW = '+120s';
const serial = DATABASE_URL && NATS_URL ? test.serial : test.serial.skip;

let database: Awaited<ReturnType<typeof freshStore>>;
let kube: KubeTestServer;
const children: ChildProcess[] = [];
const leaseName = `skew${process.pid}-operator`;

/** Debian's libfaketime (package faketime); the dynamic loader expands `$LIB` to the architecture's folder. */
const FAKETIME_LIBRARY = '/usr/$LIB/faketime/libfaketime.so.1';

/** An operator replica whose wall clock is shifted by `offset` (Debian's faketime), or the real one. */
async function startReplica(name: string, offset?: string) {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.databaseUrl!,
    NATS_URL: NATS_URL!,
    KUBECONFIG: kube.kubeconfigPath,
    VANTAGE_OPERATOR_NAMESPACE: 'vantage-system',
    VANTAGE_OPERATOR_LEASE_SECONDS: String(LEASE_SECONDS),
    VANTAGE_CLUSTER_NAME: `skew${process.pid}`,
    VANTAGE_OPS_PORT: String(port),
    POD_NAME: name,
  };
  // libfaketime preloaded into node itself, as the faketime command does, but without that
  // command in between: a SIGKILL to the wrapper would leave node running with the test's stderr.
  if (offset) Object.assign(env, { LD_PRELOAD: FAKETIME_LIBRARY, FAKETIME: offset });
  const child = spawn(process.execPath, [cliPath, 'operator'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return { child, port, name };
}

async function leading(replica: { port: number }): Promise<number | undefined> {
  try {
    const match = /^vantage_operator_leader (\d)/m.exec(await (await fetch(`http://127.0.0.1:${replica.port}/metrics`)).text());
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

async function lease(): Promise<{ holderIdentity?: string; leaseTransitions?: number; renewTime?: string }> {
  const read = await kubectl(kube.kubeconfigPath, ['get', 'lease', leaseName, '-n', 'vantage-system', '-o', 'json']);
  if (read.code !== 0) throw new Error(read.stderr);
  return JSON.parse(read.stdout).spec;
}

test.before(async () => {
  if (!DATABASE_URL || !NATS_URL) return;
  database = await freshStore();
  await provisionClient(database.store.em.fork(), { name: 'Skew', email: 'skew@example.com', password: 'correct horse battery', plan: 'pro' });
  kube = await startKubeTestServer();
  const applied = await kubectl(kube.kubeconfigPath, ['apply', '-f', '-'], 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: vantage-system\n');
  if (applied.code !== 0) throw new Error(applied.stderr);
});

test.after.always(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
  await kube?.close();
  await database?.close();
});

serial('a replica whose wall clock runs ahead by more than the lease never takes it from a renewing leader, and takes it once within the duration when the leader stops', async (t) => {
  t.timeout(90_000);
  t.is(spawnSync('faketime', ['-f', SKEW, 'true']).status, 0, 'faketime is installed (Debian package faketime; .ci/run installs it)');
  const leader = await startReplica('on-time');
  await eventually('the on-time replica leading', async () => ((await leading(leader)) === 1 ? true : undefined), 30_000);
  const ahead = await startReplica('ahead', SKEW);
  await eventually('the skewed replica answering', async () => ((await leading(ahead)) !== undefined ? true : undefined), 30_000);
  const before = await lease();
  t.regex(before.holderIdentity ?? '', /^on-time-/);

  // Three lease durations of a renewing leader: the replica two minutes ahead keeps waiting.
  const watchUntil = Date.now() + 3 * LEASE_SECONDS * 1000;
  while (Date.now() < watchUntil) {
    t.is(await leading(ahead), 0, 'the skewed replica does not act while the leader renews');
    t.is(await leading(leader), 1, 'the leader keeps acting');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const held = await lease();
  t.is(held.holderIdentity, before.holderIdentity);
  t.is(held.leaseTransitions, before.leaseTransitions, 'no take-over happened');

  const killedAt = Date.now();
  leader.child.kill('SIGKILL');
  await once(leader.child, 'exit');
  await eventually('the skewed replica leading', async () => ((await leading(ahead)) === 1 ? true : undefined), (LEASE_SECONDS + 6) * 1000);
  const takeover = (Date.now() - killedAt) / 1000;
  // One duration of silence on its own clock, plus at most one retry interval (a third of it) and a round.
  t.true(takeover <= LEASE_SECONDS + 3, `took over after ${takeover.toFixed(1)} s; the lease lasts ${LEASE_SECONDS} s`);
  const after = await lease();
  t.regex(after.holderIdentity ?? '', /^ahead-/);
  t.true(Date.parse(after.renewTime ?? '') - Date.now() > 60_000, `the new holder renews by its own wall clock, which runs ahead: ${after.renewTime}`);
  t.is(after.leaseTransitions, (before.leaseTransitions ?? 0) + 1, 'exactly one take-over');
});
