import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import test from 'ava';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import type { EntityManager } from '@mikro-orm/postgresql';
import { namespacesUnavailable } from '../../src/cluster/network-namespaces.js';
import { startCluster, type RunningCluster } from '../../src/cluster/start-cluster.js';
import { Incident } from '../../src/store/entities/incident.js';
import { Run } from '../../src/store/entities/run.js';
import { freshStore } from '../support/database.js';
import { freePort } from '../support/free-port.js';
import { httpCheck, tenant, until } from '../engine/helpers.js';

const natsUrl = process.env.NATS_URL;
const databaseUrl = process.env.DATABASE_URL;
const refused = await namespacesUnavailable();
const runnable = natsUrl && databaseUrl && !refused;
if (!runnable) console.log(`partial reachability skipped: ${refused ?? 'needs DATABASE_URL and NATS_URL'}`);
const withNamespaces = runnable ? test : test.skip;

async function healthyTarget(address: string): Promise<Server> {
  const server = createServer((_req, res) => res.end('ok'));
  server.listen(0, address);
  await once(server, 'listening');
  return server;
}

/**
 * `npm run cluster` with namespaces: three locations, each location's agents in a network
 * namespace of its own; three healthy targets on addresses every location reaches, and three
 * checks with min_failing_locations 2. One target is cut off from one location, one from two,
 * one from all three: the first check's runs are UNKNOWN and open nothing, the second opens a
 * major incident, the third a critical one.
 */
withNamespaces('one location cut off: UNKNOWN and no incident; two: major; three: critical', async (t) => {
  t.timeout(240_000);
  const { store, databaseUrl: freshUrl, close } = await freshStore();
  const suffix = randomBytes(3).toString('hex');
  const clusterName = `n${suffix}`;
  const locations = ['north', 'south', 'east'].map((l) => `${l}-${suffix}`);
  const output: string[] = [];
  let cluster: RunningCluster | null = null;
  const servers: Server[] = [];
  t.teardown(async () => {
    await cluster?.stop();
    for (const server of servers) server.close();
    const nc = await connect({ servers: natsUrl!.split(',') });
    const jsm = await jetstreamManager(nc);
    for (const stream of ['RESULTS', 'CHANGES']) await jsm.streams.delete(`${clusterName.toUpperCase()}_VANTAGE_${stream}`).catch(() => undefined);
    await (await new Kvm(nc).open(`${clusterName}-engine-leases`)).destroy().catch(() => undefined);
    await nc.close();
    await close();
  });
  cluster = await startCluster({
    databaseUrl: freshUrl!,
    natsUrl: natsUrl!,
    clusterName,
    locations,
    firstLocationReplicas: 2,
    apiReplicas: 2,
    engineReplicas: 2,
    basePort: await freePort(),
    env: { VANTAGE_ALLOW_PRIVATE_TARGETS: '1', LOG_LEVEL: 'warn', VANTAGE_OPS_PORT: '0', VANTAGE_PARTITIONS: '4' },
    namespaces: true,
    print: (line) => output.push(line),
  });
  const networks = cluster.networks!;
  t.truthy(networks, 'the agents run in namespaces');
  const addresses = [await networks.addTargetAddress(), await networks.addTargetAddress(), await networks.addTargetAddress()];
  for (const address of addresses) servers.push(await healthyTarget(address));
  const [one, two, three] = addresses.map((address, i) => `${address}:${(servers[i]!.address() as AddressInfo).port}`) as [string, string, string];
  await networks.cut(locations[0]!, addresses[0]!);
  for (const location of locations.slice(0, 2)) await networks.cut(location, addresses[1]!);
  for (const location of locations) await networks.cut(location, addresses[2]!);

  const em = () => store.em.fork() as EntityManager;
  const owner = await tenant(em());
  const options = { triggerLocations: locations, minFailingLocations: 2, responseTimeout: 2000 };
  const checks = [await httpCheck(em(), owner, 'One cut', one, options), await httpCheck(em(), owner, 'Two cut', two, options), await httpCheck(em(), owner, 'All cut', three, options)];
  const firstRun = (checkId: number) => until(`a run of check ${checkId}`, async () => em().findOne(Run, { check: checkId, onDemand: false }), 120_000);
  try {
    const runs = await Promise.all(checks.map((check) => firstRun(check.id)));
    t.is(runs[0]!.state, 'UNKNOWN', 'one location of three failing: the locations disagree');
    t.is(runs[0]!.failingLocations, 1);
    t.is(runs[1]!.failingLocations, 2);
    t.is(runs[2]!.state, 'DOWN');
    t.deepEqual(runs[2]!.results.map((r) => r.state), ['down', 'down', 'down']);
    const incidentOf = (checkId: number) => until(`an incident of check ${checkId}`, async () => em().findOne(Incident, { check: checkId }), 30_000);
    t.is((await incidentOf(checks[1]!.id)).severity, 'major');
    t.is((await incidentOf(checks[2]!.id)).severity, 'critical');
    t.is(await em().count(Incident, { check: checks[0]!.id }), 0, 'below min_failing_locations: no incident');
  } catch (error) {
    t.log(output.slice(-60).join('\n'));
    throw error;
  }
});
