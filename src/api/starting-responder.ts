import type { RequestListener } from 'node:http';
import { errorBody } from './envelope.js';

/**
 * What the API's port answers while the role waits at start for its database or NATS: alive
 * (`/healthz` 200, so an orchestrator does not restart a process that only waits), not ready
 * (`/readyz` 503 saying what it waits for), and every other route 503 `SERVICE_UNAVAILABLE` with
 * `Retry-After`, as while the database is away later on.
 */
export function startingResponder(waitingFor: () => string): RequestListener {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers });
      res.end(JSON.stringify(body));
    };
    if (path === '/healthz') return send(200, { status: 'ok' });
    if (path === '/readyz') return send(503, { status: 'unavailable', reason: `starting: waiting for ${waitingFor()}` });
    send(503, errorBody('SERVICE_UNAVAILABLE', `the service is starting and waits for ${waitingFor()}; try again shortly`), { 'retry-after': '5' });
  };
}
