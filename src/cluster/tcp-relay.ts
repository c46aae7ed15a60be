import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * Forwards TCP connections from `listenHost` to `target`: agents in a network namespace reach a
 * NATS server that listens on the host's loopback only.
 */
export async function startTcpRelay(listenHost: string, target: { host: string; port: number }): Promise<{ port: number; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = connect(target.port, target.host);
    open.add(inbound).add(outbound);
    inbound.pipe(outbound).pipe(inbound);
    const end = (): void => {
      inbound.destroy();
      outbound.destroy();
      open.delete(inbound);
      open.delete(outbound);
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, listenHost, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}
