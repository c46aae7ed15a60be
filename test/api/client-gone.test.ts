import test from 'ava';
import express from 'express';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createConnection } from 'node:net';
import pino from 'pino';
import { errorHandler } from '../../src/api/error-handler.js';
import { jsonBody } from '../../src/api/json-body.js';

test('a client that hangs up while an earlier step waits is not an unexpected fault: nothing is logged as an error', async (t) => {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  let parsed = 0;
  let handled!: () => void;
  const refused = new Promise<void>((resolve) => (handled = resolve));
  const app = express();
  // As authentication does, an asynchronous step before the body is read; this one goes on once the client has gone.
  app.use((req, _res, next) => void req.socket.once('close', () => next()));
  app.use(jsonBody());
  app.post('/checks', (_req, res) => {
    parsed += 1;
    res.json({});
  });
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    errorHandler(logger, { basicChallenge: false })(error, req, res, next);
    handled();
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => void server.close());
  const { port } = server.address() as AddressInfo;

  const body = '{"name":"a"}';
  const socket = createConnection(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.end(`POST /checks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  await once(socket, 'close');
  await refused;

  t.is(parsed, 0, 'the handler never ran');
  t.deepEqual(lines.filter((line) => line.level >= 40).map((line) => line.msg), []);
});
