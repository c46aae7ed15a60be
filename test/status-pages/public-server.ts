import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import express from 'express';
import { securityHeaders } from '../../src/api/security-headers.js';
import { statusPageRoutes, type StatusPageRoutes, type StatusPageRoutesOptions } from '../../src/status-pages/public-routes.js';
import type { StatusPageSource } from '../../src/status-pages/status-page-source.js';

/** The public routes in an express app laid out as the API server mounts them, listening on loopback. */
export interface PublicServer {
  origin: string;
  port: number;
  routes: StatusPageRoutes;
  close(): Promise<void>;
}

export async function startPublicServer(source: StatusPageSource, options: StatusPageRoutesOptions = {}): Promise<PublicServer> {
  const routes = statusPageRoutes(source, options);
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders);
  app.use(routes.router);
  app.use((_req, res) => void res.status(404).type('text/plain').send('fell through to the app'));
  // As the API's error handler: express's own refusals (an undecodable path) keep their 4xx, anything else is the database away.
  app.use(((error: { status?: number }, _req, res, _next) => {
    const status = typeof error.status === 'number' && error.status < 500 ? error.status : 503;
    res.status(status).type('text/plain').send(String(error));
  }) as express.ErrorRequestHandler);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  server.keepAliveTimeout = 1000;
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    routes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A GET with a chosen Host header (fetch refuses to set one), answering status, headers and body. */
export function getWithHost(port: number, path: string, host: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; raw: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode!, headers: res.headers, body: raw.toString('utf8'), raw });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
