import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import type { EntityManager } from '@mikro-orm/postgresql';
import { partitionOf } from '../../src/bus/subjects.js';
import { phaseOffset, slotAfter } from '../../src/domain/schedule.js';
import { Incident } from '../../src/store/entities/incident.js';
import { OutboxEvent } from '../../src/store/entities/outbox.js';
import { Run } from '../../src/store/entities/run.js';
import { freshStore } from '../support/database.js';
import { startAnsweringAgent } from './engine-processes.js';
import { httpCheck, tenant, until } from './helpers.js';

const natsUrl = process.env.NATS_URL;
const databaseUrl = process.env.DATABASE_URL;
const main = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const partitions = 8;
const checksCount = 12;

/**
 * Two `vantage engine` processes on real NATS and PostgreSQL share the partitions; one is killed
 * with SIGKILL. Its checks must keep running on the other within seconds, and every incident
 * must have opened exactly once.
 */
const distributed = natsUrl && databaseUrl ? test : test.skip;

distributed('a killed engine replica’s checks move to the survivor; every incident opens exactly once', async (t) => {
  t.timeout(170_000);
  const { store, databaseUrl: freshUrl, close } = await freshStore();
  const cluster = `t${randomBytes(5).toString('hex')}`;
  const locations = [`${cluster}-a`, `${cluster}-b`];
  const em = () => store.em.fork() as EntityManager;

  // An in-test agent for both locations: every target is down.
  const { bus: agentBus } = await startAnsweringAgent(natsUrl!.split(','), cluster, locations, 'down');

  const owner = await tenant(em());
  const checks = [];
  for (let i = 0; i < checksCount; i++) {
    checks.push(await httpCheck(em(), owner, `Check ${i}`, `service-${i}.example.net`, { triggerLocations: locations, responseTimeout: 2000 }));
  }

  const children: ChildProcess[] = [];
  const output = new Map<number, string>();
  const startEngine = (): ChildProcess => {
    const child = spawn(process.execPath, [main, 'engine'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: freshUrl,
        NATS_URL: natsUrl,
        VANTAGE_CLUSTER_NAME: cluster,
        VANTAGE_PARTITIONS: String(partitions),
        VANTAGE_LOCATIONS: locations.join(','),
        VANTAGE_OPS_PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log = (chunk: Buffer) => output.set(child.pid!, (output.get(child.pid!) ?? '') + chunk.toString());
    child.stdout!.on('data', log);
    child.stderr!.on('data', log);
    children.push(child);
    return child;
  };

  const nc = await connect({ servers: natsUrl!.split(',') });
  t.teardown(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once('exit', r)) : null)));
    const jsm = await jetstreamManager(nc);
    for (const stream of ['RESULTS', 'CHANGES']) await jsm.streams.delete(`${cluster.toUpperCase()}_VANTAGE_${stream}`).catch(() => undefined);
    await (await new Kvm(nc).open(`${cluster}-engine-leases`)).destroy().catch(() => undefined);
    await nc.close();
    await agentBus.close();
    await close();
  });

  const owners = async (): Promise<Map<number, string>> => {
    const kv = await new Kvm(nc).open(`${cluster}-engine-leases`);
    const found = new Map<number, string>();
    for (let p = 0; p < partitions; p++) {
      const entry = await kv.get(`p.${p}`);
      if (entry && entry.operation === 'PUT') found.set(p, entry.string());
    }
    return found;
  };

  const first = startEngine();
  const second = startEngine();
  try {
    await until(
      'both replicas to hold leases',
      async () => {
        const held = await owners().catch(() => new Map<number, string>());
        const holders = new Set(held.values());
        return held.size === partitions && [first.pid, second.pid].every((pid) => [...holders].some((id) => id.includes(`-${pid}-`)));
      },
      30_000,
    );
    await until('an incident for every check', async () => (await em().count(Incident, {})) >= checksCount, 30_000);
  } catch (error) {
    t.log(output);
    throw error;
  }

  const held = await owners();
  const victimPartitions = [...held].filter(([, id]) => id.includes(`-${first.pid}-`)).map(([p]) => p);
  const victimChecks = checks.filter((check) => victimPartitions.includes(partitionOf(check.id, partitions)));
  t.log(`killing replica ${first.pid}: partitions ${victimPartitions.join(',')}, ${victimChecks.length} checks`);
  const killedAt = Date.now();
  first.kill('SIGKILL');

  await until(
    'the survivor to hold every partition',
    async () => {
      const now = await owners();
      return now.size === partitions && [...now.values()].every((id) => id.includes(`-${second.pid}-`));
    },
    15_000,
  );
  t.true(Date.now() - killedAt <= 15_000, 'leases moved within 15 s');

  // Each of the victim's checks runs again: at once if its slot passed during the failover, else on its next slot.
  for (const check of victimChecks) {
    const nextSlot = slotAfter(killedAt, 60_000, phaseOffset(check.id, 60_000));
    const latest = Math.max(killedAt + 15_000, nextSlot + 5_000);
    const run = await until(
      `a run of check ${check.id} after the kill`,
      async () => em().findOne(Run, { check: check.id, startedAt: { $gt: new Date(killedAt) } }, { orderBy: { startedAt: 'asc' } }),
      latest - Date.now() + 5_000,
    );
    t.true(run.startedAt.getTime() <= latest, `check ${check.id} ran at ${run.startedAt.toISOString()}, due by ${new Date(latest).toISOString()}`);
  }

  const incidents = await em().find(Incident, {});
  t.is(incidents.length, checksCount, 'one incident per check, none doubled across the failover');
  t.deepEqual(new Set(incidents.map((i) => i.check.id)).size, checksCount);
  t.is(await em().count(OutboxEvent, { eventType: 'uptime.check.failed' }), checksCount);
});
