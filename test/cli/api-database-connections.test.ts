import { randomBytes } from 'node:crypto';
import test from 'ava';
import { runCli } from '../support/cli.js';
import { concurrentStore } from '../support/database.js';
import { startHttpRole, stopServe } from '../support/serve-process.js';

/** The api role's pool: VANTAGE_API_DATABASE_CONNECTIONS bounds what it holds, and requests beyond it wait for one instead of failing. */

test('the api role keeps at most VANTAGE_API_DATABASE_CONNECTIONS connections of its pool, and 40 concurrent reads all answer', async (t) => {
  // PostgreSQL on either set-up: DATABASE_URL's server, or one of the test's own.
  const database = await concurrentStore();
  const suffix = randomBytes(4).toString('hex');
  const email = `pool-${suffix}@role.test`;
  const applicationName = `vantage-pool-${suffix}`;
  const url = new URL(database.databaseUrl!);
  url.searchParams.set('application_name', applicationName);
  const env = { DATABASE_URL: url.toString(), VANTAGE_API_DATABASE_CONNECTIONS: '2' };
  const created = await runCli(['admin', 'create-client', '--name', 'Pool', '--email', email, '--password', 'pool-password', '--plan', 'pro'], env);
  t.is(created.code, 0, created.stderr);
  const { workspace_id } = JSON.parse(created.stdout.trim().split('\n').at(-1)!) as { workspace_id: number };
  const api = await startHttpRole('api', env);
  const watcher = database.store.em.getConnection();
  t.teardown(async () => {
    await stopServe(api);
    await database.close();
  });

  // The pool's connections run statements; a LISTEN connection (status pages' changes) waits outside the pool.
  const poolConnections = async () =>
    Number(
      (await watcher.execute<Array<{ n: string }>>(`select count(*) as n from pg_stat_activity where application_name = ? and query not ilike 'listen%'`, [applicationName]))[0]!
        .n,
    );
  let most = 0;
  let reading = true;
  const sampling = (async () => {
    while (reading) {
      most = Math.max(most, await poolConnections());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const headers = { authorization: `Basic ${Buffer.from(`${email}:pool-password`).toString('base64')}`, 'x-workspace-id': String(workspace_id) };
  const statuses = await Promise.all(
    Array.from({ length: 40 }, (_, index) =>
      fetch(`${api.baseUrl}/app/api/v1/mobile/uptime-checks?limit=50&offset=${index}`, { headers }).then((response) => response.status),
    ),
  );
  reading = false;
  await sampling;

  t.deepEqual(statuses, Array.from({ length: 40 }, () => 200));
  t.true(most >= 1, 'the reads ran on the pool');
  t.true(most <= 2, `at most 2 connections of the pool, saw ${most}`);
});
