import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { waitFor } from './wait.js';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The sender's port: which process sent it can be told from it. */
  remotePort: number;
}

export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** Decides the answer to the n-th request (0-based); may hold it by returning a promise that resolves later. */
export type Responder = (request: ReceivedRequest, index: number) => Answer | Promise<Answer>;

export interface Receiver {
  /** `http(s)://localhost:<port>` */
  origin: string;
  port: number;
  requests: ReceivedRequest[];
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A local HTTP or HTTPS server that records every request and answers as told. */
export async function startReceiver(respond: Responder, tls?: { key: string; cert: string }): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), remotePort: req.socket.remotePort ?? 0 };
      const index = requests.push(request) - 1;
      try {
        const answer = await respond(request, index);
        res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
        res.end(answer.body ?? '{}');
      } catch {
        res.destroy();
      }
    });
  };
  const server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `${tls ? 'https' : 'http'}://localhost:${port}`,
    port,
    requests,
    waitForRequests: async (count, timeoutMs = 20_000) => {
      await waitFor(() => requests.length >= count, timeoutMs, `${count} requests (got ${requests.length})`);
      return requests.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
