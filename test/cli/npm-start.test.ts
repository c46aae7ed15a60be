import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { freePort } from '../support/free-port.js';

/** `npm start` as a person runs it: npm → node serve (the script's sh execs node), so a signal to npm reaches serve. */

const dataDir = mkdtempSync(join(tmpdir(), 'vantage-npm-start-'));
test.after.always(() => rmSync(dataDir, { recursive: true, force: true }));

const parentOf = (pid: number): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
};
const commandOf = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};
const alive = (pid: number): boolean => parentOf(pid) !== null;

/** The serve process somewhere under `root`. */
function serveUnder(root: number): number | undefined {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .find((pid) => {
      if (!/^(\S*\/)?node \S*dist\/src\/cli\/main\.js serve/.test(commandOf(pid))) return false;
      for (let ancestor = parentOf(pid); ancestor !== null && ancestor > 1; ancestor = parentOf(ancestor)) if (ancestor === root) return true;
      return false;
    });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test.serial(`${signal} to the npm start process stops vantage serve gracefully`, async (t) => {
    t.timeout(4 * 60_000);
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', VANTAGE_DATA_DIR: dataDir, VANTAGE_OPS_PORT: '0', VANTAGE_ADMIN_EMAIL: 'owner@npm.test', VANTAGE_ADMIN_PASSWORD: 'npm-start-password' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let serve: number | undefined;
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      let healthy = false;
      // npm start compiles first when a source is newer than its last build.
      for (const began = Date.now(); !healthy && Date.now() - began < 180_000 && npm.exitCode === null; ) {
        healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.status === 200, () => false);
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      t.true(healthy, output.slice(-3000));
      serve = serveUnder(npm.pid!);
      t.truthy(serve, 'serve runs under npm start');
      t.is(parentOf(serve!), npm.pid!, `no shell between npm and serve: ${commandOf(parentOf(serve!) ?? 0)}`);

      npm.kill(signal);
      // Bounded: an npm whose grandchild holds its output open never exits.
      const exited = await Promise.race([once(npm, 'exit').then(() => true), new Promise<false>((resolve) => setTimeout(resolve, 20_000, false))]);
      for (const began = Date.now(); alive(serve!) && Date.now() - began < 15_000; ) await new Promise((resolve) => setTimeout(resolve, 100));
      t.false(alive(serve!), 'serve ended with npm start');
      t.true(exited, 'npm start exited');
      t.regex(output, /"msg":"stopped"/, 'serve shut down gracefully');
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      if (serve !== undefined && alive(serve)) process.kill(serve, 'SIGKILL');
    }
  });
}
