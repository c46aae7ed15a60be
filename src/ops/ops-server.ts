import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.js';
import { metricsRegistry } from '../metrics/registry.js';

/** What a role reports about its dependencies: ready when every one answers. */
export interface Readiness {
  ready: boolean;
  /** Dependency name → "up", or what is wrong with it. */
  checks: Record<string, string>;
}

/** Readiness from a role's dependency watch; before it exists (the role still waits for its dependencies at start) not ready, saying so. */
export function readinessOf(watch: { allUp(): boolean; report(): Record<string, string> } | null): Readiness {
  if (!watch) return { ready: false, checks: { startup: 'waiting for the database and NATS' } };
  return { ready: watch.allUp(), checks: watch.report() };
}

export interface OpsServerOptions {
  host: string;
  port: number;
  logger: Logger;
  readiness: () => Promise<Readiness> | Readiness;
}

export interface OpsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Health, readiness and metrics for the roles without the API (engine, agent, operator):
 * `/healthz` answers while the process lives, `/readyz` while its dependencies answer,
 * `/metrics` in the Prometheus text format.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if (path === '/readyz') {
      Promise.resolve()
        .then(() => options.readiness())
        .then((report) => {
          res
            .writeHead(report.ready ? 200 : 503, { 'content-type': 'application/json' })
            .end(JSON.stringify({ status: report.ready ? 'ready' : 'unavailable', checks: report.checks }));
        })
        .catch((error: unknown) => {
          options.logger.warn({ err: error }, 'readiness check failed');
          res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'unavailable' }));
        });
      return;
    }
    if (path === '/metrics') {
      metricsRegistry
        .metrics()
        .then((text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text))
        .catch((error: unknown) => {
          options.logger.warn({ err: error }, 'metrics collection failed');
          res.writeHead(500).end();
        });
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'not found' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
