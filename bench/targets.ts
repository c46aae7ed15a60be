import { createSocket } from 'node:dgram';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import dnsPacket from 'dns-packet';

/**
 * The local targets of the benchmarks, in a process of their own so that the measured processes
 * are Vantage's alone. Receives `{ key, cert }` for HTTPS, answers with the ports; `flipping` is an
 * HTTP target that answers 200 until the message `{ down: true }` arrives, then 503.
 */
const listen = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', 1024, () => resolve((server.address() as AddressInfo).port)));

let down = false;
process.on('message', (message: { down?: boolean }) => {
  if (message.down !== undefined) down = message.down;
});

process.once('message', async (message: { key: string; cert: string }) => {
  const answer = (_request: unknown, response: { end(body: string): void }) => response.end('ok');
  const http = await listen(createHttpServer({ keepAliveTimeout: 0 }, answer));
  const flipping = await listen(
    createHttpServer({ keepAliveTimeout: 0 }, (_request, response) => {
      response.statusCode = down ? 503 : 200;
      response.end('flipping');
    }),
  );
  const https = await listen(createHttpsServer({ key: message.key, cert: message.cert }, answer));
  const tcp = await listen(
    createTcpServer((socket) => {
      socket.on('error', () => undefined);
      socket.end('SSH-2.0-bench\r\n');
    }),
  );
  const udp = createSocket('udp4');
  udp.on('message', (query, remote) => {
    const decoded = dnsPacket.decode(query);
    const name = decoded.questions?.[0]?.name ?? 'bench.test';
    const response = dnsPacket.encode({
      id: decoded.id,
      type: 'response',
      flags: dnsPacket.AUTHORITATIVE_ANSWER,
      questions: decoded.questions,
      answers: [{ type: 'A', name, ttl: 60, data: '10.0.0.1' }],
    });
    udp.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  process.send?.({ http, https, tcp, dns: udp.address().port, flipping });
});
