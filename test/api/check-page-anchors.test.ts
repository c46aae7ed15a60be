import test, { type ExecutionContext } from 'ava';
import { ANCHOR_STEP, anchorFor, wantsAnchors, type OrderAnchors } from '../../src/api/uptime-checks/check-page-anchors.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';
import { statementsDuring } from './helpers/statement-counter.js';

/**
 * The check list's deep pages start at an anchor the process read, and are still the pages a walk
 * to the offset finds after every kind of change: each page here is compared with the rows in
 * name order read directly, once as the page that finds the order changed (and reads it again)
 * and once as the page that starts at an anchor.
 */

test('a page starts at the last anchor at or before its offset', (t) => {
  const order: OrderAnchors = { version: '7', positions: [['b', 2], ['d', 9], ['f', 4]] };
  t.is(anchorFor(order, ANCHOR_STEP - 1), null);
  t.deepEqual(anchorFor(order, ANCHOR_STEP), { version: '7', name: 'b', id: 2, skip: 0 });
  t.deepEqual(anchorFor(order, 2 * ANCHOR_STEP + 37), { version: '7', name: 'd', id: 9, skip: 37 });
  t.deepEqual(anchorFor(order, 9 * ANCHOR_STEP + 5), { version: '7', name: 'f', id: 4, skip: 6 * ANCHOR_STEP + 5 });
  t.is(anchorFor(undefined, 5000), null);
  t.is(anchorFor({ version: '1', positions: [] }, 5000), null);
});

test('the order is read again for a deep page only, when it is missing or read at another version', (t) => {
  const order: OrderAnchors = { version: '7', positions: [] };
  t.false(wantsAnchors(undefined, ANCHOR_STEP - 1, '7'));
  t.true(wantsAnchors(undefined, ANCHOR_STEP, '7'));
  t.true(wantsAnchors(order, ANCHOR_STEP, '8'));
  t.false(wantsAnchors(order, 10 * ANCHOR_STEP, '7'));
});

let api: ApiHarness;
let account: Account;
let other: Account;

const sql = <T = unknown>(statement: string): Promise<T[]> => api.store.em.fork().getConnection().execute(statement);

const CHECKS = 1200;

/** Checks written directly (no plan allows so many), names in an order apart from their ids'. */
async function insertChecks(workspaceId: number, from: number, to: number): Promise<void> {
  await sql(`
    insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, paused, state, created_at, updated_at)
    select ${workspaceId}, 'check ' || lpad(((i * 7919) % 100003)::text, 6, '0'), 'ping', 'example.com', 60, 10000, '["eu-west"]', 1, '[]',
      i % 9 = 0, (array['up', 'up', 'down', 'unknown', 'pending'])[1 + i % 5], now(), now()
    from generate_series(${from}, ${to}) i`);
}

test.before(async () => {
  // The workspace holds more checks than a pro plan allows: the create among the changes is still judged against the limit.
  api = await ApiHarness.start({}, { VANTAGE_PLAN_PRO_UPTIME_CHECKS: '100000' });
  account = await api.account('pro');
  other = await api.account('pro');
  await insertChecks(account.workspaceId, 1, CHECKS);
  await insertChecks(other.workspaceId, 1, 300);
  // A first call signs in, a second reads the cached sign-in and remembers it: the statements counted are a signed-in page's.
  await api.call('GET', '/mobile/dashboard/summary', { account });
  await api.call('GET', '/mobile/dashboard/summary', { account });
});

test.after.always(async () => {
  await api?.close();
});

/** What a walk to the offset finds, read directly: the ids of the page and the total. */
async function walked(condition: string, offset: number, limit: number): Promise<{ ids: number[]; total: number }> {
  const where = `workspace_id = ${account.workspaceId}${condition ? ` and ${condition}` : ''}`;
  const rows = await sql<{ id: number }>(`select id from uptime_checks where ${where} order by name, id offset ${offset} limit ${limit}`);
  const [{ total }] = (await sql<{ total: number }>(`select count(*)::int as total from uptime_checks where ${where}`)) as [{ total: number }];
  return { ids: rows.map((row) => row.id), total };
}

/** One page through the API, with the statements it ran. */
async function page(query: string, offset: number, limit: number): Promise<{ ids: number[]; total: number; statements: number }> {
  let body: { data: Array<{ id: number }>; pagination: { total: number } } | undefined;
  const statements = await statementsDuring(api.store, async () => {
    const response = await api.call('GET', `/mobile/uptime-checks?limit=${limit}&offset=${offset}${query}`, { account });
    if (response.status !== 200) throw new Error(`${query} ${offset}: ${response.status} ${JSON.stringify(response.body)}`);
    body = response.body as typeof body;
  });
  return { ids: body!.data.map((check) => check.id), total: body!.pagination.total, statements: statements.length };
}

