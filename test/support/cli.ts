import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export const cliPath = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `vantage <args>` to its end with the given environment (added to a clean one). */
export async function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const child = spawnCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': under load the exit can come before the last output has been read.
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/** Starts `vantage <args>` and leaves it running. Only PATH and HOME are inherited. */
export function spawnCli(args: string[], env: Record<string, string | undefined>): ChildProcess {
  // A free ops port by default: several engines and agents of one test run side by side.
  const clean: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', VANTAGE_OPS_PORT: '0' };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) clean[key] = value;
  return spawn(process.execPath, [cliPath, ...args], { env: clean, stdio: ['ignore', 'pipe', 'pipe'] });
}
