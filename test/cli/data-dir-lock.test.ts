import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { DataDirInUseError, lockDataDir } from '../../src/store/data-dir-lock.js';
import { runCli } from '../support/cli.js';
import { startServe, stopServe } from '../support/serve-process.js';

/** The embedded database takes one process at a time: a second one is refused, never silently ignored. */

const folder = mkdtempSync(join(tmpdir(), 'vantage-lock-'));
test.after.always(() => rmSync(folder, { recursive: true, force: true }));

const lastLine = (text: string): string => text.trim().split('\n').at(-1)!;

test.serial('admin commands against the data dir of a running serve are refused and say why; after it stops they work', async (t) => {
  const dataDir = join(folder, 'serve');
  // Embedded database: no DATABASE_URL, whatever the test run was given.
  const env = { DATABASE_URL: undefined, VANTAGE_DATA_DIR: dataDir };
  const serve = await startServe({ ...env, VANTAGE_ADMIN_EMAIL: 'owner@lock.test', VANTAGE_ADMIN_PASSWORD: 'owner-password' });
  let stopped = false;
  t.teardown(async () => {
    if (!stopped) await stopServe(serve);
  });
  const createUser = ['admin', 'create-user', '--client-id', '1', '--email', 'late@lock.test', '--password', 'late-password'];
  for (const args of [createUser, ['admin', 'set-plan', '--client-id', '1', '--plan', 'pro'], ['migrate']]) {
    const refused = await runCli(args, env);
    t.is(refused.code, 1, `${args.join(' ')} must not succeed: ${refused.stdout}`);
    t.regex(refused.stderr, new RegExp(`data dir .* is in use by another vantage process \\(pid ${serve.child.pid}`));
    t.regex(refused.stderr, /stop that process first, or make the change through its API/);
    t.is(refused.stdout, '');
  }
  t.is(await stopServe(serve), 0);
  stopped = true;
  t.notRegex(serve.output(), /unexpected error/);
  t.false(existsSync(join(dataDir, 'vantage.lock')), 'serve removes its lock when it stops');

  const created = await runCli(createUser, env);
  t.is(created.code, 0, created.stderr);
  t.truthy(JSON.parse(lastLine(created.stdout)).user_id);
  const again = await startServe({ ...env });
  t.teardown(() => stopServe(again));
  const me = await fetch(`${again.baseUrl}/app/api/v1/mobile/auth/me`, {
    headers: { authorization: `Basic ${Buffer.from('late@lock.test:late-password').toString('base64')}` },
  });
  t.is(me.status, 200, 'the user made while serve was stopped is there');
});

test('a lock left by a process that no longer runs is taken over; one process may open its data dir twice', (t) => {
  const dataDir = join(folder, 'stale');
  rmSync(dataDir, { recursive: true, force: true });
  const first = lockDataDir(dataDir);
  const second = lockDataDir(dataDir);
  second();
  t.true(existsSync(join(dataDir, 'vantage.lock')), 'the first holder still holds it');
  first();
  t.false(existsSync(join(dataDir, 'vantage.lock')));
  // Past the pid range of Linux: no process has it.
  writeFileSync(join(dataDir, 'vantage.lock'), JSON.stringify({ pid: 2 ** 22 + 1, since: '2026-01-01T00:00:00Z' }));
  const takenOver = lockDataDir(dataDir);
  takenOver();
  writeFileSync(join(dataDir, 'vantage.lock'), JSON.stringify({ pid: process.ppid, since: '2026-01-01T00:00:00Z' }));
  t.throws(() => lockDataDir(dataDir), { instanceOf: DataDirInUseError, message: new RegExp(`pid ${process.ppid}`) });
});
