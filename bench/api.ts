import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { closeStore, migrate, openStore } from '../src/store/orm.js';
import { freePort } from '../test/support/free-port.js';
import { makeTestCertificates } from '../test/support/notify/tls.js';
import { runLoad, type LoadRequest, type LoadResult } from './api-load.js';
import { runPacedLoad } from './paced-load.js';
import { cpuSecondsOf, cpuSnapshot, cpuUsed, pidsWhere } from './proc-cpu.js';
import { seedWorkspaces, type Seed, type SeededWorkspace } from './api-seed.js';
import { startTargets, type Targets } from './targets-process.js';
import { runWrk, wrkInstalled, type WrkPosts } from './wrk-load.js';

/**
 * The API as the mobile app sees it: 10,000 checks in one workspace, 16 concurrent clients
 * sending Basic credentials on keep-alive connections, every read route of the app's screens, the
 * create, the update and a bulk pause of the whole workspace, on PostgreSQL (`vantage api`, when DATABASE_URL is set) and on the
 * embedded database (`vantage serve`). Each route is printed beside a bare baseline measured in the same
 * run: a `node:http` handler running the list's row query with `pg` (PGlite when embedded).
 * The checks' hosts name a local target (a hosts file, and the benchmarks' targets process), so
 * that `serve`'s engine finds them up, as in a workspace at rest. CPU is counted per process from
 * /proc and printed per request: the API process, PostgreSQL
 * (the backends serving the bench's database, not others' on the same server; on the embedded database it
 * runs inside the API process) and the load generator itself (in seconds). The load generator is
 * `wrk` when it is installed (apt-get install wrk; a new body per create and update, made by its
 * Lua hook), a Node keep-alive client otherwise; the heading says which. Each GET route is then
 * measured a second time at the rate the issue asks of it (1,000 requests a second on PostgreSQL,
 * 300 embedded, or --paced-rate), sent on a fixed schedule on as many connections, each request
 * timed from when it was due (`paced-load.ts`): the latency a user sees at that load, where the
 * first measurement gives the most the API serves and the latency of the queue its clients make.
 *
 *   npm run build && DATABASE_URL=postgres://… node dist/bench/api.js [--seconds 6] [--checks 10000]
 *     [--concurrency 16] [--engines postgresql,embedded] [--routes SUBSTRING] [--cpu-prof DIR]
 *     [--paced-rate N]
 */

const option = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
};
const seconds = Number(option('seconds', '6'));
const checks = Number(option('checks', '10000'));
const concurrency = Number(option('concurrency', '16'));
const cpuProfileDir = option('cpu-prof', '');
const routeFilter = option('routes', '');
const engines = option('engines', process.env.DATABASE_URL ? 'postgresql,embedded' : 'embedded').split(',');
/** The issue's targets: reads per second per API process. */
const pacedRateOf = (engine: string): number => {
  const rate = Number(option('paced-rate', engine === 'postgresql' ? '1000' : '300'));
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`--paced-rate must be a number of requests per second above 0, not ${option('paced-rate', '')}`);
  return rate;
};
// Refused before the seeding, not minutes into the run.
for (const engine of engines) pacedRateOf(engine);

const cliPath = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const baselinePath = fileURLToPath(new URL('./api-baseline.js', import.meta.url));

const cpuOfPid = (pid: number): number => cpuSecondsOf(pid) ?? 0;

/**
 * CPU seconds of the PostgreSQL backends serving the bench's database (each shows the database
 * in its command line), by pid: others' benchmarks on the same server are not counted.
 */
const postgresCpu = (database: string | null): Map<number, number> =>
  database === null ? new Map() : cpuSnapshot(pidsWhere((commandLine) => commandLine.startsWith('postgres: ') && commandLine.includes(` ${database} `)));

interface Target {
  engine: string;
  /** PostgreSQL URL or embedded data dir. */
  location: string;
  /** The PostgreSQL database's name; null when embedded. */
  database: string | null;
  seed: Seed;
  dispose(): Promise<void>;
}

