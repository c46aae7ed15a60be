import { Agent, request } from 'node:http';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface LoadResult {
  requests: number;
  /** Answers with another status than `expectedStatus`, and transport errors. */
  failures: number;
  firstFailure: string | null;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU seconds the load generator itself spent. */
  clientCpuSeconds: number;
}

export interface LoadOptions {
  port: number;
  headers: Record<string, string>;
  concurrency: number;
  seconds: number;
  expectedStatus: number;
  next(sequence: number): LoadRequest;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Requests on at most `connections` keep-alive connections, their latencies and failures, summed up by `result`. */
export interface Requester {
  /** Sends `next` and resolves once it is answered, its latency counted from `from` (a `performance.now()`). */
  send(next: LoadRequest, from: number): Promise<void>;
  result(): LoadResult;
}

export function requester(options: Pick<LoadOptions, 'port' | 'headers' | 'expectedStatus'> & { connections: number }): Requester {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const cpuBefore = process.cpuUsage();
  const began = performance.now();
  return {
    send: (next, from) =>
      new Promise((resolve) => {
        const headers = { ...options.headers, ...(next.body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(next.body)) } : {}) };
        const req = request({ agent, host: '127.0.0.1', port: options.port, method: next.method, path: next.path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            latencies.push(performance.now() - from);
            if (res.statusCode !== options.expectedStatus) {
              failures++;
              firstFailure ??= `${res.statusCode} ${next.method} ${next.path}: ${Buffer.concat(chunks).toString().slice(0, 300)}`;
            }
            resolve();
          });
        });
        req.on('error', (error) => {
          failures++;
          firstFailure ??= `${next.method} ${next.path}: ${error.message}`;
          resolve();
        });
        req.end(next.body);
      }),
    result: () => {
      const seconds = (performance.now() - began) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      agent.destroy();
      const sorted = latencies.sort((a, b) => a - b);
      return {
        requests: latencies.length,
        failures,
        firstFailure,
        seconds,
        perSecond: latencies.length / seconds,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        clientCpuSeconds: (cpu.user + cpu.system) / 1e6,
      };
    },
  };
}

/** `concurrency` clients on keep-alive connections, each sending its next request when the last answered. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const requests = requester({ ...options, connections: options.concurrency });
  const deadline = performance.now() + options.seconds * 1000;
  let sequence = 0;
  const client = async (): Promise<void> => {
    while (performance.now() < deadline) await requests.send(options.next(sequence++), performance.now());
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return requests.result();
}
