import { createServer, type Server } from 'node:http';
import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import { expressBornMessages, type ExpressBornMessages } from './express-born-messages.js';

const bornMessages = new WeakMap<Server, ExpressBornMessages>();

/**
 * Starts listening; resolves once the port is bound, rejects when it cannot be. The server makes
 * its requests and responses with prototypes an express app adopts later (servesApp).
 */
export function listen(app: RequestListener, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const born = expressBornMessages();
    const server = createServer(born.options, app);
    bornMessages.set(server, born);
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * The express app the server's requests go to (directly or through a wrapping listener): its
 * requests and responses are born with its prototypes from now on (see express-born-messages.ts).
 */
export function servesApp(server: Server, app: Express): void {
  bornMessages.get(server)?.adopt(app);
}

export const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
