import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/**
 * Counts the requests whose handlers have not answered yet, so that a stopping role closes the bus
 * and the database only after them. The server's own close is not enough: it waits for
 * connections, and a client that hung up (a load balancer's timeout, a phone going into a tunnel)
 * has closed its connection while its handler still runs. That handler may be committing a change
 * whose notice then finds the bus closed, or waiting for a pool connection that closing the store
 * aborts. A handler has answered when it ends its response, which every route does, the error
 * handler included, whether or not the client is still there to read it.
 */
export class RequestsInFlight {
  private running = 0;
  private waiters: Array<() => void> = [];

  get count(): number {
    return this.running;
  }

  /** The listener that counts each request from its arrival to its handler's `end`. */
  track(listener: RequestListener): RequestListener {
    return (req: IncomingMessage, res: ServerResponse) => {
      this.running += 1;
      const end = res.end;
      let answered = false;
      res.end = ((...args: Parameters<typeof end>) => {
        if (!answered) {
          answered = true;
          this.settle();
        }
        return end.apply(res, args);
      }) as typeof end;
      listener(req, res);
    };
  }

  /** Resolves once no handler is running. */
  settled(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private settle(): void {
    this.running -= 1;
    if (this.running > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
