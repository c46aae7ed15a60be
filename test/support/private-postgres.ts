import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';
import { waitForPort } from './private-nats.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of this test's own (Debian's initdb and pg_ctl) on a free port and a
 * temporary directory, so a test can stop and start the database without disturbing other test
 * files or the machine's server. Runs as the `postgres` user when the test runs as root, since
 * PostgreSQL refuses to run as root. Trust authentication on 127.0.0.1 only.
 */
export class PrivatePostgres {
  private running = false;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const dir = await mkdtemp(join(tmpdir(), 'vantage-pg-'));
    const pg = new PrivatePostgres(await freePort(), dir);
    if (process.getuid?.() === 0) await chown(dir, ...(await postgresIds()));
    await pg.asOwner('initdb', ['-D', pg.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    await pg.resume();
    return pg;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** Starts the server again on the same port and data (a no-op while it runs). */
  async resume(): Promise<void> {
    if (this.running) return;
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c fsync=off -c max_connections=200`;
    await this.asOwner('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', join(this.dir, 'server.log'), '-w', 'start']);
    this.running = true;
    await waitForPort(this.port, true);
  }

  /** Stops the server: `fast` closes sessions cleanly, `immediate` is a crash. */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.asOwner('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
    await waitForPort(this.port, false);
  }

  async dispose(): Promise<void> {
    await this.stop('immediate').catch(() => undefined);
    await rm(this.dir, { recursive: true, force: true });
  }

  private async asOwner(command: string, args: string[]): Promise<void> {
    if (process.getuid?.() === 0) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
    else await run(command, args);
  }
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return [Number(uid.trim()), Number(gid.trim())];
}
