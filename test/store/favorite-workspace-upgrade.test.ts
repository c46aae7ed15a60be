import test from 'ava';
import { closeStore, openStore } from '../../src/store/orm.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { engineName, freshDatabase } from '../support/database.js';

/** Favourites made before they carried their check's workspace get it from the check when the database upgrades. */

test(`the migration gives existing favourites their check's workspace on ${engineName()}`, async (t) => {
  const database = await freshDatabase();
  const store = await openStore({ databaseUrl: database.databaseUrl });
  try {
    await store.getMigrator().up({ to: 'Migration20261126060000' });
    const sql = <T>(statement: string): Promise<T[]> => store.em.fork().getConnection().execute<T[]>(statement);
    const clients = [
      await provisionClient(store.em.fork(), { name: 'A', email: 'a@example.com', password: 'password-a', plan: 'pro' }),
      await provisionClient(store.em.fork(), { name: 'B', email: 'b@example.com', password: 'password-b', plan: 'pro' }),
    ];
    for (const client of clients) {
      await sql(`
        insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, state, created_at, updated_at)
        select ${client.workspace_id}, 'check ' || i, 'ping', 'example.com', 5, 10000, '["eu-west"]', 1, '[]', 'up', now(), now() from generate_series(1, 5) i`);
      await sql(`insert into uptime_check_favorites (user_id, check_id) select ${client.user_id}, id from uptime_checks where workspace_id = ${client.workspace_id} and id % 2 = 1`);
    }
    await store.getMigrator().up();
    const favorites = await sql<{ favorite: number; check: number }>(
      'select f.workspace_id as favorite, c.workspace_id as "check" from uptime_check_favorites f join uptime_checks c on c.id = f.check_id',
    );
    t.true(favorites.length >= 4);
    t.deepEqual(favorites.map((row) => row.favorite), favorites.map((row) => row.check));
    t.deepEqual(new Set(favorites.map((row) => row.favorite)), new Set(clients.map((client) => client.workspace_id)));
  } finally {
    await closeStore(store);
    await database.drop();
  }
});
