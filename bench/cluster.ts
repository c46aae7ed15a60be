/**
 * Cluster benchmark: the shape of `npm run cluster` (2 api, 2 engines, agents for 3 locations with
 * 2 replicas of the first) on real PostgreSQL and NATS, checks at 1 minute (70% HTTP, 20% TCP,
 * 10% DNS) probed for real against local targets that run in a process of their own.
 *
 *   npm run build && DATABASE_URL=postgres://… NATS_URL=nats://… node dist/bench/cluster.js \
 *     [--checks 10000,100000] [--kill 10000] [--settle 60] [--duration 300] [--profile DIR]
 *
 * Each count in `--checks` is one run (a fresh database and installation); each count in `--kill`
 * is one more run of that count in which every engine is killed with SIGKILL and restarted inside
 * the measured window. After `--settle` seconds, `--duration` seconds are measured; a minute into
 * them the target of the first 100 checks turns down (503), and detection is the time until its
 * `uptime.check.failed` webhook reaches a local HTTPS receiver. CPU comes from /proc for every
 * Vantage process, nats-server and the PostgreSQL processes serving the run (its database's
 * backends and the server's own background processes); the targets' CPU is printed apart and not
 * counted. A benchmark prints numbers; it is not a timed test.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from '@mikro-orm/postgresql';
import { startCluster, type RunningCluster } from '../src/cluster/start-cluster.js';
import { parseFlags } from '../src/cli/role.js';
import { startReceiver } from '../test/support/notify/receiver.js';
import { makeTestCertificates } from '../test/support/notify/tls.js';
import { cpuSnapshot, pidsWhere } from './proc-cpu.js';
import { startTargets, type Targets } from './targets-process.js';

const locations = ['eu-west', 'us-east', 'ap-south'];
const detectionChecks = 100;
const flags = parseFlags(process.argv.slice(2));
const counts = (flag: string, fallback: string): number[] => (flags.get(flag) ?? fallback).split(',').filter(Boolean).map(Number);
const sizes = counts('checks', '10000');
const killSizes = counts('kill', '');
const settleS = Number(flags.get('settle') ?? 60);
const durationS = Number(flags.get('duration') ?? 300);
/** `--profile DIR`: every role writes a V8 CPU profile there when it exits (`node --cpu-prof`). */
const profileDir = flags.get('profile');
if ([...sizes, ...killSizes].some((n) => !Number.isInteger(n) || n < detectionChecks)) throw new Error(`every count must be a whole number of at least ${detectionChecks}`);
if (!Number.isInteger(durationS) || durationS < 150) throw new Error('--duration must be whole seconds, at least 150 (the target turns down a minute in, and detection takes up to a period more)');
const base = process.env.DATABASE_URL;
const natsUrl = process.env.NATS_URL;
if (!base || !natsUrl) throw new Error('bench/cluster needs DATABASE_URL and NATS_URL');

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
type Db = ReturnType<Awaited<ReturnType<typeof pg.MikroORM.init>>['em']['getConnection']>;
type Scrape = Map<string, number>;

interface Outcome {
  label: string;
  checks: number;
  windowS: number;
  completed: number;
  dropped: number;
  runs: number;
  unknownHealthy: number;
  falseIncidents: number;
  cpu: Record<string, number>;
  targetsCores: number;
  lagP99: number | undefined;
  lagCycles: number;
  detection: number[];
  detectionOf: number;
  deliveriesLost: number;
  deliveriesDoubled: number;
  killed: boolean;
}

/** `/metrics` as name{labels} → value; empty when the process does not answer (killed just now). */
async function scrape(port: string): Promise<Scrape> {
  const samples: Scrape = new Map();
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text(), () => '');
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+(?:\{[^}]*\})?)\s+([-0-9.e+]+|NaN)$/i.exec(line);
    if (match) samples.set(match[1]!, Number(match[2]));
  }
  return samples;
}

const sumWhere = (samples: Scrape, name: string, keep: (key: string) => boolean = () => true): number =>
  [...samples].filter(([key]) => (key === name || key.startsWith(`${name}{`)) && keep(key)).reduce((total, [, value]) => total + value, 0);

