import test from 'ava';
import { closeStore, openStore, type Store } from '../../src/store/orm.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { engineName, freshDatabase, freshStore } from '../support/database.js';

/** favorite_counts against counting the favourites themselves, after every kind of change. */

type Counts = Array<{ user_id: number; workspace_id: number; favorites: number }>;

const sqlOn = (store: Store) => (statement: string) => store.em.fork().getConnection().execute(statement);
const kept = (store: Store): Promise<Counts> =>
  store.em.fork().getConnection().execute('select user_id, workspace_id, favorites from favorite_counts order by 1, 2');
const counted = (store: Store): Promise<Counts> =>
  store.em.fork().getConnection().execute('select user_id, workspace_id, count(*)::int as favorites from uptime_check_favorites group by 1, 2 order by 1, 2');

/** `count` checks in the workspace, each a favourite of the given users where (check number + user's place) is even. */
async function checksWithFavorites(store: Store, workspaceId: number, userIds: number[], count: number, tag: string): Promise<void> {
  const sql = sqlOn(store);
  await sql(`
    insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, created_at, updated_at)
    select ${workspaceId}, '${tag} ' || i, 'ping', 'example.com', 5, 10000, '["eu-west"]', 1, '[]', now(), now() from generate_series(1, ${count}) i`);
  for (const [place, userId] of userIds.entries()) {
    await sql(`
      insert into uptime_check_favorites (user_id, workspace_id, check_id)
      select ${userId}, workspace_id, id from uptime_checks where workspace_id = ${workspaceId} and name like '${tag} %' and (id + ${place}) % 2 = 0`);
  }
}

async function twoClients(store: Store) {
  const a = await provisionClient(store.em.fork(), { name: 'A', email: 'a@example.com', password: 'password-a', plan: 'pro' });
  const b = await provisionClient(store.em.fork(), { name: 'B', email: 'b@example.com', password: 'password-b', plan: 'pro' });
  return { a, b };
}

test(`the favourites' counts follow inserts, deletes and the removal of checks, users and workspaces on ${engineName()}`, async (t) => {
  const context = await freshStore();
  const { store } = context;
  const sql = sqlOn(store);
  try {
    const { a, b } = await twoClients(store);
    await checksWithFavorites(store, a.workspace_id, [a.user_id, b.user_id], 30, 'a');
    await checksWithFavorites(store, b.workspace_id, [b.user_id], 12, 'b');
    t.deepEqual(await kept(store), await counted(store), 'after inserts');
    t.is((await kept(store)).length, 3);
    await sql(`delete from uptime_check_favorites where check_id % 3 = 0`);
    t.deepEqual(await kept(store), await counted(store), 'after deletes of favourites');
    await sql(`delete from uptime_checks where id % 5 = 0`);
    t.deepEqual(await kept(store), await counted(store), 'after deletes of checks');
    await sql(`delete from uptime_check_favorites where user_id = ${b.user_id} and workspace_id = ${a.workspace_id}`);
    t.deepEqual(await kept(store), await counted(store), 'after a user\'s every favourite in a workspace went');
    t.false((await kept(store)).some((row) => row.favorites === 0), 'no row at zero');
    await sql(`delete from workspaces where id = ${b.workspace_id}`);
    t.deepEqual(await kept(store), await counted(store), 'after a workspace went');
    await sql(`delete from users where id = ${a.user_id}`);
    t.deepEqual(await kept(store), await counted(store), 'after a user went');
  } finally {
    await context.close();
  }
});

test(`the favourites' counts stay exact under concurrent statements on ${engineName()}`, async (t) => {
  const context = await freshStore();
  const { store } = context;
  const sql = sqlOn(store);
  try {
    const { a, b } = await twoClients(store);
    await checksWithFavorites(store, a.workspace_id, [a.user_id, b.user_id], 64, 'a');
    await Promise.all(
      Array.from({ length: 16 }, (_, i) => [
        sql(`delete from uptime_check_favorites where check_id % 32 = ${i}`),
        sql(`insert into uptime_check_favorites (user_id, workspace_id, check_id)
          select u, ${a.workspace_id}, c.id from uptime_checks c, (values (${a.user_id}), (${b.user_id})) users(u)
          where c.workspace_id = ${a.workspace_id} and c.id % 32 = ${16 + i} on conflict do nothing`),
      ]).flat(),
    );
    t.deepEqual(await kept(store), await counted(store));
  } finally {
    await context.close();
  }
});

test(`the migration counts the favourites a database already has on ${engineName()}`, async (t) => {
  const database = await freshDatabase();
  const store = await openStore({ databaseUrl: database.databaseUrl });
  try {
    await store.getMigrator().up({ to: 'Migration20261129120000' });
    const { a, b } = await twoClients(store);
    await checksWithFavorites(store, a.workspace_id, [a.user_id, b.user_id], 9, 'a');
    await store.getMigrator().up();
    t.is((await kept(store)).length, 2);
    t.deepEqual(await kept(store), await counted(store));
  } finally {
    await closeStore(store);
    await database.drop();
  }
});
