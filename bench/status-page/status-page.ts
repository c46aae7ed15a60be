import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { publicAnswer } from '../../src/status-pages/public-routes-answer.js';
import { renderStatusPageHtml } from '../../src/status-pages/render/html-page.js';
import { largePage, MemoryStatusPageSource } from '../../test/status-pages/fixtures.js';
import { startPublicServer } from '../../test/status-pages/public-server.js';

/**
 * The public status page of 100 components (9,000 daily bars):
 * - the server time of a cache miss: rendering the page and making its answer (ETag), p50/p99,
 *   and the gzip made on the first compressed request (the database load is measured apart);
 * - page views per second per core from the cache: a client process requests the page over
 *   keep-alive HTTP, and the server's own CPU time divides the views it answered.
 *
 *   npx tsc -p . && node dist/bench/status-page/status-page.js [--seconds 5] [--renders 200] [--connections 16]
 */

const flags = new Map<string, number>();
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 2) flags.set(args[i]!.replace(/^--/, ''), Number(args[i + 1]));
const seconds = flags.get('seconds') ?? 5;
const renders = flags.get('renders') ?? 200;
const connections = flags.get('connections') ?? 16;

const OPTIONS = { pagePath: '/status/acme', stylesheetPath: '/status/assets/status-page.css', scriptPath: '/status/assets/status-page.js' };

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

function timeRenders(): void {
  const page = largePage(100);
  const renderMs: number[] = [];
  const gzipMs: number[] = [];
  const cpuBefore = process.cpuUsage();
  let bytes = 0;
  let gzipBytes = 0;
  for (let i = 0; i < renders; i += 1) {
    const started = process.hrtime.bigint();
    const answer = publicAnswer(200, renderStatusPageHtml({ ...page, generatedAt: new Date(Date.UTC(2026, 10, 25, 9, 0, i)).toISOString() }, OPTIONS), {});
    const rendered = process.hrtime.bigint();
    const gzipped = gzipSync(answer.body, { level: 6 });
    renderMs.push(Number(rendered - started) / 1e6);
    gzipMs.push(Number(process.hrtime.bigint() - rendered) / 1e6);
    bytes = answer.body.length;
    gzipBytes = gzipped.length;
  }
  const cpu = process.cpuUsage(cpuBefore);
  renderMs.sort((a, b) => a - b);
  gzipMs.sort((a, b) => a - b);
  console.log(`page: 100 components, ${(bytes / 1024).toFixed(0)} KiB HTML, ${(gzipBytes / 1024).toFixed(0)} KiB gzip`);
  console.log(`cache miss, render + ETag: p50 ${percentile(renderMs, 0.5).toFixed(2)} ms, p99 ${percentile(renderMs, 0.99).toFixed(2)} ms (target p99 <= 20 ms; ${renders} renders)`);
  console.log(`CPU per miss (render + ETag + gzip): ${((cpu.user + cpu.system) / 1000 / renders).toFixed(2)} ms on average (wall times above include waiting for a busy machine's cores)`);
  console.log(`first gzip request adds: p50 ${percentile(gzipMs, 0.5).toFixed(2)} ms, p99 ${percentile(gzipMs, 0.99).toFixed(2)} ms`);
}

/** The client process: keeps `connections` requests in flight for the given time, then reports how many completed. */
async function runClient(port: number, path: string, headers: Record<string, string>): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const one = (): Promise<void> =>
    new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if (res.statusCode! >= 500) reject(new Error(`status ${res.statusCode}`));
          done += 1;
          resolve();
        });
      }).on('error', reject).end();
    });
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < until) await one();
  }));
  agent.destroy();
  process.send!({ done });
}

async function measureViews(label: string, port: number, path: string, headers: Record<string, string>): Promise<void> {
  const child = fork(new URL(import.meta.url).pathname, ['--client', String(port), path, JSON.stringify(headers)], { stdio: 'inherit' });
  try {
    const cpuBefore = process.cpuUsage();
    const wallBefore = process.hrtime.bigint();
    const { done } = await new Promise<{ done: number }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { done: number }));
      child.once('exit', (code) => reject(new Error(`client exited with ${code}`)));
    });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const wallSeconds = Number(process.hrtime.bigint() - wallBefore) / 1e9;
    console.log(`${label}: ${(done / cpuSeconds).toFixed(0)} answers per second per core (${done} in ${wallSeconds.toFixed(1)} s, server CPU ${cpuSeconds.toFixed(2)} s)`);
  } finally {
    child.kill('SIGKILL');
  }
}

async function main(): Promise<void> {
  if (args[0] === '--client') return runClient(Number(args[1]), args[2]!, JSON.parse(args[3]!) as Record<string, string>);
  timeRenders();
  const server = await startPublicServer(new MemoryStatusPageSource({ ...largePage(100), slug: 'acme' }));
  try {
    await fetch(`${server.origin}/status/acme`, { headers: { 'accept-encoding': 'gzip' } }).then((res) => res.arrayBuffer());
    // The same express app answering a path no route takes: what a core does for the least answer (the floor on a busy machine).
    await measureViews('baseline, express fall-through 404', server.port, '/baseline', {});
    await measureViews('page views from cache, gzip as a browser asks (target >= 2,000)', server.port, '/status/acme', { 'accept-encoding': 'gzip' });
    const etag = (await fetch(`${server.origin}/status/acme`)).headers.get('etag')!;
    await measureViews('page views from cache, revalidated (304)', server.port, '/status/acme', { 'if-none-match': etag });
  } finally {
    await server.close();
  }
}

await main();