/** A counter's growth between two scrapes; a process restarted in between counts from zero. */
const grew = (before: number, after: number): number => (after >= before ? after - before : after);

/**
 * Samples the CPU of every counted process every few seconds, so that a process killed in the
 * window still counts what it used until its last sample.
 */
class CpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private readonly groupOf = new Map<number, string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pids: () => Promise<Array<{ pid: number; group: string }>>) {}

  async start(): Promise<void> {
    await this.sample(true);
    this.timer = setInterval(() => void this.sample(false), 5_000);
  }

  async stop(): Promise<Record<string, number>> {
    if (this.timer) clearInterval(this.timer);
    await this.sample(false);
    const used: Record<string, number> = {};
    for (const [pid, seconds] of this.last) {
      const group = this.groupOf.get(pid)!;
      used[group] = (used[group] ?? 0) + seconds - (this.first.get(pid) ?? 0);
    }
    return used;
  }

  private async sample(initial: boolean): Promise<void> {
    const listed = await this.pids();
    const now = cpuSnapshot(listed.map((p) => p.pid));
    for (const { pid, group } of listed) {
      const seconds = now.get(pid);
      if (seconds === undefined) continue;
      this.groupOf.set(pid, group);
      if (initial) this.first.set(pid, seconds);
      this.last.set(pid, seconds);
    }
  }
}

/** The nats-server of NATS_URL: the one started with its port, or without one for the default 4222. */
function natsServerPid(): number | null {
  const port = new URL(natsUrl!.split(',')[0]!).port || '4222';
  const servers = pidsWhere((line) => /(^|\/)nats-server$/.test(line.split(' ')[0]!));
  const lineOf = (pid: number): string => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      return '';
    }
  };
  const byPort = servers.find((pid) => new RegExp(`(-p|--port)[ =]${port}( |$)`).test(lineOf(pid)));
  return byPort ?? (port === '4222' ? (servers.find((pid) => !/ (-p|--port)[ =]/.test(lineOf(pid))) ?? null) : null);
}

async function main(): Promise<void> {
  const certificates = makeTestCertificates();
  const targets = await startTargets(certificates);
  const outcomes: Outcome[] = [];
  try {
    for (const checks of sizes) outcomes.push(await runOnce(checks, false, targets, certificates));
    for (const checks of killSizes) outcomes.push(await runOnce(checks, true, targets, certificates));
  } finally {
    targets.child.kill('SIGTERM');
  }
  print(outcomes);
}

