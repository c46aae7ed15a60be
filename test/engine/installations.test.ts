import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import test from 'ava';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Run } from '../../src/store/entities/run.js';
import { spawnCli } from '../support/cli.js';
import { freshStore } from '../support/database.js';
import { httpCheck, Target, tenant, until } from './helpers.js';

const natsUrl = process.env.NATS_URL;
const distributed = natsUrl && process.env.DATABASE_URL ? test : test.skip;
const checksPerInstallation = 6;

/**
 * Two installations on one NATS, each with its own database, engine and agent, and the same
 * location id. Production's agent may probe private targets, staging's refuses them. If the
 * agents shared a queue group, about half of production's probes would be answered "private
 * address refused" by staging's agent (and the other way round): every run must come from the
 * installation's own agent.
 */
distributed('two installations on one NATS with the same location ids probe only their own targets', async (t) => {
  t.timeout(120_000);
  const suffix = randomBytes(4).toString('hex');
  const location = `shared-${suffix}`;
  const target = await Target.start();
  const children: ChildProcess[] = [];
  const output: string[] = [];
  const nc = await connect({ servers: natsUrl!.split(',') });
  const installations = await Promise.all(
    [
      { cluster: `prod${suffix}`, allowPrivate: '1' },
      { cluster: `stage${suffix}`, allowPrivate: '0' },
    ].map(async (installation) => ({ ...installation, ...(await freshStore()) })),
  );
  t.teardown(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    const jsm = await jetstreamManager(nc);
    for (const { cluster, close } of installations) {
      for (const stream of ['RESULTS', 'CHANGES']) await jsm.streams.delete(`${cluster.toUpperCase()}_VANTAGE_${stream}`).catch(() => undefined);
      await (await new Kvm(nc).open(`${cluster}-engine-leases`)).destroy().catch(() => undefined);
      await close();
    }
    await nc.close();
    await target.stop();
  });

  for (const { cluster, store, databaseUrl, allowPrivate } of installations) {
    const em = store.em.fork() as EntityManager;
    const owner = await tenant(em);
    for (let i = 0; i < checksPerInstallation; i++) {
      await httpCheck(em, owner, `${cluster} ${i}`, target.hostname, { triggerLocations: [location], responseTimeout: 2000 });
    }
    const env = { DATABASE_URL: databaseUrl, NATS_URL: natsUrl, VANTAGE_CLUSTER_NAME: cluster, VANTAGE_LOCATIONS: location, VANTAGE_PARTITIONS: '4' };
    for (const args of [['engine'], ['agent', '--location', location]]) {
      const child = spawnCli(args, { ...env, VANTAGE_ALLOW_PRIVATE_TARGETS: allowPrivate, LOG_LEVEL: 'warn' });
      child.stdout!.on('data', (chunk: Buffer) => output.push(`${cluster} ${args[0]}: ${chunk.toString()}`));
      child.stderr!.on('data', (chunk: Buffer) => output.push(`${cluster} ${args[0]}: ${chunk.toString()}`));
      children.push(child);
    }
  }

  const runsOf = async (store: (typeof installations)[number]['store']) => (store.em.fork() as EntityManager).find(Run, { onDemand: false });
  try {
    for (const { cluster, store } of installations) {
      await until(`a run of every check of ${cluster}`, async () => new Set((await runsOf(store)).map((run) => run.check.id)).size === checksPerInstallation, 90_000);
    }
  } catch (error) {
    t.log(output.join(''));
    throw error;
  }
  const [production, staging] = installations as [(typeof installations)[number], (typeof installations)[number]];
  const productionRuns = await runsOf(production.store);
  t.deepEqual(
    productionRuns.filter((run) => run.state !== 'UP').map((run) => run.results),
    [],
    'every production run was answered by production’s agent, which reaches the private target',
  );
  const stagingRuns = await runsOf(staging.store);
  t.deepEqual(
    stagingRuns.filter((run) => run.state !== 'DOWN' || !/private/i.test(run.results[0]?.reason ?? '')).map((run) => run.results),
    [],
    'every staging run was answered by staging’s agent, which refuses private targets',
  );
});
