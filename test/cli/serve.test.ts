import test from 'ava';
import { Client, User } from '../../src/store/entities/index.js';
import { closeStore, openStore } from '../../src/store/orm.js';
import { verifyPassword } from '../../src/domain/password-hash.js';
import { runCli } from '../support/cli.js';
import { engineName, freshDatabase } from '../support/database.js';
import { startServe, stopServe } from '../support/serve-process.js';
import { temporaryFolder } from '../support/temporary-folder.js';

const database = await freshDatabase();
const dataDir = temporaryFolder('serve');
test.after.always(async () => {
  await database.drop();
});

const serve = (env: Record<string, string | undefined>) =>
  startServe({ DATABASE_URL: database.databaseUrl, VANTAGE_DATA_DIR: dataDir, ...env });

async function countClients(): Promise<number> {
  const store = await openStore({ databaseUrl: database.databaseUrl, dataDir });
  try {
    return await store.em.fork().count(Client, {});
  } finally {
    await closeStore(store);
  }
}

test.serial(`serve comes up on an empty ${engineName()} database, says once how to sign in, and keeps rows across restarts`, async (t) => {
  const first = await serve({ VANTAGE_ADMIN_EMAIL: undefined, VANTAGE_ADMIN_PASSWORD: undefined });
  t.true(first.readyAfterMs < 20_000, `healthz answered after ${first.readyAfterMs} ms`);
  const ready = await fetch(`http://127.0.0.1:${first.port}/readyz`);
  t.is(ready.status, 200);
  const notice = /First administrator: (\S+)\s+password: (\S+)/.exec(first.output());
  t.truthy(notice, first.output());
  t.is(first.output().match(/how to sign in|sign in at/g)?.length, 1);
  t.regex(await (await fetch(`http://127.0.0.1:${first.port}/metrics`)).text(), /^vantage_dependency_up\{dependency="database"\} 1$/m, 'serve exports its dependency state like every role');
  t.false(/"msg":"request"/.test(first.output()), 'no access log unless asked for');
  t.is(await stopServe(first), 0);

  const store = await openStore({ databaseUrl: database.databaseUrl, dataDir });
  const admin = await store.em.fork().findOneOrFail(User, { email: notice![1]! });
  t.true(admin.isAdmin);
  t.true(await verifyPassword(admin.passwordHash, notice![2]!));
  await closeStore(store);

  const added = await runCli(['admin', 'create-client', '--name', 'Second', '--email', 'second@acme.test', '--password', 'second-pass', '--plan', 'pro'], {
    DATABASE_URL: database.databaseUrl,
    VANTAGE_DATA_DIR: dataDir,
  });
  t.is(added.code, 0, added.stderr);

  const second = await serve({ VANTAGE_ACCESS_LOG: '1' });
  t.false(/First administrator|sign in at/.test(second.output()), 'no second sign-in notice');
  t.is((await fetch(`http://127.0.0.1:${second.port}/app/api/v1/mobile/uptime-checks/7?limit=1`, { headers: { 'X-Request-Id': 'access-log-test' } })).status, 401);
  const accessLines = () => second.output().split('\n').filter((line) => line.includes('"request_id":"access-log-test"'));
  for (const until = Date.now() + 5_000; accessLines().length === 0 && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 50));
  const access = accessLines().map((line) => JSON.parse(line));
  t.is(access.length, 1, second.output());
  t.like(access[0], { level: 30, msg: 'request', method: 'GET', path: '/app/api/v1/mobile/uptime-checks/7', route: '/app/api/v1/mobile/uptime-checks/:id', status: 401 });
  t.is(typeof access[0].duration_ms, 'number');
  t.is(await stopServe(second), 0);
  t.is(await countClients(), 2);
});

test.serial('a port already in use stops serve with an error', async (t) => {
  const holder = await serve({});
  const result = await runCli(['serve'], { DATABASE_URL: database.databaseUrl, VANTAGE_DATA_DIR: temporaryFolder('serve'), PORT: String(holder.port), HOST: '127.0.0.1' });
  t.not(result.code, 0);
  t.regex(result.stdout + result.stderr, /EADDRINUSE/);
  await stopServe(holder);
});
