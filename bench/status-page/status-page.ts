import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { STATUS_PAGE_ENHANCEMENT, STATUS_PAGE_STYLESHEET, assetPath } from '../../src/status-pages/assets/status-page-assets.js';
import { DatabaseStatusPageSource } from '../../src/status-pages/database-status-page-source.js';
import { bestForm } from '../../src/status-pages/compressed-forms.js';
import { publicAnswer } from '../../src/status-pages/public-routes-answer.js';
import { withStatusPageHtml } from '../../src/status-pages/render/html-page.js';
import { closeStore, migrate, openStore, type Store } from '../../src/store/orm.js';
import { freePort } from '../../test/support/free-port.js';
import { runLoad } from '../api-load.js';
import { runWrk, wrkInstalled } from '../wrk-load.js';
import { cpuSecondsOf, cpuSnapshot, cpuUsed, pidsWhere } from '../proc-cpu.js';
import { seedStatusPage } from './seed.js';

/**
 * The public status page of 100 checks (9,000 daily bars) on real PostgreSQL, seeded with 90
 * days of hourly and daily rollups, incidents with public updates and a maintenance window:
 * - a cache miss: the server time of loading the page (3 statements), rendering it and making its
 *   answer (ETag, fast brotli body; the page itself is not kept), p50/p99 wall time, the fast
 *   gzip body made on the first request taking it, and CPU per miss of this process and of PostgreSQL; for a page in UTC (days
 *   read from the daily rollup) and one in Europe/Berlin (days cut from the hourly rollup); and
 *   the time of the best forms, made on the thread pool once an answer is served again;
 * - page views from the cache: a real `vantage api` process on the same database, loaded over
 *   keep-alive loopback connections by `wrk` (by a Node client when wrk is not installed); the
 *   views per second per core divide the views by the CPU seconds of the API process and of
 *   PostgreSQL (every postgres process of the machine, which others may share).
 *
 *   npm run build && DATABASE_URL=postgres://… node dist/bench/status-page/status-page.js
 *     [--seconds 5] [--misses 200] [--connections 16] [--components 100]
 */

const option = (name: string, fallback: number): number => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const seconds = option('seconds', 5);
const misses = option('misses', 200);
const connections = option('connections', 16);
const components = option('components', 100);

