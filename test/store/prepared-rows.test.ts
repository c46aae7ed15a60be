import test from 'ava';
import { closeStore, migrate, openStore } from '../../src/store/orm.js';
import { preparedRows } from '../../src/store/prepared-rows.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { engineName, freshDatabase } from '../support/database.js';

/**
 * A read route's statement is planned once per connection and reused. PGlite's own `query` parsed
 * and planned every statement anew; PostgreSQL, under its default `auto` mode, kept planning a
 * statement whose LIMIT is a parameter for each execution (its generic plan is costed for a tenth
 * of the table). Planning cost more than running it.
 */
const PAGE = `select coalesce(json_agg(p.id order by p.name, p.id), '[]')::text as ids
  from (select c.id, c.name from uptime_checks c where c.workspace_id = ? order by c.name, c.id limit ? offset ?) p`;

test(`a parameterised read is planned once per connection, not on each execution, on ${engineName()}`, async (t) => {
  const database = await freshDatabase();
  const store = await openStore({ databaseUrl: database.databaseUrl, poolSize: 1 });
  try {
    await migrate(store);
    const client = await provisionClient(store.em.fork(), { name: 'A', email: 'a@example.com', password: 'password-a', plan: 'pro' });
    await store.em.fork().getConnection().execute(`
      insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, created_at, updated_at)
      select ${client.workspace_id}, 'check ' || lpad(i::text, 4, '0'), 'ping', 'example.com', 5, 10000, '["eu-west"]', 1, '[]', now(), now() from generate_series(1, 2000) i`);
    await store.em.fork().getConnection().execute('analyze uptime_checks');
    for (let page = 0; page < 12; page += 1) {
      const [row] = await preparedRows<{ ids: string }>(store.em.fork(), PAGE, [client.workspace_id, 50, page * 50]);
      t.is(JSON.parse(row!.ids).length, 50);
    }
    // One connection in the pool (PGlite is one): the statement below runs on the connection that holds the prepared one.
    const [plans] = await store.em.fork().getConnection().execute<Array<{ generic_plans: number; custom_plans: number }>>(
      `select generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%limit $2 offset $3%'`,
    );
    t.truthy(plans, 'the statement is prepared on the connection');
    t.is(plans!.custom_plans, 0, 'never planned for one execution’s values');
    t.is(plans!.generic_plans, 12, 'every execution used the plan made once');
  } finally {
    await closeStore(store);
    await database.drop();
  }
});
