import { parseArgs } from 'node:util';
import { startCluster } from './start-cluster.js';

/**
 * `npm run cluster [-- --netns] [--base-port 8080] [--locations a,b,c]`: the distributed shape on
 * loopback against DATABASE_URL and NATS_URL, until Ctrl-C.
 */
const { values } = parseArgs({
  options: {
    netns: { type: 'boolean', default: false },
    'base-port': { type: 'string', default: '8080' },
    locations: { type: 'string', default: 'eu-west,us-east,ap-south' },
    'cluster-name': { type: 'string', default: process.env.VANTAGE_CLUSTER_NAME ?? 'local' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;
if (!databaseUrl || !natsUrl) {
  process.stderr.write('npm run cluster needs DATABASE_URL and NATS_URL (PostgreSQL and NATS with JetStream)\n');
  process.exit(2);
}
const print = (line: string): void => void process.stdout.write(`${line}\n`);
const cluster = await startCluster({
  databaseUrl,
  natsUrl,
  clusterName: values['cluster-name'],
  locations: values.locations.split(','),
  firstLocationReplicas: 2,
  apiReplicas: 2,
  engineReplicas: 2,
  basePort: Number(values['base-port']),
  env: { VANTAGE_ALLOW_PRIVATE_TARGETS: '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  namespaces: values.netns,
  print,
});
const ports = cluster.processes.filter((p) => p.env.PORT).map((p) => `http://127.0.0.1:${p.env.PORT}`);
print(`[cluster] ${cluster.processes.length} processes; API at ${ports.join(' and ')}; Ctrl-C stops them all`);
if (cluster.networks) print(`[cluster] agents in namespaces ${cluster.networks.namespaces.map((n) => `${n.location}=${n.name}`).join(', ')}`);
let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  print('[cluster] stopping');
  void cluster.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
