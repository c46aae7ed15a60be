import { requester, type LoadOptions, type LoadResult } from './api-load.js';

export interface PacedLoadOptions extends Omit<LoadOptions, 'concurrency'> {
  /** Keep-alive connections: a request due while all are busy waits for one, and that wait counts. */
  connections: number;
  /** Requests sent per second, on a fixed schedule whatever the answers take. */
  ratePerSecond: number;
}

/**
 * Requests at a fixed rate (an open loop, as many phones refreshing at once are), each timed from
 * the moment the schedule said to send it, not from when a connection was free to send it: a
 * slow answer delays the requests queued behind it, and their wait is counted (what wrk2 calls
 * correcting for coordinated omission). A closed loop of clients each waiting for its last answer
 * measures the server at saturation instead, where the latency is the queue the clients make.
 */
export async function runPacedLoad(options: PacedLoadOptions): Promise<LoadResult> {
  const requests = requester(options);
  const total = Math.round(options.ratePerSecond * options.seconds);
  const interval = 1000 / options.ratePerSecond;
  const began = performance.now();
  const answers: Promise<void>[] = [];
  await new Promise<void>((scheduled) => {
    let sent = 0;
    const sendDue = (): void => {
      const now = performance.now();
      for (; sent < total && began + sent * interval <= now; sent++) answers.push(requests.send(options.next(sent), began + sent * interval));
      if (sent === total) scheduled();
      else setTimeout(sendDue, Math.max(0, began + sent * interval - performance.now()));
    };
    sendDue();
  });
  await Promise.all(answers);
  return requests.result();
}
