import test from 'ava';
import pg from 'pg';
import { closeStore, openStore, type Store } from '../../src/store/orm.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { engineName, freshDatabase, freshStore } from '../support/database.js';

/** workspace_check_counts against counting the checks themselves, after every kind of change. */

type Counts = Array<{ workspace_id: number; paused: boolean; state: string; checks: number }>;

/** The kept counts of the keys that hold checks: a key emptied by an update or a delete stays at zero (its `changes` go on). */
const kept = (store: Store): Promise<Counts> =>
  store.em.fork().getConnection().execute('select workspace_id, paused, state, checks from workspace_check_counts where checks <> 0 order by 1, 2, 3');
const keptRows = (store: Store): Promise<Counts> =>
  store.em.fork().getConnection().execute('select workspace_id, paused, state, checks from workspace_check_counts order by 1, 2, 3');
const counted = (store: Store): Promise<Counts> =>
  store.em.fork().getConnection().execute('select workspace_id, paused, state, count(*)::int as checks from uptime_checks group by 1, 2, 3 order by 1, 2, 3');

const insertChecks = (store: Store, workspaceId: number, from: number, to: number) =>
  store.em.fork().getConnection().execute(`
    insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, state, created_at, updated_at)
    select ${workspaceId}, 'check ' || i, 'ping', 'example.com', 5, 10000, '["eu-west"]', 1, '[]', (array['pending', 'up', 'down', 'unknown'])[1 + i % 4], now(), now()
    from generate_series(${from}, ${to}) i`);

/** Two clients' workspaces in the store, and a way to run SQL on it. */
async function twoWorkspaces(store: Store) {
  const a = await provisionClient(store.em.fork(), { name: 'A', email: 'a@example.com', password: 'password-a', plan: 'pro' });
  const b = await provisionClient(store.em.fork(), { name: 'B', email: 'b@example.com', password: 'password-b', plan: 'pro' });
  return { a, b, sql: (statement: string) => store.em.fork().getConnection().execute(statement) };
}

test(`the counts follow inserts, state and pause changes, deletes and a workspace's removal on ${engineName()}`, async (t) => {
  const context = await freshStore();
  const { store } = context;
  try {
    const { a, b, sql } = await twoWorkspaces(store);
    await insertChecks(store, a.workspace_id, 1, 40);
    await insertChecks(store, b.workspace_id, 1, 7);
    t.deepEqual(await kept(store), await counted(store), 'after inserts');
    await sql(`update uptime_checks set state = 'down' where id % 3 = 0`);
    await sql(`update uptime_checks set paused = true where id % 5 = 0`);
    t.deepEqual(await kept(store), await counted(store), 'after state and pause updates');
    await sql(`update uptime_checks c set state = v.state from (values (1, 'up'), (2, 'unknown'), (3, 'up')) as v(id, state) where c.id = v.id`);
    t.deepEqual(await kept(store), await counted(store), 'after a batch update as the run writer writes it');
    await sql('delete from uptime_checks where id % 4 = 0');
    t.deepEqual(await kept(store), await counted(store), 'after deletes');
    await sql(`delete from workspaces where id = ${b.workspace_id}`);
    t.deepEqual(await kept(store), await counted(store), 'after the workspace and its checks went');
    t.false((await keptRows(store)).some((row) => row.workspace_id === b.workspace_id), 'the removed workspace\'s rows went with it');
  } finally {
    await context.close();
  }
});

/**
 * The list pages' anchors (src/api/uptime-checks/check-page-anchors.ts) hold while a workspace's
 * sum of `changes` is what it was: every change of an order must make it grow, never return to
 * an earlier value (a delete that empties a key keeps the key's row), and a change of no order
 * leaves it.
 */
test(`a workspace's version of its orders grows with every change of an order, and only then, on ${engineName()}`, async (t) => {
  const context = await freshStore();
  const { store } = context;
  try {
    const { a, b, sql } = await twoWorkspaces(store);
    const version = async (): Promise<bigint> =>
      BigInt(((await sql(`select coalesce(sum(changes), 0)::text as v from workspace_check_counts where workspace_id = ${a.workspace_id}`)) as [{ v: string }])[0].v);
    let last = await version();
    const grows = async (change: string): Promise<void> => {
      const now = await version();
      t.true(now > last, `${change}: ${last} → ${now}`);
      last = now;
    };
    const stays = async (change: string): Promise<void> => {
      t.is(await version(), last, change);
    };
    await insertChecks(store, a.workspace_id, 1, 40);
    await grows('inserts');
    await sql(`update uptime_checks set name = name || ' renamed' where id = (select min(id) from uptime_checks where workspace_id = ${a.workspace_id})`);
    await grows('a rename');
    await sql(`update uptime_checks set paused = true where workspace_id = ${a.workspace_id} and id % 5 = 0`);
    await grows('a pause');
    await sql(`update uptime_checks set state = 'down' where workspace_id = ${a.workspace_id} and state = 'up'`);
    await grows('state changes');
    await sql(`delete from uptime_checks where workspace_id = ${a.workspace_id} and paused`);
    await grows('a delete that empties the paused keys');
    await sql(`update uptime_checks set check_frequency = 300, updated_at = now() where workspace_id = ${a.workspace_id}`);
    await stays('a change of other columns');
    await sql(`update uptime_checks set name = name where workspace_id = ${a.workspace_id}`);
    await stays('names written unchanged');
    await insertChecks(store, b.workspace_id, 1, 10);
    await sql(`delete from uptime_checks where workspace_id = ${b.workspace_id}`);
    await stays('another workspace\'s changes');
  } finally {
    await context.close();
  }
});