const cliPath = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const postgresPids = (): number[] => pidsWhere((commandLine) => commandLine.startsWith('postgres'));
const percentile = (sorted: number[], share: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
const ms = (value: number): string => `${value.toFixed(2)} ms`;
const verdict = (met: boolean): string => (met ? 'meets target' : 'MISSES target');

/** The median wall time of making a form, of 5. */
async function timed(make: () => Promise<Buffer>): Promise<{ ms: number; bytes: Buffer }> {
  const times: number[] = [];
  let bytes: Buffer = Buffer.alloc(0);
  for (let i = 0; i < 5; i += 1) {
    const began = performance.now();
    bytes = await make();
    times.push(performance.now() - began);
  }
  return { ms: times.sort((a, b) => a - b)[2]!, bytes };
}

async function measureMisses(store: Store, slug: string, label: string): Promise<void> {
  const source = new DatabaseStatusPageSource(store, { hourlyRetentionDays: 400 });
  const phases = { load: 0, render: 0, answer: 0 };
  const cpuMs = (): number => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  const render = async (): Promise<ReturnType<typeof publicAnswer>> => {
    const began = cpuMs();
    const page = await source.bySlug(slug);
    if (page === null) throw new Error(`no page ${slug}`);
    const loaded = cpuMs();
    let rendered = 0;
    const answer = withStatusPageHtml(page, { pagePath: `/status/${slug}`, stylesheetPath: assetPath(STATUS_PAGE_STYLESHEET), scriptPath: assetPath(STATUS_PAGE_ENHANCEMENT) }, (html) => {
      rendered = cpuMs();
      return publicAnswer(200, html, { 'Content-Type': 'text/html; charset=utf-8' });
    });
    phases.load += loaded - began;
    phases.render += rendered - loaded;
    phases.answer += cpuMs() - rendered;
    return answer;
  };
  for (let i = 0; i < 10; i += 1) await render();
  Object.assign(phases, { load: 0, render: 0, answer: 0 });
  const wall: number[] = [];
  const gzipWall: number[] = [];
  const postgresBefore = cpuSnapshot(postgresPids());
  const cpuBefore = process.cpuUsage();
  let answer = await render();
  let gzipped: Buffer = Buffer.alloc(0);
  for (let i = 0; i < misses; i += 1) {
    const started = performance.now();
    answer = await render();
    answer.forms!.serve('br');
    const made = performance.now();
    gzipped = answer.forms!.serve('gzip');
    wall.push(made - started);
    gzipWall.push(performance.now() - made);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const postgresCpu = cpuUsed(postgresBefore, cpuSnapshot(postgresPids()));
  wall.sort((a, b) => a - b);
  gzipWall.sort((a, b) => a - b);
  const p99 = percentile(wall, 0.99);
  const perMiss = (total: number): string => ms(total / (misses + 1));
  const body = answer.forms!.body();
  const best = { br: await timed(() => bestForm('br', body)), gzip: await timed(() => bestForm('gzip', body)) };
  console.log(`cache miss, ${label}: load + render + ETag + fast brotli, server wall time p50 ${ms(percentile(wall, 0.5))}, p99 ${ms(p99)} (target p99 <= 20 ms: ${verdict(p99 <= 20)}; ${misses} misses)`);
  console.log(`  the first gzip request of an answer (the body from the brotli form, then fast gzip) adds p50 ${ms(percentile(gzipWall, 0.5))}, p99 ${ms(percentile(gzipWall, 0.99))}`);
  console.log(`  CPU per miss (with the gzip): ${ms(((cpu.user + cpu.system) / 1000) / misses)} in the server, ${ms((postgresCpu * 1000) / misses)} in PostgreSQL`);
  console.log(`  server CPU per miss by phase: load ${perMiss(phases.load)}, render ${perMiss(phases.render)}, ETag + fast brotli ${perMiss(phases.answer)}`);
  console.log(`  the best forms, on the thread pool once the answer is served again: brotli ${ms(best.br.ms)}, gzip ${ms(best.gzip.ms)}`);
  const kib = (bytes: Buffer): string => `${(bytes.length / 1024).toFixed(1)} KiB`;
  console.log(`  HTML ${(body.length / 1024).toFixed(0)} KiB raw; brotli ${kib(answer.forms!.firstBrotli)} fast, ${kib(best.br.bytes)} best; gzip ${kib(gzipped)} fast, ${kib(best.gzip.bytes)} best`);
}

interface Views {
  requests: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  client: string;
}

async function load(port: number, path: string, headers: Record<string, string>, expectedStatus: number): Promise<Views> {
  if (wrkInstalled()) {
    const result = await runWrk({ port, headers, connections, threads: 1, seconds, paths: [path] });
    if (result.failures > 0 && expectedStatus < 400) throw new Error(`wrk saw failures: ${result.firstFailure}`);
    return { ...result, client: 'wrk, 1 thread' };
  }
  const result = await runLoad({ port, headers, concurrency: connections, seconds, expectedStatus, next: () => ({ method: 'GET', path }) });
  if (result.failures > 0) throw new Error(`${result.failures} failures, first: ${result.firstFailure}`);
  return { ...result, client: 'Node keep-alive client (wrk is not installed: apt-get install wrk)' };
}

async function measureViews(api: ChildProcess, port: number, label: string, path: string, headers: Record<string, string>, expectedStatus: number, target?: number): Promise<void> {
  const apiBefore = cpuSecondsOf(api.pid!)!;
  const postgresBefore = cpuSnapshot(postgresPids());
  const views = await load(port, path, headers, expectedStatus);
  const apiCpu = cpuSecondsOf(api.pid!)! - apiBefore;
  const postgresCpu = cpuUsed(postgresBefore, cpuSnapshot(postgresPids()));
  const perCore = views.requests / (apiCpu + postgresCpu);
  const aim = target === undefined ? '' : ` (target >= ${target.toLocaleString('en')}: ${verdict(perCore >= target)})`;
  console.log(`${label}: ${perCore.toFixed(0)} per second per core${aim}`);
  console.log(`  ${views.requests} in ${views.seconds.toFixed(1)} s, latency p50 ${ms(views.p50Ms)}, p99 ${ms(views.p99Ms)}; CPU: API ${apiCpu.toFixed(2)} s, PostgreSQL ${postgresCpu.toFixed(2)} s; ${views.client}, ${connections} connections`);
}

async function startApi(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', VANTAGE_OPS_PORT: '0', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl };
  const child = spawn(process.execPath, [cliPath, 'api'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const began = Date.now();
  while (Date.now() - began < 120_000) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false)) return { child, port };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('api not ready within 120 s');
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (PostgreSQL) is required');
  console.log(`load average ${loadavg().map((value) => value.toFixed(2)).join(' ')} on ${spawnSync('nproc').stdout.toString().trim()} cores; ${components} components, 90 days`);
  const name = `vantage_bench_status_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    const store = await openStore({ databaseUrl: url.toString() });
    try {
      await migrate(store);
      const em = store.em.fork() as Parameters<typeof seedStatusPage>[0];
      await seedStatusPage(em, { components, slug: 'acme', timeZone: 'UTC' });
      await seedStatusPage(em, { components, slug: 'acme-berlin', timeZone: 'Europe/Berlin' });
      await measureMisses(store, 'acme', 'page in UTC');
      await measureMisses(store, 'acme-berlin', 'page in Europe/Berlin');
    } finally {
      await closeStore(store);
    }
    const api = await startApi(url.toString());
    try {
      const page = await fetch(`http://127.0.0.1:${api.port}/status/acme`);
      if (page.status !== 200) throw new Error(`GET /status/acme answered ${page.status}`);
      const etag = page.headers.get('etag')!;
      await page.arrayBuffer();
      await measureViews(api.child, api.port, 'page views from the cache, gzip', '/status/acme', { 'accept-encoding': 'gzip, deflate' }, 200, 2000);
      await measureViews(api.child, api.port, 'page views from the cache, brotli (as browsers ask)', '/status/acme', { 'accept-encoding': 'gzip, deflate, br, zstd' }, 200, 2000);
      await measureViews(api.child, api.port, 'revalidations from the cache (304)', '/status/acme', { 'if-none-match': etag }, 304);
      await measureViews(api.child, api.port, 'baseline: the API\'s /healthz', '/healthz', {}, 200);
    } finally {
      api.child.kill('SIGTERM');
      const killer = setTimeout(() => api.child.kill('SIGKILL'), 10_000);
      if (api.child.exitCode === null) await once(api.child, 'exit');
      clearTimeout(killer);
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