/** The list filters, each with the condition a walk applies. */
const filters: Array<{ query: string; condition: string }> = [
  { query: '', condition: '' },
  { query: '&status=up', condition: `not paused and state = 'up'` },
  { query: '&status=unknown', condition: `not paused and state in ('unknown', 'pending')` },
  { query: '&paused=false', condition: 'not paused' },
];

/** Offsets at and around the anchors, and past the end. */
const offsets = [ANCHOR_STEP - 1, ANCHOR_STEP, ANCHOR_STEP + 1, 2 * ANCHOR_STEP - 1, 2 * ANCHOR_STEP + 37, 5 * ANCHOR_STEP + 3, CHECKS - 1, CHECKS + 10];

/** Every filter's deep pages, each twice: the same as the walk both times; the second, its order known, runs its one statement. */
async function pagesMatchTheWalk(t: ExecutionContext, after: string): Promise<void> {
  for (const { query, condition } of filters) {
    for (const offset of offsets) {
      for (const limit of [1, 50]) {
        const expected = await walked(condition, offset, limit);
        const first = await page(query, offset, limit);
        const second = await page(query, offset, limit);
        t.deepEqual({ ids: first.ids, total: first.total }, expected, `${after}: ${query || 'all'} offset ${offset} limit ${limit}`);
        t.deepEqual({ ids: second.ids, total: second.total }, expected, `${after}: ${query || 'all'} offset ${offset} limit ${limit}, again`);
        t.is(second.statements, 1, `${after}: ${query || 'all'} offset ${offset}: the second page reads no order`);
      }
    }
  }
}

test.serial('deep pages are the walk\'s pages after every kind of change, by this process or any other', async (t) => {
  await pagesMatchTheWalk(t, 'at first');
  const first = (await sql<{ id: number }>(`select id from uptime_checks where workspace_id = ${account.workspaceId} order by name, id limit 1`))[0]!.id;
  const changes: Array<[string, () => Promise<unknown>]> = [
    // The first check moves to the end of the order: every later check's position moves by one.
    ['a rename', () => sql(`update uptime_checks set name = 'zz renamed' where id = ${first}`)],
    ['an insert', () => insertChecks(account.workspaceId, CHECKS + 1, CHECKS + 3)],
    ['a delete', () => sql(`delete from uptime_checks where workspace_id = ${account.workspaceId} and name < 'check 010000'`)],
    ['a pause', () => sql(`update uptime_checks set paused = true where workspace_id = ${account.workspaceId} and name between 'check 020000' and 'check 021000'`)],
    ['state changes', () => sql(`update uptime_checks set state = 'down' where workspace_id = ${account.workspaceId} and state = 'up' and name < 'check 040000'`)],
    ['a key emptied by deletes', () => sql(`delete from uptime_checks where workspace_id = ${account.workspaceId} and paused`)],
    [
      'a create through the API',
      async () => {
        const created = await api.call('POST', '/mobile/uptime-checks', { account, body: { name: 'check 000001', check_type: 'ping', hostname: 'example.com', trigger_locations: ['eu-west'] } });
        t.is(created.status, 201, JSON.stringify(created.body));
      },
    ],
  ];
  for (const [name, change] of changes) {
    await change();
    await pagesMatchTheWalk(t, `after ${name}`);
  }
});

test.serial('a deep page whose order changed reads the order once, then the next pages start at its anchors', async (t) => {
  await page('', 3 * ANCHOR_STEP, 50);
  t.is((await page('', 3 * ANCHOR_STEP, 50)).statements, 1, 'the order is known');
  await sql(`update uptime_checks set name = name || ' moved' where id = (select min(id) from uptime_checks where workspace_id = ${account.workspaceId})`);
  t.is((await page('', 3 * ANCHOR_STEP, 50)).statements, 2, 'the page and the order read again');
  t.is((await page('', 3 * ANCHOR_STEP, 50)).statements, 1);
  t.is((await page('', ANCHOR_STEP - 1, 50)).statements, 1, 'a page before the first anchor reads no order');
  // Another workspace's changes leave this one's version as it was.
  await insertChecks(other.workspaceId, 301, 310);
  await sql(`update uptime_checks set name = name || ' moved' where workspace_id = ${other.workspaceId}`);
  t.is((await page('', 3 * ANCHOR_STEP, 50)).statements, 1, 'another workspace\'s changes');
  // Changes that leave every order as it was leave the version as it was.
  await sql(`update uptime_checks set check_frequency = 300, updated_at = now() where workspace_id = ${account.workspaceId}`);
  t.is((await page('', 3 * ANCHOR_STEP, 50)).statements, 1, 'a change of other columns');
});
