import test from 'ava';
import express from 'express';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createConnection } from 'node:net';
import pino from 'pino';
import { errorHandler } from '../../src/api/error-handler.js';
import { jsonBody } from '../../src/api/json-body.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

test('a client that hangs up while an earlier step waits is not an unexpected fault: nothing is logged as an error', async (t) => {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  let parsed = 0;
  let refused = 0;
  const app = express();
  // As authentication does: an asynchronous step before the body is read.
  app.use((_req, _res, next) => void sleep(100).then(() => next()));
  app.use(jsonBody());
  app.post('/checks', (_req, res) => {
    parsed += 1;
    res.json({});
  });
  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    refused += 1;
    errorHandler(logger, { basicChallenge: false })(error, req, res, next);
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => void server.close());
  const { port } = server.address() as AddressInfo;

  const body = '{"name":"a"}';
  const socket = createConnection(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write(`POST /checks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
  await sleep(20);
  socket.destroy();
  await sleep(300);

  t.is(parsed, 0, 'the handler never ran');
  t.is(refused, 1, 'the unreadable body reached the error handler');
  t.deepEqual(lines.filter((line) => line.level >= 40).map((line) => line.msg), []);
});
