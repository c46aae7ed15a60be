import test, { type ExecutionContext } from 'ava';
import pg from 'pg';
import { ApiHarness, type Account } from './helpers/api-harness.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { concurrentStore } from '../support/database.js';
import { finishesWithin } from '../support/finishes-within.js';

/**
 * The favourite filter's pages walk the user's favourites in name order, by the names their
 * triggers keep: every page is the slice of the favourites read directly from the checks, after
 * favourites made and taken back, renames through the API and in SQL, and a check's removal;
 * and a favourite made beside a rename keeps the new name whichever commits first.
 */

let api: ApiHarness;
let account: Account;
let colleague: { email: string; password: string };

const sql = <T = unknown>(statement: string): Promise<T[]> => api.store.em.fork().getConnection().execute(statement);

test.before(async () => {
  api = await ApiHarness.start();
  account = await api.account('pro');
  colleague = await api.member(account, { isAdmin: true });
  await sql(`
    insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, created_at, updated_at)
    select ${account.workspaceId}, 'check ' || lpad(((i * 37) % 101)::text, 3, '0'), 'ping', 'example.com', 60, 10000, '["eu-west"]', 1, '[]', now(), now()
    from generate_series(1, 40) i`);
  const ids = (await sql<{ id: number }>(`select id from uptime_checks where workspace_id = ${account.workspaceId} order by id`)).map((row) => row.id);
  for (const [place, id] of ids.entries()) {
    if (place % 3 === 0) await favorite(id, { account });
    if (place % 2 === 0) await favorite(id, { as: colleague, workspace: account.workspaceId });
  }
});

test.after.always(async () => {
  await api?.close();
});

async function favorite(id: number, as: { account: Account } | { as: typeof colleague; workspace: number }): Promise<void> {
  const response = await api.call('POST', `/mobile/uptime-checks/${id}/favorite`, as);
  if (response.status !== 200) throw new Error(`favorite ${id}: ${response.status} ${JSON.stringify(response.body)}`);
}

/** The caller's favourites in the list's order, read from the checks themselves. */
const favoritesInOrder = async (): Promise<number[]> =>
  (
    await sql<{ id: number }>(`
      select c.id from uptime_checks c join uptime_check_favorites f on f.check_id = c.id
      where c.workspace_id = ${account.workspaceId} and f.user_id = ${account.userId} order by c.name, c.id`)
  ).map((row) => row.id);

async function pagesAreSlices(t: ExecutionContext, after: string): Promise<void> {
  const whole = await favoritesInOrder();
  for (const limit of [1, 4, 200]) {
    for (let offset = 0; offset <= whole.length + 1; offset += limit === 200 ? 1 : 3) {
      const response = await api.call('GET', `/mobile/uptime-checks?favorite=true&limit=${limit}&offset=${offset}`, { account });
      t.is(response.status, 200);
      const page = { ids: response.body.data.map((check: { id: number }) => check.id), total: response.body.pagination.total };
      t.deepEqual(page, { ids: whole.slice(offset, offset + limit), total: whole.length }, `${after}: limit ${limit}, offset ${offset}`);
    }
  }
}

test.serial('every page of the favourites is their slice in name order, after every kind of change', async (t) => {
  await pagesAreSlices(t, 'at first');
  const [first, second, third] = await favoritesInOrder();
  await sql(`update uptime_checks set name = 'zz moved last' where id = ${first}`);
  await pagesAreSlices(t, 'after a rename in SQL');
  const detail = (await api.call('GET', `/mobile/uptime-checks/${second}`, { account })).body.data;
  const updated = await api.call('POST', `/mobile/uptime-checks/${second}/update`, {
    account,
    body: { name: 'aa moved first', check_type: 'ping', hostname: detail.hostname, trigger_locations: detail.trigger_locations },
  });
  t.is(updated.status, 200, JSON.stringify(updated.body));
  await pagesAreSlices(t, 'after a rename through the API');
  await favorite(third!, { account });
  await pagesAreSlices(t, 'after a favourite taken back');
  await sql(`delete from uptime_checks where id = ${first}`);
  await pagesAreSlices(t, 'after a check went');
  await sql(`update uptime_checks set name = name || ' renamed' where workspace_id = ${account.workspaceId}`);
  await pagesAreSlices(t, 'after every check was renamed at once');
});

/** On PostgreSQL whatever the set-up (see concurrentStore): PGlite has one connection, and cannot hold a transaction open beside another statement. */
test.serial('a favourite made beside a rename keeps the new name, whichever commits first', async (t) => {
  const concurrent = await concurrentStore();
  const inRace = <T = unknown>(statement: string): Promise<T[]> => concurrent.store.em.fork().getConnection().execute(statement);
  const renaming = new pg.Client({ connectionString: concurrent.databaseUrl });
  const favoriting = new pg.Client({ connectionString: concurrent.databaseUrl });
  try {
    await renaming.connect();
    await favoriting.connect();
    const racer = await provisionClient(concurrent.store.em.fork(), { name: 'Racer', email: 'racer@example.com', password: 'racer-password', plan: 'pro' });
    const [a, b] = (await inRace<{ id: number }>(`
      insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, created_at, updated_at)
      select ${racer.workspace_id}, 'raced ' || i, 'ping', 'example.com', 60, 10000, '["eu-west"]', 1, '[]', now(), now() from generate_series(1, 2) i
      returning id`)).map((row) => row.id);
    const insertFavorite = (id: number) =>
      `insert into uptime_check_favorites (user_id, workspace_id, check_id) values (${racer.user_id}, ${racer.workspace_id}, ${id})`;

    // The rename first: the favourite waits for it, then takes the new name.
    await renaming.query('begin');
    await renaming.query(`update uptime_checks set name = 'renamed while favourited' where id = ${a}`);
    const waiting = await finishesWithin(favoriting, insertFavorite(a!), 300);
    t.false(waiting.finished, 'the favourite waits for the rename');
    await renaming.query('commit');
    await waiting.done;

    // The favourite first: the rename waits for it, then writes the new name to it.
    await favoriting.query('begin');
    await favoriting.query(insertFavorite(b!));
    const renamingLater = await finishesWithin(renaming, `update uptime_checks set name = 'renamed after the favourite' where id = ${b}`, 300);
    t.false(renamingLater.finished, 'the rename waits for the favourite');
    await favoriting.query('commit');
    await renamingLater.done;

    const names = await inRace<{ check_id: number; check_name: string; name: string }>(`
      select f.check_id, f.check_name, c.name from uptime_check_favorites f join uptime_checks c on c.id = f.check_id where f.user_id = ${racer.user_id} and f.check_id in (${a}, ${b})`);
    t.is(names.length, 2);
    for (const row of names) t.is(row.check_name, row.name, `check ${row.check_id}`);
  } finally {
    await renaming.end();
    await favoriting.end();
    await concurrent.close();
  }
});
