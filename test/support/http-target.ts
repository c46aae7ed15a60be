import { createServer } from 'node:http';

export interface HttpTarget {
  port: number;
  /** The status the next requests are answered with. */
  status: number;
  close(): void;
}

/** A loopback HTTP server for checks to probe: answers "ok" with `status` (200 at first). */
export async function startHttpTarget(): Promise<HttpTarget> {
  const server = createServer((_req, res) => res.writeHead(target.status, { 'content-type': 'text/plain' }).end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const target: HttpTarget = { port: (server.address() as { port: number }).port, status: 200, close: () => server.close() };
  return target;
}
