import test from 'ava';
import { closeStore, openStore } from '../../src/store/orm.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { engineName, freshDatabase } from '../support/database.js';

/** Last-run times stored in the checks' rows before they had a table of their own move there when the database upgrades. */

test(`the migration moves the checks' last-run times to their own table on ${engineName()}`, async (t) => {
  const database = await freshDatabase();
  const store = await openStore({ databaseUrl: database.databaseUrl });
  try {
    await store.getMigrator().up({ to: 'Migration20261128090000' });
    const sql = <T>(statement: string): Promise<T[]> => store.em.fork().getConnection().execute<T[]>(statement);
    const client = await provisionClient(store.em.fork(), { name: 'A', email: 'a@example.com', password: 'password-a', plan: 'pro' });
    await sql(`
      insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, state, last_run_at, created_at, updated_at)
      select ${client.workspace_id}, 'check ' || i, 'ping', 'example.com', 5, 10000, '["eu-west"]', 1, '[]', 'up',
        case when i % 3 = 0 then null else timestamptz '2026-11-20 10:00:00.123456+00' + i * interval '1 minute' end, now(), now()
      from generate_series(1, 9) i`);
    const before = await sql<{ id: number; at: string | null }>(`select id, to_char(last_run_at at time zone 'UTC', 'HH24:MI:SS.US') as at from uptime_checks order by id`);
    await store.getMigrator().up();
    const after = await sql<{ id: number; at: string | null }>(
      `select c.id, to_char(r.last_run_at at time zone 'UTC', 'HH24:MI:SS.US') as at from uptime_checks c left join uptime_check_last_runs r on r.check_id = c.id order by c.id`,
    );
    t.deepEqual(after, before);
    t.is(before.filter((row) => row.at === null).length, 3, 'checks that never ran have no last-run row');
    const [{ rows }] = await sql<{ rows: number }>('select count(*)::int as rows from uptime_check_last_runs');
    t.is(rows, 6);
    await sql('delete from uptime_checks where id in (select min(id) from uptime_checks)');
    const [{ left }] = await sql<{ left: number }>('select count(*)::int as left from uptime_check_last_runs');
    t.is(left, 5, "a deleted check's last-run row goes with it");
  } finally {
    await closeStore(store);
    await database.drop();
  }
});
