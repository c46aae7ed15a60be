/**
 * Cluster benchmark: the shape of `npm run cluster` (2 api, 2 engines, agents for 3 locations with
 * 2 replicas of the first) on real PostgreSQL and NATS, with 10,000 HTTP checks at 1 minute probed
 * for real against local targets, for `--duration` seconds (default 300).
 *
 *   npm run build && DATABASE_URL=postgres://… NATS_URL=nats://… node dist/bench/cluster.js [--duration 300] [--checks 10000]
 *
 * Prints probes per second achieved against scheduled, the cycle start lag p99, detection latency
 * p50/p99 (a target turned down → its `uptime.check.failed` webhook received by a local HTTPS
 * receiver, and → the incident row), and CPU and memory per role, from each process's own
 * /metrics. A benchmark prints numbers; it is not a timed test.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from '@mikro-orm/postgresql';
import { startCluster } from '../src/cluster/start-cluster.js';
import { parseFlags } from '../src/cli/role.js';
import { startReceiver } from '../test/notify/helpers/receiver.js';
import { makeTestCertificates } from '../test/notify/helpers/tls.js';

const locations = ['eu-west', 'us-east', 'ap-south'];
const targetServers = 8;
const detectionChecks = 100;
const flags = parseFlags(process.argv.slice(2));
const durationS = Number(flags.get('duration') ?? 300);
const checks = Number(flags.get('checks') ?? 10_000);
/** `--profile DIR`: every role writes a V8 CPU profile there when it exits (`node --cpu-prof`). */
const profileDir = flags.get('profile');
if (!Number.isInteger(durationS) || durationS < 150) throw new Error('--duration must be whole seconds, at least 150 (a minute to settle, then a cycle and more)');
if (!Number.isInteger(checks) || checks < detectionChecks) throw new Error(`--checks must be at least ${detectionChecks}`);
const base = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;
if (!base || !natsUrl) throw new Error('bench/cluster needs DATABASE_URL and NATS_URL');

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function target(status: () => number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.statusCode = status();
    res.end('bench');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

type Scrape = Map<string, number>;

/** `/metrics` as name{labels} → value. */
async function scrape(port: string): Promise<Scrape> {
  const samples: Scrape = new Map();
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+(?:\{[^}]*\})?)\s+([-0-9.e+]+|NaN)$/i.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

const sum = (samples: Scrape, name: string): number => [...samples].filter(([key]) => key === name || key.startsWith(`${name}{`)).reduce((total, [, value]) => total + value, 0);

