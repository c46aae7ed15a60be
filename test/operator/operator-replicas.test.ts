import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import test from 'ava';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { spawnCli } from '../support/cli.js';
import { freshStore } from '../support/database.js';
import { freePort } from '../support/free-port.js';
import { startKubeTestServer, type KubeTestServer } from '../support/kube/index.js';
import { eventually, kubectl } from '../support/kubectl.js';

const { DATABASE_URL, NATS_URL } = process.env;
const LEASE_SECONDS = 4;
const serial = DATABASE_URL && NATS_URL ? test.serial : test.serial.skip;

let database: Awaited<ReturnType<typeof freshStore>>;
let kube: KubeTestServer;
let workspaceId: number;
const replicas: Array<{ child: ChildProcess; port: number; name: string }> = [];

const k = (...args: string[]) => kubectl(kube.kubeconfigPath, args);
const kIn = (input: string, ...args: string[]) => kubectl(kube.kubeconfigPath, args, input);

const check = (name: string, hostname = `${name}.example.com`) => `apiVersion: monitoring.vantage.dev/v1
kind: UptimeCheck
metadata:
  name: ${name}
  namespace: team
spec:
  checkType: http
  hostname: ${hostname}
  protocol: https
  checkFrequency: 5
  triggerLocations: [eu-west]
  minFailingLocations: 1
`;

async function startReplica(name: string) {
  const port = await freePort();
  const child = spawnCli(['operator'], {
    DATABASE_URL: database.databaseUrl,
    NATS_URL,
    KUBECONFIG: kube.kubeconfigPath,
    VANTAGE_OPERATOR_NAMESPACE: 'vantage-system',
    VANTAGE_OPERATOR_LEASE_SECONDS: String(LEASE_SECONDS),
    VANTAGE_OPERATOR_RESYNC_SECONDS: '1',
    VANTAGE_CLUSTER_NAME: `op${process.pid}`,
    VANTAGE_OPS_PORT: String(port),
    POD_NAME: name,
  });
  const replica = { child, port, name };
  replicas.push(replica);
  return replica;
}

/** 1 or 0 from the replica's `vantage_operator_leader` gauge; undefined while it does not answer. */
async function leading(replica: { port: number }): Promise<number | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${replica.port}/metrics`)).text();
    const match = /^vantage_operator_leader (\d)/m.exec(text);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

async function rows(): Promise<UptimeCheck[]> {
  return database.store.em.fork().find(UptimeCheck, { workspace: workspaceId }, { orderBy: { id: 'asc' } });
}

async function kill(replica: { child: ChildProcess }): Promise<void> {
  if (replica.child.exitCode !== null || replica.child.signalCode !== null) return;
  replica.child.kill('SIGKILL');
  await once(replica.child, 'exit');
}

test.before(async () => {
  if (!DATABASE_URL || !NATS_URL) return;
  database = await freshStore();
  workspaceId = (await provisionClient(database.store.em.fork(), { name: 'Replicas', email: 'replicas@example.com', password: 'correct horse battery', plan: 'pro' })).workspace_id;
  kube = await startKubeTestServer();
  const namespaces = `apiVersion: v1
kind: Namespace
metadata:
  name: team
  labels:
    vantage.dev/workspace-id: "${workspaceId}"
---
apiVersion: v1
kind: Namespace
metadata:
  name: vantage-system
`;
  const applied = await kIn(namespaces, 'apply', '-f', '-');
  if (applied.code !== 0) throw new Error(applied.stderr);
});

test.after.always(async () => {
  for (const replica of replicas) await kill(replica);
  await kube?.close();
  await database?.close();
});

serial('two replicas: one acts, and when it is killed the other takes over within the lease time', async (t) => {
  t.timeout(90_000);
  const first = await startReplica('replica-a');
  const second = await startReplica('replica-b');
  const leaderOf = (replica: { port: number }) => (replica === leaderReplica ? 'yes' : 'no');
  let leaderReplica: { port: number } | undefined;
  const [leader, standby] = await eventually(
    'one leader',
    async () => {
      const states = [await leading(first), await leading(second)];
      if (states.includes(undefined)) return undefined;
      if (states[0]! + states[1]! !== 1) return undefined;
      return states[0] === 1 ? [first, second] : [second, first];
    },
    30_000,
  );
  leaderReplica = leader;
  for (const [replica, leader] of [[first, leaderOf(first)], [second, leaderOf(second)]] as const) {
    const readiness = await fetch(`http://127.0.0.1:${replica.port}/readyz`);
    t.is(readiness.status, 200, 'a standby is ready too: it watches and can take over');
    t.like(await readiness.json(), { checks: { database: 'up', kubernetes: 'synced', leader } });
  }
  t.is((await kIn(check('before-failover'), 'apply', '-f', '-')).code, 0);
  await eventually('the first check mirrored', async () => ((await rows()).length === 1 ? true : undefined));
  const killedAt = Date.now();
  await kill(leader!);
  await eventually('the standby leading', async () => ((await leading(standby!)) === 1 ? true : undefined), (LEASE_SECONDS + 6) * 1000);
  const takeover = (Date.now() - killedAt) / 1000;
  t.true(takeover <= LEASE_SECONDS + 3, `took over after ${takeover.toFixed(1)} s; the lease lasts ${LEASE_SECONDS} s`);
  t.is((await kIn(check('after-failover'), 'apply', '-f', '-')).code, 0);
  const after = await eventually('the second check mirrored by the new leader', async () => {
    const found = await rows();
    return found.length === 2 ? found : undefined;
  });
  t.deepEqual(after.map((row) => row.name), ['before-failover', 'after-failover']);
  await kill(standby!);
});

