import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import express, { type Express } from 'express';
import { closeServer, listen, servesApp } from '../../src/api/http-server.js';
import { jsonText, sendsJsonText } from '../../src/api/json-text.js';

interface Seen {
  /** The prototypes the server made the request and the response with, before express saw them. */
  born: { request: object | null; response: object | null };
  /** The prototypes in the route, after express's init. */
  routed: { request: object | null; response: object | null };
}

/** An app behind a proxy on loopback, answering its JSON text; `seen` records each request's prototypes. */
function appWithRoute(): { app: Express; seen: Seen } {
  const seen: Seen = { born: { request: null, response: null }, routed: { request: null, response: null } };
  const app = express();
  app.set('trust proxy', 'loopback');
  sendsJsonText(app);
  app.get('/who', (req, res) => {
    seen.routed = { request: Object.getPrototypeOf(req), response: Object.getPrototypeOf(res) };
    res.json(jsonText(['{"ip":', JSON.stringify(req.ip), `,"app":${req.app === app},"protocol":`, JSON.stringify(req.protocol), '}']));
  });
  return { app, seen };
}

async function serve(app: Express, seen: Seen, adopt: boolean): Promise<{ server: Server; origin: string }> {
  const server = await listen(app, 0, '127.0.0.1');
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    seen.born = { request: Object.getPrototypeOf(req), response: Object.getPrototypeOf(res) };
  });
  if (adopt) servesApp(server, app);
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const ask = async (origin: string) => {
  const response = await fetch(`${origin}/who`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as { ip: string; app: boolean; protocol: string } };
};

test('a server serving an express app makes its requests and responses with the app prototypes, and the app behaves as before', async (t) => {
  const { app, seen } = appWithRoute();
  const { server, origin } = await serve(app, seen, true);
  t.teardown(() => closeServer(server));

  const answer = await ask(origin);

  t.deepEqual(answer, { status: 200, type: 'application/json; charset=utf-8', body: { ip: '203.0.113.9', app: true, protocol: 'http' } });
  t.is(seen.born.request, app.request, 'born with the app request prototype: init has nothing to change');
  t.is(seen.born.response, app.response);
  t.is(seen.routed.request, app.request);
  t.is(seen.routed.response, app.response);
});

test('what the app set on its prototypes before it was served is kept, and what it sets after applies', async (t) => {
  const { app, seen } = appWithRoute();
  const { server, origin } = await serve(app, seen, true);
  t.teardown(() => closeServer(server));
  app.response.setHeader = function (this: ServerResponse, name: string, value: string | number | readonly string[]) {
    return Object.getPrototypeOf(app.response).setHeader.call(this, name, name === 'Content-Type' ? 'application/json' : value);
  };

  const answer = await ask(origin);

  t.is(answer.type, 'application/json', 'the override set after adoption is used');
  t.deepEqual(answer.body, { ip: '203.0.113.9', app: true, protocol: 'http' }, "sendsJsonText's answer, set before adoption, is kept");
});

test('before an app is served, its requests still get its prototypes from express', async (t) => {
  const { app, seen } = appWithRoute();
  const { server, origin } = await serve(app, seen, false);
  t.teardown(() => closeServer(server));

  const answer = await ask(origin);

  t.deepEqual(answer.body, { ip: '203.0.113.9', app: true, protocol: 'http' });
  t.not(seen.born.request, app.request);
  t.is(seen.routed.request, app.request);
  t.is(seen.routed.response, app.response);
});

test('two servers each serve their own app with its own settings', async (t) => {
  const first = appWithRoute();
  const second = appWithRoute();
  second.app.set('trust proxy', false);
  const one = await serve(first.app, first.seen, true);
  const two = await serve(second.app, second.seen, true);
  t.teardown(() => Promise.all([closeServer(one.server), closeServer(two.server)]));

  const [fromFirst, fromSecond] = await Promise.all([ask(one.origin), ask(two.origin)]);

  t.is(fromFirst.body.ip, '203.0.113.9');
  t.is(fromSecond.body.ip, '127.0.0.1', 'the second app does not trust the forwarded address');
  t.is(second.seen.born.request, second.app.request);
  t.not(first.app.request, second.app.request);
});
