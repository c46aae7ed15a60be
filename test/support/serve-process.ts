import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { spawnCli } from './cli.js';
import { freePort } from './free-port.js';

export interface ServeProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output(): string;
  readyAfterMs: number;
}

/** Starts `vantage serve` on a free port and waits (60 s at most) for `/readyz` to answer 200; `readyAfterMs` says how long it took. */
export const startServe = (env: Record<string, string | undefined>): Promise<ServeProcess> => startHttpRole('serve', env);

/** Starts a role that serves HTTP (`serve` or `api`) the same way: the api's port answers `/healthz` while it still waits for its dependencies. */
export async function startHttpRole(role: 'serve' | 'api', env: Record<string, string | undefined>): Promise<ServeProcess> {
  const port = await freePort();
  const began = Date.now();
  const child = spawnCli([role], { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  while (Date.now() - began < 60_000) {
    if (child.exitCode !== null) throw new Error(`${role} exited with ${child.exitCode}: ${output}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.status === 200) return { child, port, baseUrl, output: () => output, readyAfterMs: Date.now() - began };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${role} was not ready within 60 s: ${output}`);
}

/** Stops it as an operator would (SIGTERM) and resolves to its exit code. */
export async function stopServe(serve: ServeProcess): Promise<number | null> {
  if (serve.child.exitCode !== null) return serve.child.exitCode;
  serve.child.kill('SIGTERM');
  const [code] = (await once(serve.child, 'exit')) as [number | null];
  return code;
}