// Every writer of uptime_checks (the API's flushes, the run writer, the operator) changes them in
// one statement per transaction, and the trigger locks its counter rows in key order: concurrent
// writers wait for each other on a counter row, never in a cycle.
test(`concurrent statements on the same workspace's checks keep the counts exact on ${engineName()}`, async (t) => {
  const context = await freshStore();
  const { store } = context;
  try {
    const a = await provisionClient(store.em.fork(), { name: 'A', email: 'a@example.com', password: 'password-a', plan: 'pro' });
    await insertChecks(store, a.workspace_id, 1, 200);
    const sql = (statement: string) => store.em.fork().getConnection().execute(statement);
    await Promise.all(
      Array.from({ length: 16 }, (_, i) => [
        // Disjoint rows: what the statements share is the workspace's counter rows.
        sql(`update uptime_checks set state = '${['up', 'down', 'unknown'][i % 3]}' where id % 48 = ${i}`),
        sql(`update uptime_checks set paused = ${i % 2 === 0} where id % 48 = ${16 + i}`),
        insertChecks(store, a.workspace_id, 1000 + i * 10, 1009 + i * 10),
        sql(`delete from uptime_checks where id % 48 = ${32 + i}`),
      ]).flat(),
    );
    t.deepEqual(await kept(store), await counted(store));
  } finally {
    await context.close();
  }
});

test(`the migration counts the checks a database already has on ${engineName()}`, async (t) => {
  const database = await freshDatabase();
  const store = await openStore({ databaseUrl: database.databaseUrl });
  try {
    await store.getMigrator().up({ to: 'Migration20261122003148' });
    const a = await provisionClient(store.em.fork(), { name: 'A', email: 'a@example.com', password: 'password-a', plan: 'pro' });
    await insertChecks(store, a.workspace_id, 1, 30);
    await store.em.fork().getConnection().execute('update uptime_checks set paused = true where id % 4 = 0');
    await store.getMigrator().up();
    t.true((await kept(store)).some((row) => row.paused && row.checks > 0));
    t.deepEqual(await kept(store), await counted(store));
  } finally {
    await closeStore(store);
    await database.drop();
  }
});

/** The highest number of times any node of a reported plan ran: 1 when the plan reads each input once. */
const mostLoops = (plan: string): number => Math.max(...[...plan.matchAll(/loops=(\d+)/g)].map((match) => Number(match[1])));

/**
 * The trigger's statements are planned once per session, for the transition tables of its first
 * call. After a one-row update and a one-row delete, an update and a delete of many checks must
 * still read their rows once: no part of the plan may run once per changed row (a nested loop over
 * the transition tables compared 10^8 pairs for a bulk pause of 10,000 checks). auto_explain hands
 * the plans of the trigger's statements to this session as notices. PostgreSQL only: PGlite has no
 * auto_explain module ("could not access file"), and .ci/run sets DATABASE_URL, so CI runs it.
 */
(process.env.DATABASE_URL ? test : test.skip)('many checks changed after one changed on the same connection are read once', async (t) => {
  const context = await freshStore();
  const { store } = context;
  const client = new pg.Client({ connectionString: context.databaseUrl });
  try {
    const a = await provisionClient(store.em.fork(), { name: 'A', email: 'a@example.com', password: 'password-a', plan: 'pro' });
    const b = await provisionClient(store.em.fork(), { name: 'B', email: 'b@example.com', password: 'password-b', plan: 'pro' });
    await insertChecks(store, a.workspace_id, 1, 2000);
    await insertChecks(store, b.workspace_id, 1, 40);
    await client.connect();
    const plans: string[] = [];
    client.on('notice', (notice) => plans.push(notice.message ?? ''));
    for (const setting of ['log_min_duration = 0', 'log_analyze = on', 'log_nested_statements = on', 'log_level = notice']) {
      await client.query(`set auto_explain.${setting}`);
    }
    await client.query(`load 'auto_explain'`);
    await client.query(`update uptime_checks set paused = true where id = (select min(id) from uptime_checks)`);
    await client.query(`delete from uptime_checks where id = (select max(id) from uptime_checks)`);
    // Empty keys of both workspaces: kept at zero, as the delete's clean-up removes only the rows of workspaces that went.
    await client.query(`update uptime_checks set state = 'up' where workspace_id = ${b.workspace_id}`);
    plans.length = 0;
    await client.query('update uptime_checks set paused = not paused');
    const updatePlan = plans.find((plan) => plan.includes('insert into workspace_check_counts'));
    t.truthy(updatePlan, 'the plan of the update\'s counts was reported');
    t.is(mostLoops(updatePlan!), 1, updatePlan);
    // An update leaves a key it emptied at zero, where the next check to take that key finds it.
    t.deepEqual(await kept(store), await counted(store));
    plans.length = 0;
    await client.query(`delete from uptime_checks where workspace_id = ${a.workspace_id} and state <> 'up'`);
    const cleanUpPlan = plans.find((plan) => plan.includes('delete from workspace_check_counts'));
    t.truthy(cleanUpPlan, 'the plan of the delete\'s clean-up was reported');
    t.is(mostLoops(cleanUpPlan!), 1, cleanUpPlan);
    t.deepEqual(await kept(store), await counted(store));
  } finally {
    await client.end();
    await context.close();
  }
});
