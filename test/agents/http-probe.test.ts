import test from 'ava';
import { probeHttp } from '../../agents/probes/http.js';
import { httpSpec, localOptions, never } from './helpers/specs.js';
import { closedPort, startHttpServer, type Running } from './helpers/servers.js';

let server: Running;
const seen: Array<{ method: string; host: string; url: string }> = [];

test.before(async () => {
  server = await startHttpServer((request, response) => {
    seen.push({ method: request.method ?? '', host: request.headers.host ?? '', url: request.url ?? '' });
    const url = new URL(request.url ?? '/', 'http://x');
    const status = Number(url.searchParams.get('status') ?? 200);
    if (url.pathname === '/slow') {
      const timer = setTimeout(() => response.end('late'), 3000);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    if (url.pathname === '/big') {
      response.writeHead(200);
      response.end(Buffer.alloc(1024 * 1024, 'x'));
      return;
    }
    if (url.pathname === '/hop') {
      const left = Number(url.searchParams.get('left'));
      response.writeHead(left > 0 ? 302 : 200, left > 0 ? { location: `/hop?left=${left - 1}` } : {});
      response.end();
      return;
    }
    if (url.pathname === '/loop-a') return void response.writeHead(301, { location: '/loop-b' }).end();
    if (url.pathname === '/loop-b') return void response.writeHead(307, { location: '/loop-a' }).end();
    if (url.pathname === '/see-other') return void response.writeHead(303, { location: '/ok' }).end();
    response.writeHead(status);
    response.end(request.method === 'HEAD' ? undefined : `status ${status}`);
  });
});

test.after.always(() => server.close());

const at = (path: string, extra: Parameters<typeof httpSpec>[0] = {}) =>
  httpSpec({ hostname: `127.0.0.1:${server.port}`, path, ...extra });

test('a 200 is up with status, latency and phases', async (t) => {
  const result = await probeHttp(at('/ok'), never, localOptions);
  t.is(result.state, 'up');
  t.is(result.reason, null);
  t.is(result.httpStatus, 200);
  t.true(result.latencyMs > 0);
  t.true((result.phases.connectMs ?? -1) >= 0);
  t.true((result.phases.firstByteMs ?? -1) >= 0);
  t.is(result.phases.dnsMs, undefined, 'an IP literal skips DNS');
});

for (const status of [201, 204, 301, 404, 418, 500, 503]) {
  test(`status ${status} is judged by its class`, async (t) => {
    const klass = `${Math.floor(status / 100)}XX`;
    const rejected = await probeHttp(at(`/x?status=${status}`, { followRedirects: false, responseClasses: klass === '2XX' ? ['3XX'] : ['2XX'] }), never, localOptions);
    t.is(rejected.state, 'down');
    t.is(rejected.httpStatus, status);
    t.is(rejected.reason, `status ${status} not in ${klass === '2XX' ? '3XX' : '2XX'}`);
    const accepted = await probeHttp(at(`/x?status=${status}`, { followRedirects: false, responseClasses: [klass.toLowerCase()] }), never, localOptions);
    t.is(accepted.state, 'up');
  });
}

test('exact codes are accepted as classes', async (t) => {
  t.is((await probeHttp(at('/x?status=204', { responseClasses: ['204'] }), never, localOptions)).state, 'up');
  t.is((await probeHttp(at('/x?status=200', { responseClasses: ['204'] }), never, localOptions)).state, 'down');
});

test('the method is sent upper-case with the Host header of the target', async (t) => {
  await probeHttp(at('/method-check', { method: 'head' }), never, localOptions);
  const request = seen.find((r) => r.url === '/method-check');
  t.is(request?.method, 'HEAD');
  t.is(request?.host, `127.0.0.1:${server.port}`);
});

test('redirects are followed up to five hops', async (t) => {
  const fine = await probeHttp(at('/hop?left=5'), never, localOptions);
  t.is(fine.state, 'up');
  t.is(fine.httpStatus, 200);
  const tooMany = await probeHttp(at('/hop?left=6'), never, localOptions);
  t.is(tooMany.state, 'down');
  t.is(tooMany.reason, 'more than 5 redirects');
});

test('a redirect loop is reported', async (t) => {
  const result = await probeHttp(at('/loop-a'), never, localOptions);
  t.is(result.state, 'down');
  t.is(result.reason, `redirect loop at http://127.0.0.1:${server.port}/loop-a`);
});

test('303 turns the method into GET', async (t) => {
  const result = await probeHttp(at('/see-other', { method: 'post' }), never, localOptions);
  t.is(result.state, 'up');
  t.is(seen.filter((r) => r.url === '/ok').at(-1)?.method, 'GET');
});

test('without following, a redirect is judged as it is', async (t) => {
  const result = await probeHttp(at('/hop?left=1', { followRedirects: false }), never, localOptions);
  t.is(result.state, 'down');
  t.is(result.httpStatus, 302);
});

test('a response slower than the timeout is down with the timeout as reason', async (t) => {
  const result = await probeHttp(at('/slow', { timeoutMs: 300 }), never, localOptions);
  t.is(result.state, 'down');
  t.is(result.reason, 'timeout after 300 ms');
  t.true(result.latencyMs >= 290 && result.latencyMs < 1500, `latency ${result.latencyMs}`);
});

test('a large body is read only up to the bound', async (t) => {
  const result = await probeHttp(at('/big'), never, localOptions);
  t.is(result.state, 'up');
});

test('connection refused', async (t) => {
  const result = await probeHttp(httpSpec({ hostname: `127.0.0.1:${await closedPort()}` }), never, localOptions);
  t.is(result.state, 'down');
  t.is(result.reason, 'connection refused');
});

test('IPv6 literal with port', async (t) => {
  const v6 = await startHttpServer((_request, response) => response.end('ok'), '::1').catch(() => null);
  if (!v6) return t.pass('no IPv6 loopback on this machine');
  try {
    const result = await probeHttp(httpSpec({ hostname: `[::1]:${v6.port}` }), never, localOptions);
    t.is(result.state, 'up');
  } finally {
    await v6.close();
  }
});

test('private targets are refused unless allowed', async (t) => {
  const result = await probeHttp(at('/ok'), never, { allowPrivateTargets: false });
  t.is(result.state, 'down');
  t.is(result.reason, 'private address refused');
});

test('an IPv4-mapped loopback literal is refused as private too', async (t) => {
  const result = await probeHttp(httpSpec({ hostname: `[::ffff:127.0.0.1]:${server.port}`, path: '/ok' }), never, { allowPrivateTargets: false });
  t.is(result.reason, 'private address refused');
});
