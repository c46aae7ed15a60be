import test from 'ava';
import { createSocket } from 'node:dgram';
import type { ProbeResult, ProbeSpec } from '../../src/bus/messages.js';
import { probe } from '../../agents/probes/registry.js';
import { pingSupported } from '../../agents/probes/ping.js';
import { closedPort, startDnsServer, startHttpServer, startTcpServer, type DnsServer, type Running } from './helpers/servers.js';
import { localOptions, never } from './helpers/specs.js';

let slowHttp: Running;
let silentTcp: Running;
let dns: DnsServer;
let refused: number;

test.before(async () => {
  slowHttp = await startHttpServer((request, response) => {
    if (request.url === '/fast') return void response.end('ok');
    const timer = setTimeout(() => response.end('late'), 5000);
    response.on('close', () => clearTimeout(timer));
  });
  silentTcp = await startTcpServer(() => undefined);
  dns = await startDnsServer({ 'a.test': [{ type: 'A', name: 'a.test', ttl: 1, data: '10.0.0.1' }] });
  refused = await closedPort();
});

test.after.always(() => Promise.all([slowHttp.close(), silentTcp.close(), dns.close()]));

const options = () => ({ ...localOptions, resolver: `127.0.0.1:${dns.port}` });

/** A spec of each type that hangs until its timeout, to be cancelled half-way. */
const hanging = (resolverPort: number): Record<'http' | 'tcp' | 'tls' | 'dns', ProbeSpec> => ({
  http: { type: 'http', protocol: 'http', hostname: `127.0.0.1:${slowHttp.port}`, path: '/', method: 'get', timeoutMs: 5000, responseClasses: ['2XX'], followRedirects: false },
  tcp: { type: 'tcp', hostname: '127.0.0.1', port: silentTcp.port, bannerOperator: 'contains', bannerValue: 'x', timeoutMs: 5000 },
  tls: { type: 'tls', hostname: '127.0.0.1', port: silentTcp.port, timeoutMs: 5000 },
  dns: { type: 'dns', hostname: 'a.test', recordType: 'A', expectedValues: [`port ${resolverPort}`], timeoutMs: 5000 },
});

for (const type of ['http', 'tcp', 'tls', 'dns'] as const) {
  test(`${type}: cancelling mid-probe is down with reason cancelled, promptly`, async (t) => {
    // A bound UDP socket that never answers: DNS queries to it hang until cancelled.
    const blackHole = createSocket('udp4');
    await new Promise<void>((resolve) => blackHole.bind(0, '127.0.0.1', resolve));
    const controller = new AbortController();
    const pending = probe(hanging(blackHole.address().port)[type], controller.signal, { ...localOptions, resolver: `127.0.0.1:${blackHole.address().port}` });
    setTimeout(() => controller.abort(), 100);
    const result = await pending;
    blackHole.close();
    t.is(result.state, 'down');
    t.is(result.reason, 'cancelled');
    t.true(result.latencyMs < 1000, `latency ${result.latencyMs}`);
  });
}

test('an already cancelled signal is down at once', async (t) => {
  const controller = new AbortController();
  controller.abort();
  const result = await probe(hanging(dns.port).http, controller.signal, localOptions);
  t.is(result.reason, 'cancelled');
});

test('ping: cancelling is down with reason cancelled', async (t) => {
  if (!pingSupported()) return t.pass('no raw socket here');
  const controller = new AbortController();
  controller.abort();
  const result = await probe({ type: 'ping', hostname: '127.0.0.1', timeoutMs: 1000 }, controller.signal, localOptions);
  t.is(result.reason, 'cancelled');
});

const resourceCount = (): number => process.getActiveResourcesInfo().filter((kind) => kind !== 'TTYWrap').length;

async function settled(baseline: number): Promise<number> {
  for (let i = 0; i < 40 && resourceCount() > baseline; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return resourceCount();
}

test.serial('no socket or timer outlives its probe, whatever the outcome', async (t) => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const baseline = resourceCount();
  const specs: ProbeSpec[] = [
    { type: 'http', protocol: 'http', hostname: `127.0.0.1:${slowHttp.port}`, path: '/fast', method: 'get', timeoutMs: 1000, responseClasses: ['2XX'], followRedirects: false },
    { type: 'http', protocol: 'http', hostname: `127.0.0.1:${slowHttp.port}`, path: '/slow', method: 'get', timeoutMs: 150, responseClasses: ['2XX'], followRedirects: false },
    { type: 'http', protocol: 'https', hostname: `127.0.0.1:${refused}`, path: '/', method: 'get', timeoutMs: 1000, responseClasses: ['2XX'], followRedirects: false },
    { type: 'tcp', hostname: '127.0.0.1', port: silentTcp.port, bannerOperator: 'none', bannerValue: '', timeoutMs: 1000 },
    { type: 'tcp', hostname: '127.0.0.1', port: silentTcp.port, bannerOperator: 'contains', bannerValue: 'x', timeoutMs: 150 },
    { type: 'tls', hostname: '127.0.0.1', port: silentTcp.port, timeoutMs: 150 },
    { type: 'dns', hostname: 'a.test', recordType: 'A', expectedValues: ['10.0.0.1'], timeoutMs: 1000 },
    { type: 'dns', hostname: 'b.test', recordType: 'A', expectedValues: ['10.0.0.1'], timeoutMs: 1000 },
    ...(pingSupported() ? [{ type: 'ping', hostname: '127.0.0.1', timeoutMs: 1000 } as const] : []),
  ];
  const results: ProbeResult[] = [];
  for (let round = 0; round < 3; round++) {
    const controller = new AbortController();
    const cancelled = Promise.all(specs.map((spec) => probe(spec, controller.signal, options())));
    setTimeout(() => controller.abort(), 20);
    results.push(...(await Promise.all(specs.map((spec) => probe(spec, never, options())))), ...(await cancelled));
  }
  t.true(results.some((result) => result.state === 'up'));
  t.true(results.some((result) => result.reason === 'cancelled'));
  t.true(results.some((result) => result.reason?.startsWith('timeout') ?? false));
  t.is(await settled(baseline), baseline, process.getActiveResourcesInfo().join(', '));
});