async function main(): Promise<void> {
  const name = `vantage_bench_${randomBytes(4).toString('hex')}`;
  const admin = await pg.MikroORM.init({ clientUrl: base, entities: [], discovery: { warnWhenNoEntities: false }, allowGlobalContext: true });
  await admin.em.getConnection().execute(`create database "${name}"`);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  const clusterName = `b${randomBytes(3).toString('hex')}`;
  let flippedAt = Number.POSITIVE_INFINITY;
  const servers = await Promise.all(Array.from({ length: targetServers }, () => target(() => 200)));
  const flipping = await target(() => (Date.now() >= flippedAt ? 503 : 200));
  // When each detection check's first `uptime.check.failed` webhook arrived.
  const failedWebhookAt = new Map<number, number>();
  const certificates = makeTestCertificates();
  const receiver = await startReceiver((request) => {
    const payload = JSON.parse(request.body) as { event_type: string; resource: { id: number } };
    if (payload.event_type === 'uptime.check.failed' && !failedWebhookAt.has(payload.resource.id)) failedWebhookAt.set(payload.resource.id, Date.now());
    return { status: 200 };
  }, certificates);
  const cluster = await startCluster({
    databaseUrl: url.toString(),
    natsUrl: natsUrl!,
    clusterName,
    locations,
    firstLocationReplicas: 2,
    apiReplicas: 2,
    engineReplicas: 2,
    basePort: 18_000 + Math.floor(Math.random() * 2000),
    env: {
      VANTAGE_ALLOW_PRIVATE_TARGETS: '1',
      VANTAGE_EXTRA_CA_FILE: certificates.caFile,
      LOG_LEVEL: 'warn',
    },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    namespaces: false,
    print: (line) => process.stderr.write(`${line}\n`),
  });
  try {
    const sql = pg.MikroORM.init({ clientUrl: url.toString(), entities: [], discovery: { warnWhenNoEntities: false }, allowGlobalContext: true });
    const db = (await sql).em.getConnection();
    await seed(db, servers, flipping, `${receiver.origin}/bench`);
    const portOf = (p: (typeof cluster.processes)[number]) => p.env.PORT ?? p.env.VANTAGE_OPS_PORT!;
    const role = (p: (typeof cluster.processes)[number]) => p.args[0]!;
    // The engines pick the checks up at their next resync (30 s) and the schedule settles.
    await sleep(60_000);
    const before = await Promise.all(cluster.processes.map((p) => scrape(portOf(p))));
    const began = Date.now();
    await sleep(60_000);
    flippedAt = Date.now();
    await sleep(durationS * 1000 - 120_000);
    const after = await Promise.all(cluster.processes.map((p) => scrape(portOf(p))));
    const windowS = (Date.now() - began) / 1000;

    const agents = cluster.processes.map((p, i) => ({ p, i })).filter(({ p }) => role(p) === 'agent');
    const probes = agents.reduce((total, { i }) => total + sum(after[i]!, 'vantage_probes_total') - sum(before[i]!, 'vantage_probes_total'), 0);
    const engines = cluster.processes.map((p, i) => ({ p, i })).filter(({ p }) => role(p) === 'engine');
    const lagBuckets = new Map<number, number>();
    for (const { i } of engines) {
      for (const [key, value] of after[i]!) {
        const le = /^vantage_cycle_start_lag_seconds_bucket\{le="([^"]+)"\}$/.exec(key)?.[1];
        const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
        if (le) lagBuckets.set(bound, (lagBuckets.get(bound) ?? 0) + value - (before[i]!.get(key) ?? 0));
      }
    }
    const total = lagBuckets.get(Number.POSITIVE_INFINITY) ?? 0;
    const lagP99 = [...lagBuckets].sort(([a], [b]) => a - b).find(([, count]) => count >= total * 0.99)?.[0];
    const detections = await db.execute<Array<{ ms: string | number }>>(
      `select extract(epoch from (min(i.opened_at) - to_timestamp(?::double precision / 1000))) * 1000 as ms
         from incidents i join uptime_checks c on c.id = i.check_id
        where c.hostname = ? group by c.id order by 1`,
      [flippedAt, `127.0.0.1:${(flipping.address() as AddressInfo).port}`],
    );
    const percentiles = (ms: number[]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
      return `${(pct(50) / 1000).toFixed(1)} s / ${(pct(99) / 1000).toFixed(1)} s (${sorted.length}/${detectionChecks} detected)`;
    };
    console.log(`\n${checks} checks × ${locations.length} locations at 1 min, ${windowS.toFixed(0)} s measured\n`);
    console.log('| measure | value |\n|---|---|');
    console.log(`| probes per second, achieved / scheduled | ${(probes / windowS).toFixed(1)} / ${((checks * locations.length) / 60).toFixed(1)} |`);
    console.log(`| cycle start lag p99 | ≤ ${lagP99 ?? 'n/a'} s (histogram bucket; ${total} cycles) |`);
    console.log(`| detection (target down → \`uptime.check.failed\` webhook received) p50 / p99 | ${percentiles([...failedWebhookAt.values()].map((at) => at - flippedAt))} |`);
    console.log(`| detection (target down → incident and its event written) p50 / p99 | ${percentiles(detections.map((d) => Number(d.ms)))} |`);
    for (const kind of ['api', 'engine', 'agent']) {
      const members = cluster.processes.map((p, i) => ({ p, i })).filter(({ p }) => role(p) === kind);
      const cpu = members.map(({ i }) => (sum(after[i]!, 'process_cpu_seconds_total') - sum(before[i]!, 'process_cpu_seconds_total')) / windowS);
      const rss = members.map(({ i }) => sum(after[i]!, 'process_resident_memory_bytes') / 2 ** 20);
      console.log(`| ${kind} CPU per process (cores) / RSS (MiB) | ${cpu.map((c) => c.toFixed(2)).join(', ')} / ${rss.map((r) => r.toFixed(0)).join(', ')} |`);
    }
    await (await sql).close(true);
  } finally {
    await cluster.stop();
    for (const server of [...servers, flipping]) server.close();
    await receiver.close();
    await admin.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
    await admin.close(true);
  }
}

/**
 * The checks, spread over the target servers; the first `detectionChecks` point at the one that
 * turns down, with a notification group whose webhook is the receiver.
 */
async function seed(db: ReturnType<Awaited<ReturnType<typeof pg.MikroORM.init>>['em']['getConnection']>, servers: Server[], flipping: Server, webhookUrl: string): Promise<void> {
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  const [client] = await db.execute<Array<{ id: number }>>(`insert into clients (name, plan, created_at, updated_at) values ('Bench', 'pro', now(), now()) returning id`);
  const [workspace] = await db.execute<Array<{ id: number }>>(`insert into workspaces (client_id, name, created_at) values (?, 'Bench', now()) returning id`, [client!.id]);
  await db.execute(
    `insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method, response_timeout,
       trigger_locations, min_failing_locations, response_classes, flag_follow_redirect, paused, state, last_run_at, managed_by, version, created_at, updated_at)
     select ?, 'bench ' || g,  'http',
       case when g <= ? then ? else '127.0.0.1:' || (?::jsonb ->> (g % ?))::int end,
       'http', '/', 1, 'get', 5000, ?::jsonb, 2, '["2XX"]'::jsonb, false, false, 'up', now(), 'api', 1, now(), now()
     from generate_series(1, ?) g`,
    [workspace!.id, detectionChecks, `127.0.0.1:${(flipping.address() as AddressInfo).port}`, JSON.stringify(ports), ports.length, JSON.stringify(locations), checks],
  );
  const [group] = await db.execute<Array<{ id: number }>>(
    `insert into notification_groups (workspace_id, name, email_addresses, phone_numbers, webhook_url, webhook_secret, created_at, updated_at)
     values (?, 'Bench on call', '[]'::jsonb, '[]'::jsonb, ?, 'bench-secret', now(), now()) returning id`,
    [workspace!.id, webhookUrl],
  );
  await db.execute(
    `insert into uptime_check_notification_groups (uptime_check_id, notification_group_id) select id, ? from uptime_checks where hostname = ?`,
    [group!.id, `127.0.0.1:${(flipping.address() as AddressInfo).port}`],
  );
}

await main();
