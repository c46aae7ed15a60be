import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { RequestsInFlight } from '../../src/api/requests-in-flight.js';

test('a request counts until its handler ends the response, though its client hung up long before; a second end does not count twice', async (t) => {
  const inFlight = new RequestsInFlight();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const arrived: Array<() => void> = [];
  const server = createServer(
    inFlight.track((req, res) => {
      arrived.shift()?.();
      if (req.url === '/slow') void released.then(() => (res.end('late'), res.end()));
      else res.end('quick');
    }),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => void server.close());
  const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;

  const slowArrived = new Promise<void>((resolve) => arrived.push(resolve));
  const slow = request(url('/slow'));
  slow.on('error', () => undefined);
  slow.end();
  await slowArrived;
  slow.destroy();
  t.is((await (await fetch(url('/quick'))).text()), 'quick');
  t.is(inFlight.count, 1, 'the quick one is done, the slow one is not');

  let settled = false;
  const settling = inFlight.settled().then(() => (settled = true));
  await new Promise((resolve) => setImmediate(resolve));
  t.false(settled);
  release();
  await settling;
  t.is(inFlight.count, 0);
  t.is(await inFlight.settled(), undefined, 'nothing running: settled at once');
});
