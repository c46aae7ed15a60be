import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';

/**
 * `npm ci` on a fresh clone (package.json, the lock file and the ICMP addon's sources): the addons'
 * install scripts are approved in `allowScripts`, so they build and npm reports none unreviewed;
 * @scarf/scarf's telemetry post-install is denied and never runs.
 */
test('npm ci builds the ICMP addons, reports no unreviewed install script and runs no telemetry', async (t) => {
  t.timeout(5 * 60_000);
  const clone = mkdtempSync(join(tmpdir(), 'vantage-npm-ci-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) cpSync(file, join(clone, file));
    cpSync('agents/icmp-datagram', join(clone, 'agents/icmp-datagram'), { recursive: true, filter: (source) => !source.includes('/build') });
    const npm = spawn('npm', ['ci', '--omit=dev', '--foreground-scripts', '--no-audit', '--no-fund'], { cwd: clone, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(npm, 'close')) as [number | null];
    t.is(code, 0, output.slice(-3000));
    t.notRegex(output, /install-scripts|not yet covered|unreviewed/i, output);
    t.regex(output, /icmp-datagram@0\.1\.0 install/, 'the ICMP addon built');
    t.regex(output, /raw-socket@[\d.]+ install/, 'raw-socket built');
    t.notRegex(output, /@scarf\/scarf@[\d.]+ postinstall/, 'the telemetry post-install did not run');
    const require = createRequire(join(clone, 'package.json'));
    t.is(typeof (require('icmp-datagram') as { open: unknown }).open, 'function');
    t.true(existsSync(join(clone, 'node_modules/raw-socket/build/Release/raw.node')));
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
});
