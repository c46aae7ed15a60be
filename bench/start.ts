import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../test/support/free-port.js';

/**
 * Time from `npm start` to the first 200 of /healthz when nothing changed since the last build
 * (the build is skipped), next to `node dist/src/cli/main.js serve` started the same way: the
 * second start onwards of an embedded data dir (the first one creates the database and is
 * reported apart). Run from the project folder after a build:
 *
 *   npm run build && node dist/bench/start.js [runs, default 3]
 */

const runs = Number(process.argv[2] ?? 3);

/** What a newcomer's `npm start` sees: the embedded database and the in-process bus. */
const { DATABASE_URL: _database, NATS_URL: _nats, AMQP_URL: _amqp, ...embeddedEnv } = process.env;

const dataDir = mkdtempSync(join(tmpdir(), 'vantage-bench-start-'));

async function timeToHealthy(command: string, args: string[]): Promise<number> {
  const port = await freePort();
  const began = Date.now();
  const child = spawn(command, args, {
    env: { ...embeddedEnv, PORT: String(port), VANTAGE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    while (Date.now() - began < 120_000) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false);
      if (healthy) return Date.now() - began;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no /healthz within 120 s');
  } finally {
    // npm runs serve in a child of its own: stop the whole group.
    process.kill(-child.pid!, 'SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const first = await timeToHealthy(process.execPath, ['dist/src/cli/main.js', 'serve']);
const direct: number[] = [];
const npmStart: number[] = [];
for (let i = 0; i < runs; i++) {
  direct.push(await timeToHealthy(process.execPath, ['dist/src/cli/main.js', 'serve']));
  npmStart.push(await timeToHealthy('npm', ['start', '--silent']));
}
rmSync(dataDir, { recursive: true, force: true });
const seconds = (value: number): string => `${(value / 1000).toFixed(2)} s`;
console.log(
  `start to /healthz, unchanged build, existing data dir, median of ${runs}: npm start ${seconds(median(npmStart))}, ` +
    `node dist/src/cli/main.js serve ${seconds(median(direct))} (baseline); first start on an empty data dir ${seconds(first)}`,
);