async function runOnce(checks: number, kill: boolean, targets: Targets, certificates: ReturnType<typeof makeTestCertificates>): Promise<Outcome> {
  const label = `${checks.toLocaleString('en')} checks${kill ? ', engines killed' : ''}`;
  process.stderr.write(`[bench] ${label}: load ${loadAverage()}\n`);
  targets.child.send({ down: false });
  const name = `vantage_bench_${randomBytes(4).toString('hex')}`;
  const admin = await pg.MikroORM.init({ clientUrl: base, entities: [], discovery: { warnWhenNoEntities: false }, allowGlobalContext: true });
  await admin.em.getConnection().execute(`create database "${name}"`);
  const url = new URL(base!);
  url.pathname = `/${name}`;
  const clusterName = `b${randomBytes(3).toString('hex')}`;
  let flippedAt = Number.POSITIVE_INFINITY;
  // Every `uptime.check.failed` webhook of the detection checks: when, and its delivery id.
  const failedWebhooks: Array<{ checkId: number; deliveryId: string; at: number }> = [];
  const receiver = await startReceiver((request) => {
    const payload = JSON.parse(request.body) as { event_type: string; delivery_id: string; resource: { id: number } };
    if (payload.event_type === 'uptime.check.failed') failedWebhooks.push({ checkId: payload.resource.id, deliveryId: payload.delivery_id, at: Date.now() });
    return { status: 200 };
  }, certificates);
  let cluster: RunningCluster | null = null;
  const sql = await pg.MikroORM.init({ clientUrl: url.toString(), entities: [], discovery: { warnWhenNoEntities: false }, allowGlobalContext: true });
  try {
    cluster = await startCluster({
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
        VANTAGE_DNS_RESOLVER: `127.0.0.1:${targets.dns}`,
        LOG_LEVEL: 'warn',
        // Settings given to the bench reach every role, so that runs can compare them.
        ...Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[0].startsWith('VANTAGE_') && entry[1] !== undefined)),
      },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      namespaces: false,
      print: (line) => process.stderr.write(`${line}\n`),
    });
    const running = cluster;
    const db = sql.em.getConnection();
    // The API answers once migrated: seeding waits for it, so the schema exists.
    await sleep(3_000);
    await seed(db, checks, targets, `${receiver.origin}/bench`);
    const portOf = (p: RunningCluster['processes'][number]) => p.env.PORT ?? p.env.VANTAGE_OPS_PORT!;
    const role = (p: RunningCluster['processes'][number]) => p.args[0]!;
    const natsPid = natsServerPid();
    const meter = new CpuMeter(async () => {
      const rows = await db.execute<Array<{ pid: number }>>(`select pid from pg_stat_activity where datname = ? or datname is null`, [name]).catch(() => []);
      return [
        ...running.processes.map((p) => ({ pid: p.child.pid!, group: role(p) })),
        ...(natsPid ? [{ pid: natsPid, group: 'nats-server' }] : []),
        ...rows.map((row) => ({ pid: row.pid, group: 'postgresql' })),
        { pid: targets.child.pid!, group: 'targets' },
      ];
    });
    // The engines pick the checks up at their next resync (30 s), spread at their start rate, and the schedule settles.
    await sleep(settleS * 1000);
    const before = await Promise.all(running.processes.map((p) => scrape(portOf(p))));
    const began = Date.now();
    await meter.start();
    await sleep(60_000);
    flippedAt = Date.now();
    targets.child.send({ down: true });
    if (kill) {
      await sleep(15_000);
      const engines = running.processes.filter((p) => role(p) === 'engine').map((p) => p.name);
      process.stderr.write(`[bench] SIGKILL and restart of ${engines.join(', ')}\n`);
      await Promise.all(engines.map((engine) => running.crashAndRestart(engine)));
      await sleep(durationS * 1000 - 75_000);
    } else {
      await sleep(durationS * 1000 - 60_000);
    }
    const after = await Promise.all(running.processes.map((p) => scrape(portOf(p))));
    const cpuSeconds = await meter.stop();
    const ended = Date.now();
    const windowS = (ended - began) / 1000;
    // Runs of the window are written within a second or two of their cycle's end.
    await sleep(5_000);

    const membersOf = (kind: string) => running.processes.map((p, i) => ({ p, i })).filter(({ p }) => role(p) === kind);
    const probes = (keep: (key: string) => boolean) =>
      membersOf('agent').reduce((total, { i }) => total + grew(sumWhere(before[i]!, 'vantage_probes_total', keep), sumWhere(after[i]!, 'vantage_probes_total', keep)), 0);
    const completed = probes((key) => !key.includes('outcome="dropped"'));
    const dropped = probes((key) => key.includes('outcome="dropped"'));
    const lagBuckets = new Map<number, number>();
    for (const { i } of membersOf('engine')) {
      for (const [key, value] of after[i]!) {
        const le = /^vantage_cycle_start_lag_seconds_bucket\{le="([^"]+)"\}$/.exec(key)?.[1];
        const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
        if (le) lagBuckets.set(bound, (lagBuckets.get(bound) ?? 0) + grew(before[i]!.get(key) ?? 0, value));
      }
    }
    const lagCycles = lagBuckets.get(Number.POSITIVE_INFINITY) ?? 0;
    const lagP99 = [...lagBuckets].sort(([a], [b]) => a - b).find(([, count]) => count >= lagCycles * 0.99)?.[0];
    const flippingHost = `127.0.0.1:${targets.flipping}`;
    const window = [new Date(began).toISOString(), new Date(ended).toISOString()];
    const [runs] = await db.execute<Array<{ total: string; unknown: string }>>(
      `select count(*) as total, count(*) filter (where r.state = 'UNKNOWN') as unknown
         from runs r join uptime_checks c on c.id = r.check_id
        where r.started_at >= ? and r.started_at < ? and c.hostname <> ? and not r.on_demand`,
      [...window, flippingHost],
    );
    const [falseIncidents] = await db.execute<Array<{ count: string }>>(
      `select count(*) as count from incidents i join uptime_checks c on c.id = i.check_id where c.hostname <> ?`,
      [flippingHost],
    );
    const incidents = await db.execute<Array<{ check_id: number }>>(
      `select i.check_id from incidents i join uptime_checks c on c.id = i.check_id where c.hostname = ?`,
      [flippingHost],
    );
    const firstWebhook = new Map<number, number>();
    for (const webhook of failedWebhooks) if (!firstWebhook.has(webhook.checkId)) firstWebhook.set(webhook.checkId, webhook.at);
    const deliveryIds = new Set(failedWebhooks.map((w) => w.deliveryId));
    const incidentsPerCheck = new Map<number, number>();
    for (const { check_id } of incidents) incidentsPerCheck.set(check_id, (incidentsPerCheck.get(check_id) ?? 0) + 1);
    const cpu: Record<string, number> = {};
    for (const [group, seconds] of Object.entries(cpuSeconds)) cpu[group] = seconds / windowS;
    return {
      label,
      checks,
      windowS,
      completed,
      dropped,
      runs: Number(runs?.total ?? 0),
      unknownHealthy: Number(runs?.unknown ?? 0),
      falseIncidents: Number(falseIncidents?.count ?? 0),
      cpu,
      targetsCores: cpu.targets ?? 0,
      lagP99,
      lagCycles,
      detection: [...firstWebhook.values()].map((at) => at - flippedAt),
      detectionOf: detectionChecks,
      // An incident of a detection check whose failure no webhook announced; the same delivery received twice, or two decisions for one check.
      deliveriesLost: [...incidentsPerCheck.keys()].filter((id) => !firstWebhook.has(id)).length,
      deliveriesDoubled: failedWebhooks.length - deliveryIds.size + [...incidentsPerCheck.values()].filter((n) => n > 1).length,
      killed: kill,
    };
  } finally {
    await cluster?.stop();
    await sql.close(true);
    await receiver.close();
    await admin.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
    await admin.close(true);
  }
}