async function prepare(engine: string): Promise<Target> {
  if (engine === 'postgresql') {
    const name = `vantage_bench_api_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const seed = await seedStore({ databaseUrl: url.toString() });
    return {
      engine,
      location: url.toString(),
      database: name,
      seed,
      dispose: async () => {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vantage-bench-api-'));
  return { engine, location: dataDir, database: null, seed: await seedStore({ dataDir }), dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** The checks' target: the benchmarks' local HTTP server, and a hosts file naming each seeded check's host. */
interface CheckTargets {
  port: number;
  hostsFile: string;
  stop(): Promise<void>;
}

/** The number the list route's search looks for in the seeded names and hosts (`host-42`: 111 checks). */
const SEARCHED_NUMBER = '42';

/**
 * The targets' process, on a port that does not begin with the searched number. Each seeded host
 * carries the port (`host-N.bench.test:42xxx`), and such a port puts every trigram of `%host-42%`
 * in every host: the trigram index then hands all 10,000 checks to the recheck, and the search
 * route measured that instead (PostgreSQL's CPU per request 0.5 → 7 ms).
 */
async function startTargetsOffSearch(certificates: { key: string; cert: string }): Promise<Targets> {
  for (;;) {
    const targets = await startTargets(certificates);
    if (!String(targets.http).startsWith(SEARCHED_NUMBER)) return targets;
    targets.child.kill('SIGTERM');
    await once(targets.child, 'exit');
  }
}

async function startCheckTargets(): Promise<CheckTargets> {
  const certificates = makeTestCertificates();
  const targets = await startTargetsOffSearch(certificates);
  const dir = mkdtempSync(join(tmpdir(), 'vantage-bench-api-hosts-'));
  const hostsFile = join(dir, 'hosts');
  writeFileSync(hostsFile, Array.from({ length: checks }, (_, index) => `127.0.0.1 host-${index + 1}.bench.test\n`).join(''));
  return {
    port: targets.http,
    hostsFile,
    stop: async () => {
      targets.child.kill('SIGTERM');
      await once(targets.child, 'exit');
      rmSync(dir, { recursive: true, force: true });
      rmSync(certificates.dir, { recursive: true, force: true });
    },
  };
}

const checkTargets = await startCheckTargets();

async function seedStore(options: { databaseUrl?: string; dataDir?: string }): Promise<Seed> {
  const store = await openStore(options);
  try {
    await migrate(store);
    return await seedWorkspaces(store.em.fork() as Parameters<typeof seedWorkspaces>[0], checks, checkTargets.port);
  } finally {
    await closeStore(store);
  }
}

async function startApi(target: Target): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  // The installation lets a pro client hold as many checks as the creates of a run make: each create is still judged against the limit.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    LOG_LEVEL: 'warn',
    VANTAGE_OPS_PORT: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    VANTAGE_PLAN_PRO_UPTIME_CHECKS: '2000000000',
    // `serve` probes the checks: their hosts are the local target.
    VANTAGE_HOSTS_FILE: checkTargets.hostsFile,
    VANTAGE_ALLOW_PRIVATE_TARGETS: '1',
  };
  if (target.engine === 'postgresql') env.DATABASE_URL = target.location;
  else env.VANTAGE_DATA_DIR = target.location;
  const flags = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  const role = target.engine === 'postgresql' ? 'api' : 'serve';
  const child = spawn(process.execPath, [...flags, cliPath, role], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const began = Date.now();
  while (Date.now() - began < 120_000) {
    if (child.exitCode !== null) throw new Error(`${role} exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false)) {
      await settle(child.pid!, port);
      return { child, port };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${role} not ready within 120 s`);
}

/** `vantage_engine_starts_waiting` on the role's /metrics; 0 when the role runs no engine. */
async function startsWaiting(port: number): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`).then((response) => response.text());
  return Number(/^vantage_engine_starts_waiting (\S+)$/m.exec(text)?.[1] ?? 0);
}

/**
 * `serve` loads and starts every check once it is ready (the engine in the same process), at
 * VANTAGE_ENGINE_START_RATE: measured once no start waits any more and its CPU use falls below
 * half a core over two seconds (at most a minute more), as a user sees it once the service has
 * started, not during its start.
 */
