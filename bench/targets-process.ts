import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** The benchmarks' local targets (targets.ts), running in a process of their own, and their ports on 127.0.0.1. */
export interface Targets {
  child: ChildProcess;
  http: number;
  https: number;
  tcp: number;
  dns: number;
  flipping: number;
}

export async function startTargets(certificates: { key: string; cert: string }): Promise<Targets> {
  const child = fork(fileURLToPath(new URL('./targets.js', import.meta.url)), { stdio: 'inherit' });
  child.send({ key: certificates.key, cert: certificates.cert });
  const [ports] = (await once(child, 'message')) as [Omit<Targets, 'child'>];
  return { child, ...ports };
}
