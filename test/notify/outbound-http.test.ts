import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import test, { type ExecutionContext } from 'ava';
import { OutboundHttp } from '../../src/notify/outbound-http.js';
import { makeTestCertificates, type TestCertificates } from '../support/notify/tls.js';

/**
 * A receiver that closes a kept-alive connection just as the next request arrives on it (as a
 * server whose idle timeout ends then does): the request goes again on a fresh socket at once
 * instead of failing the delivery attempt. A reset that is not of a reused socket still fails.
 */
async function receiver(onSecondOnSocket: 'reset' | 'answer', resetEvery = false, tls?: TestCertificates) {
  const perSocket = new WeakMap<object, number>();
  let received = 0;
  const handler: http.RequestListener = (req, res) => {
    received += 1;
    const seen = (perSocket.get(req.socket) ?? 0) + 1;
    perSocket.set(req.socket, seen);
    if (resetEvery || (seen === 2 && onSecondOnSocket === 'reset')) return req.socket.destroy();
    req.resume();
    req.on('end', () => res.end('ok'));
  };
  const server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, handler) : http.createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received: () => received, close: () => server.close() };
}

const post = (outbound: OutboundHttp, url: string) =>
  outbound.request({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', userDestination: true }, new AbortController().signal);

/** An OutboundHttp for the receiver's test, closed with the receiver when the test ends. */
function outboundFor(t: ExecutionContext, server: { close(): void }, extraCa?: string): OutboundHttp {
  const outbound = new OutboundHttp({ allowPrivate: true, timeoutMs: 5_000, ...(extraCa ? { extraCa } : {}) });
  t.teardown(() => {
    outbound.close();
    server.close();
  });
  return outbound;
}

/** Two requests at once leave two kept-alive sockets in the pool; a 'reset' receiver resets each at its second request. */
async function fillPoolWithTwo(t: ExecutionContext, outbound: OutboundHttp, url: string): Promise<void> {
  t.deepEqual((await Promise.all([post(outbound, url), post(outbound, url)])).map((answer) => answer.status), [200, 200]);
}

test('a kept-alive socket reset as it is reused: the request goes again once on a fresh socket and succeeds', async (t) => {
  const server = await receiver('reset');
  const outbound = outboundFor(t, server);
  t.is((await post(outbound, server.url)).status, 200);
  t.is((await post(outbound, server.url)).status, 200);
  t.is(server.received(), 3, 'the reset request was sent once more');
});

test('every kept-alive socket of the pool reset as it is reused: the second send opens a fresh one instead of taking the next stale socket', async (t) => {
  const server = await receiver('reset');
  const outbound = outboundFor(t, server);
  await fillPoolWithTwo(t, outbound, server.url);
  t.is((await post(outbound, server.url)).status, 200);
  t.is(server.received(), 4, 'one reset request, then its send on a fresh socket');
});

test('over HTTPS with an extra CA, the fresh socket trusts the CA as the pool does', async (t) => {
  const certificates = makeTestCertificates();
  const server = await receiver('reset', false, certificates);
  const outbound = outboundFor(t, server, readFileSync(certificates.caFile, 'utf8'));
  await fillPoolWithTwo(t, outbound, server.url);
  t.is((await post(outbound, server.url)).status, 200);
  t.is(server.received(), 4);
});

test('a reset on a fresh socket is the attempt failing, not retried at once', async (t) => {
  const server = await receiver('answer', true);
  const outbound = outboundFor(t, server);
  await t.throwsAsync(post(outbound, server.url));
  t.is(server.received(), 1);
});
