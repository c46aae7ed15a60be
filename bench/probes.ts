import { fork } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { setMaxListeners } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ProbeResult, ProbeSpec } from '../src/bus/messages.js';
import { closePingSockets, pingSupported } from '../agents/probes/ping.js';
import { probe } from '../agents/probes/registry.js';
import type { ProbeOptions } from '../agents/probes/probe.js';
import { createTestPki } from '../test/agents/helpers/pki.js';
import { bareDns, bareHttp, bareHttps, barePinger, bareTcp } from './bare-loops.js';

/**
 * Probes per second of one agent process against local targets, for each probe type, next to a
 * bare loop of the same operation measured in the same run. The targets run in a child process.
 *
 *   npx tsc -p . && node dist/bench/probes.js [seconds per run, default 3] [concurrency, default 32]
 */

/** `probe/cpu-s` divides by the agent process's own CPU time: probes per second per agent core. */
interface Measurement {
  perSecond: number;
  perCoreSecond: number;
  p50: number;
  p99: number;
  rssMb: number;
  failures: number;
}

const seconds = Number(process.argv[2] ?? 3);
const concurrency = Number(process.argv[3] ?? 32);
const never = new AbortController().signal;
setMaxListeners(0, never);

/** Counts of one side (bare or prober) summed over its slices. */
class Tally {
  latencies: number[] = [];
  failures = 0;
  wallSeconds = 0;
  cpuSeconds = 0;
  rss = 0;

  result(): Measurement {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return {
      perSecond: sorted.length / this.wallSeconds,
      perCoreSecond: sorted.length / Math.max(this.cpuSeconds, 1e-9),
      p50: at(0.5),
      p99: at(0.99),
      rssMb: this.rss / 1024 / 1024,
      failures: this.failures,
    };
  }
}

/**
 * Alternates short slices of the bare loop and the prober, so that whatever else the machine
 * does (other processes, sockets piling up in TIME_WAIT) weighs on both sides alike.
 */
async function compare(bare: () => Promise<unknown>, prober: () => Promise<unknown>): Promise<[Measurement, Measurement]> {
  await slice(bare, 200, new Tally());
  await slice(prober, 200, new Tally());
  const tallies = [new Tally(), new Tally()] as const;
  const slices = Math.max(1, Math.round((seconds * 1000) / sliceMs));
  for (let i = 0; i < slices; i++) {
    await slice(bare, sliceMs, tallies[0]);
    await slice(prober, sliceMs, tallies[1]);
  }
  return [tallies[0].result(), tallies[1].result()];
}

const sliceMs = 250;

async function slice(operation: () => Promise<unknown>, ms: number, tally: Tally): Promise<void> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + ms;
  const worker = async () => {
    while (performance.now() < until) {
      const begun = performance.now();
      try {
        const outcome = (await operation()) as ProbeResult | undefined;
        if (outcome?.state !== undefined && outcome.state !== 'up') tally.failures++;
      } catch {
        tally.failures++;
      }
      tally.latencies.push(performance.now() - begun);
      if (tally.latencies.length % 256 === 0) tally.rss = Math.max(tally.rss, process.memoryUsage.rss());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  tally.wallSeconds += (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  tally.cpuSeconds += (cpu.user + cpu.system) / 1e6;
}

const targets: Record<string, number> = { http: 2000, https: 450, tcp: 2000, dns: 2000, ping: 1000 };

async function main(): Promise<void> {
  const pki = createTestPki();
  const child = fork(fileURLToPath(new URL('./targets.js', import.meta.url)), { stdio: 'inherit' });
  const ports = await new Promise<Record<'http' | 'https' | 'tcp' | 'dns', number>>((resolve) => {
    child.once('message', (message) => resolve(message as Record<'http' | 'https' | 'tcp' | 'dns', number>));
    child.send(pki.valid);
  });
  const options: ProbeOptions = { allowPrivateTargets: true, extraCa: [pki.caPem], resolver: `127.0.0.1:${ports.dns}` };
  const sharedResolver = new Resolver({ timeout: 2000, tries: 1 });
  sharedResolver.setServers([`127.0.0.1:${ports.dns}`]);
  const pinger = pingSupported() ? barePinger() : null;

  const cases: Array<{ name: string; bare: () => Promise<unknown>; spec: ProbeSpec } | null> = [
    {
      name: 'http',
      bare: () => bareHttp(ports.http),
      spec: { type: 'http', protocol: 'http', hostname: `127.0.0.1:${ports.http}`, path: '/', method: 'get', timeoutMs: 5000, responseClasses: ['2XX'], followRedirects: false },
    },
    {
      name: 'https',
      bare: () => bareHttps(ports.https, pki.caPem),
      spec: { type: 'http', protocol: 'https', hostname: `127.0.0.1:${ports.https}`, path: '/', method: 'get', timeoutMs: 5000, responseClasses: ['2XX'], followRedirects: false },
    },
    {
      name: 'tcp',
      bare: () => bareTcp(ports.tcp),
      spec: { type: 'tcp', hostname: '127.0.0.1', port: ports.tcp, bannerOperator: 'none', bannerValue: '', timeoutMs: 5000 },
    },
    {
      name: 'dns',
      bare: () => bareDns(sharedResolver),
      spec: { type: 'dns', hostname: 'bench.test', recordType: 'A', expectedValues: ['10.0.0.1'], timeoutMs: 5000 },
    },
    pinger ? { name: 'ping', bare: () => pinger.ping(), spec: { type: 'ping', hostname: '127.0.0.1', timeoutMs: 5000 } } : null,
  ];

  const rows: string[][] = [];
  for (const entry of cases) {
    if (!entry) continue;
    const [bare, prober] = await compare(entry.bare, () => probe(entry.spec, never, options));
    const ratio = prober.perSecond / bare.perSecond;
    const target = targets[entry.name]!;
    const verdict = prober.perCoreSecond >= target && ratio >= 0.7 ? 'ok' : 'MISSED';
    rows.push([
      entry.name,
      bare.perSecond.toFixed(0),
      prober.perSecond.toFixed(0),
      prober.perCoreSecond.toFixed(0),
      `${(ratio * 100).toFixed(0)}%`,
      `${prober.p50.toFixed(2)}/${prober.p99.toFixed(2)}`,
      `${bare.p50.toFixed(2)}/${bare.p99.toFixed(2)}`,
      prober.rssMb.toFixed(0),
      String(prober.failures),
      `≥${target}/s, ≥70%: ${verdict}`,
    ]);
  }
  pinger?.close();
  closePingSockets();
  child.kill();

  const header = ['type', 'bare/s', 'probe/s', 'probe/cpu-s', 'ratio', 'probe p50/p99 ms', 'bare p50/p99 ms', 'rss MB', 'fails', 'target'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(`concurrency ${concurrency}, ${seconds} s per side in ${sliceMs} ms slices, node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

await main();