serial('SIGTERM: the leader exits 0 within the shutdown bound and frees its Lease, and the standby takes over', async (t) => {
  t.timeout(90_000);
  const first = await startReplica('replica-e');
  const second = await startReplica('replica-f');
  const [leader, standby] = await eventually(
    'one leader',
    async () => {
      const states = [await leading(first), await leading(second)];
      if (states.includes(undefined) || states[0]! + states[1]! !== 1) return undefined;
      return states[0] === 1 ? [first, second] : [second, first];
    },
    30_000,
  );
  const exited = once(leader.child, 'exit');
  const stoppedAt = Date.now();
  leader.child.kill('SIGTERM');
  const [code] = await exited;
  t.is(code, 0);
  t.true(Date.now() - stoppedAt < 25_000, 'within the shutdown bound');
  const lease = JSON.parse((await k('get', 'lease', `op${process.pid}-operator`, '-n', 'vantage-system', '-o', 'json')).stdout);
  t.not(lease.spec.holderIdentity, leader.name, 'the stopped leader no longer holds the Lease');
  await eventually('the standby leading', async () => ((await leading(standby)) === 1 ? true : undefined), 15_000);
  await kill(standby);
});

serial('an operator killed while resources are deleted and re-created cleans up after its restart, with no duplicate or orphan rows', async (t) => {
  t.timeout(90_000);
  const operator = await startReplica('replica-c');
  t.is((await kIn(check('doomed') + '---\n' + check('recreated'), 'apply', '-f', '-')).code, 0);
  const before = await eventually('both checks mirrored', async () => {
    const found = await rows();
    return found.some((row) => row.name === 'doomed') && found.some((row) => row.name === 'recreated') ? found : undefined;
  });
  const oldUid = before.find((row) => row.name === 'recreated')!.kubernetesUid;
  await eventually('finalizers on both', async () => {
    const listed = JSON.parse((await k('get', 'uc', '-n', 'team', '-o', 'json')).stdout).items as any[];
    return listed.filter((item) => (item.metadata.finalizers ?? []).includes('monitoring.vantage.dev/row')).length >= 2 ? true : undefined;
  });
  await kill(operator);

  // While the operator is away: one resource is deleted (its finalizer holds it), another is
  // deleted past its finalizer by hand and re-created with the same name and a new spec.
  t.is((await k('delete', 'uc', 'doomed', '-n', 'team', '--wait=false')).code, 0);
  t.is((await k('patch', 'uc', 'recreated', '-n', 'team', '--type', 'json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]')).code, 0);
  t.is((await k('delete', 'uc', 'recreated', '-n', 'team', '--timeout=10s')).code, 0);
  t.is((await kIn(check('recreated', 'new-target.example.com'), 'apply', '-f', '-')).code, 0);
  t.is((await k('get', 'uc', 'doomed', '-n', 'team')).code, 0, 'the finalizer keeps the deleted resource until the operator is back');

  await startReplica('replica-d');
  const after = await eventually(
    'the deletion finished and the re-created resource mirrored',
    async () => {
      const found = await rows();
      const recreated = found.filter((row) => row.name === 'recreated');
      return !found.some((row) => row.name === 'doomed') && recreated.length === 1 && recreated[0]!.hostname === 'new-target.example.com' ? found : undefined;
    },
    30_000,
  );
  t.not(after.find((row) => row.name === 'recreated')!.kubernetesUid, oldUid);
  await eventually('the deleted resource gone', async () => ((await k('get', 'uc', 'doomed', '-n', 'team')).code !== 0 ? true : undefined));
  const names = after.map((row) => row.name);
  t.is(new Set(names).size, names.length, 'no duplicate rows');
});