async function settle(pid: number, port: number): Promise<void> {
  const startsDue = Date.now() + 120_000;
  while ((await startsWaiting(port)) > 0 && Date.now() < startsDue) await new Promise((resolve) => setTimeout(resolve, 500));
  const began = Date.now();
  while (Date.now() - began < 60_000) {
    const before = cpuOfPid(pid);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (cpuOfPid(pid) - before < 1) return;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

interface Load {
  expectedStatus: number;
  /** The same GETs in turn, which wrk can send. */
  gets?: string[];
  /** POSTs as wrk makes them (the same requests as `next`). */
  posts?: WrkPosts;
  /** Clients at once, when not the bench's concurrency (sent by the Node client). */
  clients?: number;
  next(sequence: number): LoadRequest;
}

interface Route extends Load {
  name: string;
  as: 'reader' | 'writer';
}

const getsOf = (paths: string[]): Pick<Load, 'gets' | 'next'> => ({ gets: paths, next: (sequence) => ({ method: 'GET', path: paths[sequence % paths.length]! }) });
const get = (path: string): Pick<Load, 'gets' | 'next'> => getsOf([path]);

const useWrk = wrkInstalled();
const loadGenerator = useWrk ? 'load generator: wrk (1 thread)' : 'load generator: the Node keep-alive client (wrk is not installed: apt-get install wrk)';

/** One route's load for `span` seconds: wrk when installed, else the Node client. */
const runRouteLoad = (port: number, headers: Record<string, string>, span: number, load: Load): Promise<LoadResult> =>
  useWrk && (load.gets || load.posts)
    ? runWrk({ port, headers, connections: concurrency, threads: 1, seconds: span, paths: load.gets ?? ['/'], ...(load.posts && { posts: load.posts }) })
    : runLoad({ port, headers, concurrency: load.clients ?? concurrency, seconds: span, expectedStatus: load.expectedStatus, next: load.next });

/**
 * A check's full configuration POSTed per request, named and addressed by the request's number:
 * creates (no `firstId`), or updates of check `firstId + number` (modulo the workspace's checks).
 * Their hosts are the seeded checks' (the local target). The same requests for wrk (as Lua) and
 * for the Node client.
 */
function checkPosts(verb: 'created' | 'updated', frequency: number, firstId?: number): Pick<Load, 'posts' | 'next'> {
  const body = (name: string, host: string) =>
    `{"name":"${verb} ${name}","check_type":"http","hostname":"host-${host}.bench.test:${checkTargets.port}","protocol":"http","check_frequency":${frequency},"trigger_locations":["eu-west"]}`;
  const path = (id: string) => (firstId === undefined ? '/app/api/v1/mobile/uptime-checks' : `/app/api/v1/mobile/uptime-checks/${id}/update`);
  const tag = randomBytes(4).toString('hex');
  return {
    posts: {
      path: firstId === undefined ? JSON.stringify(path('')) : `string.format(${JSON.stringify(path('%d'))}, ${firstId} + (n - 1) % ${checks})`,
      body: `string.format(${JSON.stringify(body('%s %d', '%d'))}, run, n, n % ${checks} + 1)`,
    },
    next: (sequence) => ({
      method: 'POST',
      path: path(String((firstId ?? 0) + (sequence % checks))),
      body: body(`${tag} ${sequence}`, String((sequence % checks) + 1)),
    }),
  };
}

function routes(seed: Seed): Route[] {
  const list = (query: string): Route => ({ name: `GET /mobile/uptime-checks?limit=50${query}`, as: 'reader', expectedStatus: 200, ...get(`/app/api/v1/mobile/uptime-checks?limit=50${query}`) });
  return [
    list(''),
    list('&offset=5000'),
    list(`&offset=${checks - 50}`),
    list('&status=up'),
    list('&status=down'),
    list('&status=unknown'),
    list('&status=paused'),
    list('&paused=false'),
    list('&favorite=true'),
    list('&favorite=false'),
    list(`&search=host-${SEARCHED_NUMBER}`),
    { name: 'GET /mobile/uptime-checks/{id}', as: 'reader', expectedStatus: 200, ...get(`/app/api/v1/mobile/uptime-checks/${seed.reader.checkId}`) },
    { name: 'GET /mobile/dashboard/summary', as: 'reader', expectedStatus: 200, ...get('/app/api/v1/mobile/dashboard/summary') },
    { name: 'GET /mobile/search?q=check 0042', as: 'reader', expectedStatus: 200, ...get('/app/api/v1/mobile/search?q=check%200042') },
    { name: 'GET /mobile/incidents', as: 'reader', expectedStatus: 200, ...get('/app/api/v1/mobile/incidents') },
    { name: 'GET /mobile/incidents?status=open', as: 'reader', expectedStatus: 200, ...get('/app/api/v1/mobile/incidents?status=open') },
    { name: 'POST /mobile/uptime-checks', as: 'writer', expectedStatus: 201, ...checkPosts('created', 15) },
    // A full replacement of a different check each time (under a new name), in the large workspace; measured last, as it renames checks.
    { name: 'POST /mobile/uptime-checks/{id}/update', as: 'reader', expectedStatus: 200, ...checkPosts('updated', 10, seed.reader.firstCheckId) },
    // The app's "pause all" and "resume all" in turn, each a change of every check of the workspace: how long one takes.
    {
      name: `POST /mobile/uptime-checks/bulk-pause, all ${checks} checks, 1 client`,
      as: 'reader',
      expectedStatus: 200,
      clients: 1,
      next: (sequence) => ({ method: 'POST', path: '/app/api/v1/mobile/uptime-checks/bulk-pause', body: JSON.stringify({ action: sequence % 2 === 0 ? 'pause' : 'resume' }) }),
    },
  ];
}

const headersOf = (who: SeededWorkspace): Record<string, string> => ({
  authorization: `Basic ${Buffer.from(`${who.email}:${who.password}`).toString('base64')}`,
  'x-workspace-id': String(who.workspaceId),
  accept: 'application/json',
});

interface Row {
  route: string;
  result: LoadResult;
  serverCpu: number;
  postgresCpu: number;
  /** The same GETs at the engine's paced rate. */
  paced?: LoadResult;
}

/** `load`'s GETs at `rate` a second for the bench's span, on as many connections as its clients. */
const runPacedRoute = (port: number, headers: Record<string, string>, rate: number, load: Load): Promise<LoadResult> =>
  runPacedLoad({ port, headers, connections: concurrency, ratePerSecond: rate, seconds, expectedStatus: load.expectedStatus, next: load.next });

async function measure(pid: number, database: string | null, run: () => Promise<LoadResult>): Promise<Omit<Row, 'route'>> {
  const serverBefore = cpuOfPid(pid);
  const postgresBefore = postgresCpu(database);
  const result = await run();
  return { result, serverCpu: cpuOfPid(pid) - serverBefore, postgresCpu: cpuUsed(postgresBefore, postgresCpu(database)) };
}

async function baseline(target: Target, port: number): Promise<Row> {
  const child = fork(baselinePath, [String(port), String(target.seed.reader.workspaceId), target.location], { stdio: 'inherit' });
  await once(child, 'message');
  const pages = getsOf(Array.from({ length: Math.ceil(checks / 50) }, (_, page) => `/list?offset=${page * 50}`));
  const load = (span: number) => runRouteLoad(port, {}, span, { expectedStatus: 200, ...pages });
  await load(0.5);
  const row = await measure(child.pid!, target.database, () => load(seconds));
  const paced = await runPacedRoute(port, {}, pacedRateOf(target.engine), { expectedStatus: 200, ...pages });
  child.kill('SIGTERM');
  await once(child, 'exit');
  return { route: 'baseline: node:http + one page of rows and the total', ...row, paced };
}

async function benchEngine(engine: string): Promise<Row[]> {
  console.error(`${engine}: seeding ${checks} checks…`);
  const target = await prepare(engine);
  try {
    // The embedded data dir is opened by one process at a time: the baseline runs before the API starts.
    const rows = [await baseline(target, await freePort())];
    const api = await startApi(target);
    try {
      for (const route of routes(target.seed).filter((candidate) => candidate.name.includes(routeFilter))) {
        const [warmer, measured] = route.as === 'reader' ? [target.seed.reader, target.seed.reader] : [target.seed.warmWriter, target.seed.writer];
        const load = (who: SeededWorkspace, span: number) => runRouteLoad(api.port, headersOf(who), span, route);
        await load(warmer, 1);
        const row = await measure(api.child.pid!, target.database, () => load(measured, seconds));
        const paced = route.gets ? await runPacedRoute(api.port, headersOf(measured), pacedRateOf(engine), route) : undefined;
        for (const result of [row.result, paced]) if (result?.firstFailure) console.error(`${route.name}: ${result.failures} failures, first: ${result.firstFailure}`);
        rows.push({ route: route.name, ...row, ...(paced && { paced }) });
        console.error(`${engine} ${route.name}: ${row.result.perSecond.toFixed(0)}/s`);
      }
    } finally {
      await stop(api.child);
    }
    return rows;
  } finally {
    await target.dispose();
  }
}

const perRequest = (cpuSeconds: number, result: LoadResult): string => (result.requests ? ((1000 * cpuSeconds) / result.requests).toFixed(2) : '-');

function print(engine: string, rows: Row[]): void {
  const base = rows[0]!.result.perSecond;
  const lines = [
    `\n${engine}: ${checks} checks, ${concurrency} clients, ${seconds} s per route, load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; ${loadGenerator}; ` +
      `then the GETs at ${pacedRateOf(engine)}/s on ${concurrency} connections (the Node client, timed from when each request was due)`,
    `| route | req/s | p50 ms | p99 ms | failures | of baseline | server CPU ms/req | postgres CPU ms/req | client CPU s | at ${pacedRateOf(engine)}/s: answered/s, p50 / p99 ms, failures |`,
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { route, result, serverCpu, postgresCpu, paced } of rows) {
    const pacedCell = paced ? `${paced.perSecond.toFixed(0)}, ${paced.p50Ms.toFixed(1)} / ${paced.p99Ms.toFixed(1)}, ${paced.failures}` : '-';
    lines.push(
      `| ${route} | ${result.perSecond.toFixed(result.perSecond < 10 ? 1 : 0)} | ${result.p50Ms.toFixed(1)} | ${result.p99Ms.toFixed(1)} | ${result.failures} | ` +
        `${((100 * result.perSecond) / base).toFixed(0)}% | ${perRequest(serverCpu, result)} | ${perRequest(postgresCpu, result)} | ${result.clientCpuSeconds.toFixed(2)} | ${pacedCell} |`,
    );
  }
  console.log(lines.join('\n'));
}

try {
  for (const engine of engines) print(engine, await benchEngine(engine));
} finally {
  await checkTargets.stop();
}