/** 70% HTTP, 20% TCP, 10% DNS; the first `detectionChecks` are HTTP at the target that turns down, with a webhook group. */
async function seed(db: Db, checks: number, targets: Targets, webhookUrl: string): Promise<void> {
  const flippingHost = `127.0.0.1:${targets.flipping}`;
  const [client] = await db.execute<Array<{ id: number }>>(`insert into clients (name, plan, created_at, updated_at) values ('Bench', 'unlimited', now(), now()) returning id`);
  const [workspace] = await db.execute<Array<{ id: number }>>(`insert into workspaces (client_id, name, created_at) values (?, 'Bench', now()) returning id`, [client!.id]);
  await db.execute(
    `insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method, response_timeout,
       trigger_locations, min_failing_locations, response_classes, flag_follow_redirect, dns_record_type, dns_expected_values, port,
       banner_match_operator, banner_match_value, paused, state, managed_by, version, created_at, updated_at)
     select ?, 'bench ' || g, kind,
       case when g <= ? then ? when kind = 'http' then '127.0.0.1:' || ? when kind = 'tcp' then '127.0.0.1' else 'bench.test' end,
       case when kind = 'http' then 'http' end, case when kind = 'http' then '/' end, 1, case when kind = 'http' then 'get' end, 5000,
       ?::jsonb, 2, case when kind = 'http' then '["2XX"]'::jsonb else '[]'::jsonb end, false,
       case when kind = 'dns' then 'A' end, case when kind = 'dns' then '["10.0.0.1"]'::jsonb end, case when kind = 'tcp' then ?::int end,
       case when kind = 'tcp' then 'none' end, case when kind = 'tcp' then '' end,
       false, 'up', 'api', 1, now(), now()
     from (select g, case when g <= ? or g % 10 < 7 then 'http' when g % 10 < 9 then 'tcp' else 'dns' end as kind from generate_series(1, ?) g) s`,
    [workspace!.id, detectionChecks, flippingHost, targets.http, JSON.stringify(locations), targets.tcp, detectionChecks, checks],
  );
  // Last run "now", as for checks already running: they start on their schedule instead of all at once.
  await db.execute('insert into uptime_check_last_runs (check_id, last_run_at) select id, now() from uptime_checks where workspace_id = ?', [workspace!.id]);
  const [group] = await db.execute<Array<{ id: number }>>(
    `insert into notification_groups (workspace_id, name, email_addresses, phone_numbers, webhook_url, webhook_secret, created_at, updated_at)
     values (?, 'Bench on call', '[]'::jsonb, '[]'::jsonb, ?, 'bench-secret', now(), now()) returning id`,
    [workspace!.id, webhookUrl],
  );
  await db.execute(`insert into uptime_check_notification_groups (uptime_check_id, notification_group_id) select id, ? from uptime_checks where hostname = ?`, [group!.id, flippingHost]);
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

function percentiles(ms: number[], of: number): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
  return `${(pct(50) / 1000).toFixed(1)} s / ${(pct(99) / 1000).toFixed(1)} s (${sorted.length}/${of})`;
}

