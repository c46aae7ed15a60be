import test from 'ava';
import { probeHttp } from '../../agents/probes/http.js';
import { httpSpec, localOptions, never } from './helpers/specs.js';
import { closedPort, startHttpServer, startTcpServer, type Running } from './helpers/servers.js';

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

/** A server that answers every connection with `answer` and keeps it open: what a server ignoring `connection: close` does. */
async function rawServer(answer: string, requests: string[] = []): Promise<Running> {
  return startTcpServer((socket) => {
    let request = '';
    socket.on('data', (chunk) => {
      request += chunk.toString('latin1');
      if (!request.includes('\r\n\r\n')) return;
      requests.push(request);
      socket.write(answer, 'latin1');
    });
    socket.on('error', () => undefined);
  });
}

test('a server that keeps the connection open still ends the probe where its response ends (length or chunked)', async (t) => {
  for (const answer of ['HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok', 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n']) {
    const raw = await rawServer(answer);
    const result = await probeHttp(httpSpec({ hostname: `127.0.0.1:${raw.port}`, timeoutMs: 3000 }), never, localOptions);
    await raw.close();
    t.is(result.state, 'up', answer);
    t.true(result.latencyMs < 1000, `${result.latencyMs} ms: ended by its framing, not by the timeout`);
  }
});

test('a server that does not speak HTTP is down with a reason, as is a response cut short', async (t) => {
  const banner = await rawServer('SSH-2.0-OpenSSH_9.2\r\n\r\n');
  t.like(await probeHttp(httpSpec({ hostname: `127.0.0.1:${banner.port}` }), never, localOptions), { state: 'down', reason: 'invalid HTTP status line' });
  await banner.close();
  const cut = await startTcpServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc')));
  t.like(await probeHttp(httpSpec({ hostname: `127.0.0.1:${cut.port}` }), never, localOptions), { state: 'down', reason: 'connection closed before the response ended' });
  await cut.close();
});

test('the request is one HTTP/1.1 request: its path and query, the Host with its port, an empty body declared for POST', async (t) => {
  const requests: string[] = [];
  const raw = await rawServer('HTTP/1.1 204 No Content\r\n\r\n', requests);
  t.is((await probeHttp(httpSpec({ hostname: `127.0.0.1:${raw.port}`, path: '/a b?q=1', method: 'post' }), never, localOptions)).state, 'up');
  await raw.close();
  const [head, ...fields] = requests[0]!.split('\r\n\r\n')[0]!.split('\r\n');
  t.is(head, 'POST /a%20b?q=1 HTTP/1.1');
  t.true(fields.includes(`host: 127.0.0.1:${raw.port}`));
  t.true(fields.includes('content-length: 0'));
  t.true(fields.includes('connection: close'));
});

test('a method that is not a token never reaches the wire', async (t) => {
  const requests: string[] = [];
  const raw = await rawServer('HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n', requests);
  const result = await probeHttp(httpSpec({ hostname: `127.0.0.1:${raw.port}`, method: 'get / HTTP/1.1\r\nx: y' }), never, localOptions);
  await raw.close();
  t.is(result.state, 'down');
  t.regex(result.reason ?? '', /^invalid request method/);
  t.deepEqual(requests, []);
});
