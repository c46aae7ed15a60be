import { createSocket } from 'node:dgram';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import dnsPacket from 'dns-packet';
import type { KeyPair } from './pki.js';

export interface Running {
  port: number;
  close(): Promise<void>;
}

async function listen(server: Server, host = '127.0.0.1'): Promise<Running> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('secureConnection', (socket: Socket) => socket.on('error', () => undefined));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const startHttpServer = (handler: RequestListener, host?: string): Promise<Running> => listen(createHttpServer(handler), host);

export const startHttpsServer = (pair: KeyPair, handler: RequestListener): Promise<Running> =>
  listen(createHttpsServer({ key: pair.key, cert: pair.cert }, handler));

export const startTcpServer = (onConnection: (socket: Socket) => void): Promise<Running> =>
  listen(
    createTcpServer((socket) => {
      socket.on('error', () => undefined);
      // Drain what the client sends (a TLS hello, say) so its close is seen and the socket ends.
      socket.resume();
      onConnection(socket);
    }),
  );

/** A port nothing listens on: bound, read, released. */
export async function closedPort(): Promise<number> {
  const server = await startTcpServer(() => undefined);
  await server.close();
  return server.port;
}

export type DnsAnswer = dnsPacket.Answer;

export interface DnsServer extends Running {
  queries: number;
}

/** A UDP DNS server answering from `zone` (name → answers); an unknown name is NXDOMAIN, a known name without that type is NODATA. */
export async function startDnsServer(zone: Record<string, DnsAnswer[]>): Promise<DnsServer> {
  const socket = createSocket('udp4');
  const server: DnsServer = {
    port: 0,
    queries: 0,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
  socket.on('message', (message, remote) => {
    server.queries++;
    const query = dnsPacket.decode(message);
    const question = query.questions?.[0];
    if (!question) return;
    const records = zone[question.name.toLowerCase()];
    const answers = (records ?? []).filter((answer) => answer.type === question.type);
    const response = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (records ? 0 : 3),
      questions: query.questions,
      answers,
    });
    socket.send(response, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  server.port = socket.address().port;
  return server;
}