const counted = ['api', 'engine', 'agent', 'nats-server', 'postgresql'];

function print(outcomes: Outcome[]): void {
  const row = (measure: string, value: (o: Outcome) => string) => console.log(`| ${measure} | ${outcomes.map(value).join(' | ')} |`);
  console.log(`\nchecks × ${locations.length} locations at 1 min (70% HTTP, 20% TCP, 10% DNS); load at the end ${loadAverage()}\n`);
  console.log(`| measure | ${outcomes.map((o) => o.label).join(' | ')} |`);
  console.log(`|---|${outcomes.map(() => '---').join('|')}|`);
  row('measured', (o) => `${o.windowS.toFixed(0)} s`);
  row('probes per second completed / scheduled', (o) => `${(o.completed / o.windowS).toFixed(1)} / ${((o.checks * locations.length) / 60).toFixed(1)}`);
  row('probes dropped', (o) => String(o.dropped));
  row('UNKNOWN runs of healthy targets', (o) => `${o.unknownHealthy} of ${o.runs} (${((100 * o.unknownHealthy) / Math.max(1, o.runs)).toFixed(3)}%)`);
  row('probes per CPU-second, whole system', (o) => (o.completed / (counted.reduce((total, group) => total + (o.cpu[group] ?? 0), 0) * o.windowS)).toFixed(0));
  row('CPU by process (cores)', (o) => counted.map((group) => `${group} ${(o.cpu[group] ?? 0).toFixed(2)}`).join(', '));
  row('targets CPU, not counted (cores)', (o) => o.targetsCores.toFixed(2));
  row('cycle start lag p99', (o) => `≤ ${o.lagP99 ?? 'n/a'} s (${o.lagCycles} cycles)`);
  row('detection p50 / p99', (o) => percentiles(o.detection, o.detectionOf));
  row('false incidents', (o) => String(o.falseIncidents));
  row('deliveries lost / doubled', (o) => `${o.deliveriesLost} / ${o.deliveriesDoubled}`);
  const held = outcomes.filter((o) => !o.killed && o.dropped === 0 && o.unknownHealthy === 0).map((o) => o.checks);
  const refused = outcomes.filter((o) => !o.killed && (o.dropped > 0 || o.unknownHealthy > 0)).map((o) => o.checks);
  if (refused.length > 0) {
    console.log(`\nthis machine did not hold ${refused.map((n) => n.toLocaleString('en')).join(', ')} checks with 0 drops; the largest count held: ${held.length ? Math.max(...held).toLocaleString('en') : 'none measured'}`);
  }
}

await main();
