import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request } from 'node:http';
import test from 'ava';
import pg from 'pg';
import { httpCheck } from '../api/helpers/check-bodies.js';
import { runCli } from '../support/cli.js';
import { freshDatabase } from '../support/database.js';
import { waitFor } from '../support/notify/wait.js';
import { startHttpRole, stopServe } from '../support/serve-process.js';

const withDatabase = process.env.DATABASE_URL ? test : test.skip;

withDatabase('a stopping api role lets a change whose client hung up finish before it closes the bus and the database', async (t) => {
  t.timeout(120_000);
  const database = await freshDatabase();
  const email = `stop-${randomBytes(4).toString('hex')}@role.test`;
  const created = await runCli(['admin', 'create-client', '--name', 'Stop', '--email', email, '--password', 'role-password', '--plan', 'pro'], { DATABASE_URL: database.databaseUrl });
  t.is(created.code, 0, created.stderr);
  const { workspace_id } = JSON.parse(created.stdout.trim().split('\n').at(-1)!) as { workspace_id: number };
  const api = await startHttpRole('api', { DATABASE_URL: database.databaseUrl });
  const locker = new pg.Client({ connectionString: database.databaseUrl });
  await locker.connect();
  t.teardown(async () => {
    await locker.end();
    await stopServe(api);
    await database.drop();
  });
  const headers = {
    authorization: `Basic ${Buffer.from(`${email}:role-password`).toString('base64')}`,
    'x-workspace-id': String(workspace_id),
    'content-type': 'application/json',
  };
  const body = httpCheck();
  const response = await fetch(`${api.baseUrl}/app/api/v1/mobile/uptime-checks`, { method: 'POST', headers, body: JSON.stringify(body) });
  t.is(response.status, 201, await response.clone().text());
  const { data } = (await response.json()) as { data: { id: number } };

  // The update waits for the check's row, held here, while its client hangs up and the role is told to stop.
  await locker.query('begin');
  await locker.query('select id from uptime_checks where id = $1 for update', [data.id]);
  const update = request(`${api.baseUrl}/app/api/v1/mobile/uptime-checks/${data.id}/update`, { method: 'POST', headers });
  update.on('error', () => undefined);
  update.end(JSON.stringify({ ...body, name: 'Renamed while stopping' }));
  const waitingForLock = async () =>
    (await locker.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).rows[0]!.n > 0;
  await waitFor(waitingForLock, 20_000, 'the update to wait for the row');
  update.destroy();
  const exited = once(api.child, 'close') as Promise<[number | null]>;
  api.child.kill('SIGTERM');
  await waitFor(() => api.output().includes('"msg":"stopping"'), 20_000, 'the role to begin to stop');
  t.true(await waitingForLock(), 'the update still waits');
  await locker.query('commit');
  const [code] = await exited;

  t.is(code, 0, api.output());
  const errors = api.output().split('\n').filter((line) => line.startsWith('{') && (JSON.parse(line) as { level: number }).level >= 50);
  t.deepEqual(errors, [], 'no change notice lost to a closed bus, no query aborted by a closed pool');
  const { rows } = await locker.query<{ name: string }>('select name from uptime_checks where id = $1', [data.id]);
  t.is(rows[0]!.name, 'Renamed while stopping');
});
