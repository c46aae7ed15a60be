import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { planCluster, type ClusterOptions, type PlannedProcess } from './cluster-plan.js';
import { LocationNetworks, namespacesUnavailable } from './network-namespaces.js';
import { startTcpRelay } from './tcp-relay.js';

const main = fileURLToPath(new URL('../cli/main.js', import.meta.url));

export interface StartClusterOptions extends ClusterOptions {
  /** Each location's agents in a network namespace of its own (root on Linux). */
  namespaces: boolean;
  /** Where each prefixed log line goes. */
  print: (line: string) => void;
  /** Node options for the long-running roles, such as `--cpu-prof` (which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}

export interface RunningCluster {
  processes: Array<PlannedProcess & { child: ChildProcess }>;
  /** Set when the agents run in namespaces; null with the reason otherwise. */
  networks: LocationNetworks | null;
  namespacesRefused: string | null;
  /** SIGTERM to every process, then the namespaces go; resolves when everything has ended. */
  stop(): Promise<void>;
  /** Kills one process with SIGKILL (no shutdown at all, as a crash) and starts it again as it was started. */
  crashAndRestart(name: string): Promise<void>;
}

/**
 * Starts the distributed shape on this machine: migrates, then runs the API, engine and agent
 * processes of `planCluster`, each log line prefixed with the process's name. With namespaces,
 * each location's agents run in their own network namespace and reach NATS through a relay on
 * their link to the host.
 */
export async function startCluster(options: StartClusterOptions): Promise<RunningCluster> {
  const planned = planCluster(options);
  const namespacesRefused = options.namespaces ? await namespacesUnavailable() : null;
  if (namespacesRefused) options.print(`[cluster] ${namespacesRefused}: running every agent as a plain process`);
  const networks = options.namespaces && !namespacesRefused ? new LocationNetworks(options.clusterName.replace(/[^a-z0-9]/g, '').slice(0, 8), 100 + Math.floor(Math.random() * 150)) : null;
  const relays: Array<{ close(): Promise<void> }> = [];
  const processes: RunningCluster['processes'] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(
      processes.map(async ({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(killer);
      }),
    );
    for (const relay of relays) await relay.close();
    await networks?.remove();
  };
  try {
    const migrated = await runToEnd(spawnRole({ name: 'migrate', args: ['migrate'], env: planned[0]!.env, location: null }, null, options.print, []));
    if (migrated !== 0) throw new Error(`vantage migrate exited with ${migrated}`);
    const nats = new URL(options.natsUrl.split(',')[0]!);
    const inNamespace = new Map<string, { namespace: string; natsUrl: string }>();
    for (const location of networks ? options.locations : []) {
      const namespace = await networks!.addLocation(location);
      const relay = await startTcpRelay(namespace.hostAddress, { host: nats.hostname, port: Number(nats.port || 4222) });
      relays.push(relay);
      inNamespace.set(location, { namespace: namespace.name, natsUrl: `nats://${namespace.hostAddress}:${relay.port}` });
    }
    for (const process of planned) {
      const placed = process.location ? inNamespace.get(process.location) : undefined;
      const env = placed ? { ...process.env, NATS_URL: placed.natsUrl } : process.env;
      processes.push({ ...process, env, child: spawnRole({ ...process, env }, placed?.namespace ?? null, options.print, options.nodeArgs ?? []) });
    }
    const crashAndRestart = async (name: string): Promise<void> => {
      const index = processes.findIndex((process) => process.name === name);
      const running = processes[index];
      if (!running) throw new Error(`no process named ${name}`);
      if (running.child.exitCode === null && running.child.signalCode === null) {
        const exited = once(running.child, 'exit');
        running.child.kill('SIGKILL');
        await exited;
      }
      const placed = running.location ? inNamespace.get(running.location) : undefined;
      processes[index] = { ...running, child: spawnRole(running, placed?.namespace ?? null, options.print, options.nodeArgs ?? []) };
    };
    return { processes, networks, namespacesRefused, stop, crashAndRestart };
  } catch (error) {
    await stop();
    throw error;
  }
}

function spawnRole(process: PlannedProcess, namespace: string | null, print: (line: string) => void, nodeArgs: string[]): ChildProcess {
  const env = { PATH: globalThis.process.env.PATH ?? '', HOME: globalThis.process.env.HOME ?? '', ...process.env };
  const command = namespace ? 'ip' : globalThis.process.execPath;
  const args = namespace ? ['netns', 'exec', namespace, globalThis.process.execPath, ...nodeArgs, main, ...process.args] : [...nodeArgs, main, ...process.args];
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', (line) => print(`[${process.name}] ${line}`));
  child.once('exit', (code, signal) => print(`[${process.name}] exited ${signal ?? code}`));
  return child;
}

async function runToEnd(child: ChildProcess): Promise<number | null> {
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}
