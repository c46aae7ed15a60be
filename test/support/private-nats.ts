import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/**
 * A nats-server with JetStream of this test's own, on a free port and a temporary store, so a
 * test can stop and start it without disturbing other test files or the machine's server.
 * Stopping keeps the store: a restart finds its streams and buckets again, as a real restart does.
 */
export class PrivateNats {
  private child: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    private readonly storeDir: string,
  ) {}

  static async start(): Promise<PrivateNats> {
    const nats = new PrivateNats(await freePort(), await mkdtemp(join(tmpdir(), 'vantage-nats-')));
    await nats.resume();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the server again on the same port and store (a no-op while it runs). */
  async resume(): Promise<void> {
    if (this.child) return;
    const binary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
    this.child = spawn(binary, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], { stdio: 'ignore' });
    await waitForPort(this.port, true);
  }

  /** Stops the server: gracefully by default, with SIGKILL for a crash. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
    await waitForPort(this.port, false);
  }

  async dispose(): Promise<void> {
    await this.stop('SIGKILL');
    await rm(this.storeDir, { recursive: true, force: true });
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits until the port is open (or closed), for at most 20 s. */
export async function waitForPort(port: number, open: boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await portOpen(port)) !== open) {
    if (Date.now() > deadline) throw new Error(`port ${port} did not ${open ? 'open' : 'close'} within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
