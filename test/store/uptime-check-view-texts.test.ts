import test from 'ava';
import pg from 'pg';
import { CHECK_VIEW_COLUMNS, CHECK_VIEW_TEXT } from '../../src/api/uptime-checks/check-view-sql.js';
import { closeStore, openStore, type Store } from '../../src/store/orm.js';
import { preparedRows } from '../../src/store/prepared-rows.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { concurrentStore, engineName, freshDatabase } from '../support/database.js';
import { finishesWithin } from '../support/finishes-within.js';

/**
 * The list writes each check from the texts a trigger keeps (uptime_check_view_texts) plus the
 * fields that change without an edit. Whatever wrote the check (an insert, an edit, a run, a
 * pause, the upgrade for checks made before the texts existed), the answer must be the one
 * `row_to_json` writes from the row itself.
 */

interface Compared {
  id: number;
  text: string | null;
  json: string;
}

const compared = (store: Store, userId: number, blockedTypes: string): Promise<Compared[]> =>
  preparedRows<Compared>(
    store.em.fork(),
    `select c.id,
      (select ${CHECK_VIEW_TEXT} from uptime_check_view_texts t where t.check_id = c.id) as text,
      (select row_to_json(v)::text from (select ${CHECK_VIEW_COLUMNS}) v) as json
    from uptime_checks c order by c.id`,
    [userId, blockedTypes, userId, blockedTypes],
  );

function assertSame(t: { deepEqual(a: unknown, b: unknown, message?: string): void; truthy(a: unknown, message?: string): void }, rows: Compared[], when: string): void {
  for (const row of rows) {
    t.truthy(row.text, `check ${row.id} has its texts ${when}`);
    t.deepEqual(JSON.parse(row.text!), JSON.parse(row.json), `check ${row.id} ${when}`);
  }
}

/** Names, hosts, banners and DNS answers that JSON must escape: quotes, backslashes, control characters, non-ASCII, astral characters. */
const AWKWARD = ['plain', 'quote " and \\ backslash', 'tab\tnew\nline \u0001 bell \u0007', 'Grüße ß 東京', 'emoji 🚀 pair', '</script><b>', "it's"];

async function insertChecks(store: Store, workspaceId: number, batch: string): Promise<void> {
  const sql = (statement: string, params: unknown[] = []) => store.em.fork().getConnection().execute(statement, params);
  for (const [index, text] of AWKWARD.entries()) {
    await sql(
      `insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method, response_timeout,
        trigger_locations, min_failing_locations, response_classes, flag_follow_redirect, created_at, updated_at)
      values (?, ?, 'http', ?, 'https', ?, 5, 'get', 10000, '["eu-west", "us-east"]', 1, '["2XX", "3XX"]', true, now(), now())`,
      [workspaceId, `http ${batch} ${index} ${text}`, `host-${index}.example.com`, `/path?q=${text}`],
    );
    await sql(
      `insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations,
        response_classes, dns_record_type, dns_expected_values, created_at, updated_at)
      values (?, ?, 'dns', 'example.com', 1, 5000, '["eu-west"]', 1, '[]', 'TXT', ?::jsonb, now() - interval '3 days', now())`,
      [workspaceId, `dns ${batch} ${index} ${text}`, JSON.stringify([text, 'v=spf1 -all'])],
    );
    await sql(
      `insert into uptime_checks (workspace_id, name, check_type, hostname, port, check_frequency, response_timeout, trigger_locations, min_failing_locations,
        response_classes, banner_match_operator, banner_match_value, created_at, updated_at)
      values (?, ?, 'tcp', 'mail.example.com', 25, 15, 3000, '["eu-west"]', 1, '[]', 'contains', ?, now(), now())`,
      [workspaceId, `tcp ${batch} ${index} ${text}`, text],
    );
  }
}

test(`every check's answer from its texts is the one row_to_json writes, after every kind of write, on ${engineName()}`, async (t) => {
  const database = await freshDatabase();
  const store = await openStore({ databaseUrl: database.databaseUrl });
  try {
    // Checks made before the texts existed get theirs from the upgrade.
    await store.getMigrator().up({ to: 'Migration20261126123000' });
    const client = await provisionClient(store.em.fork(), { name: 'A', email: 'a@example.com', password: 'password-a', plan: 'pro' });
    await insertChecks(store, client.workspace_id, 'before');
    await store.getMigrator().up();
    assertSame(t, await compared(store, client.user_id, '{}'), 'after the upgrade');

    await insertChecks(store, client.workspace_id, 'after');
    const sql = (statement: string) => store.em.fork().getConnection().execute(statement);
    const [group] = await sql(`insert into notification_groups (workspace_id, name, email_addresses, phone_numbers, webhook_secret, created_at, updated_at)
      values (${client.workspace_id}, 'ops', '[]', '[]', 'secret', now(), now()) returning id`);
    await sql(`insert into uptime_check_notification_groups (uptime_check_id, notification_group_id) select id, ${group.id} from uptime_checks where id % 3 = 0`);
    await sql(`insert into uptime_check_favorites (user_id, workspace_id, check_id) select ${client.user_id}, workspace_id, id from uptime_checks where id % 4 = 0`);
    assertSame(t, await compared(store, client.user_id, '{}'), 'after inserts, group links and favourites');
    assertSame(t, await compared(store, client.user_id, '{dns,tcp}'), 'for a plan without DNS and TCP');

    // An edit as the API writes it, a run as the run writer writes it, a pause as the ORM writes it, a rename, an edit of one column alone.
    await sql(`update uptime_checks set hostname = 'edited.example.com', path = '/edited "path"', check_frequency = 10, version = version + 1, updated_at = now() + interval '1 second' where id % 5 = 0`);
    await sql(`insert into uptime_check_last_runs (check_id, last_run_at) values (1, now()), (2, now()), (3, now() - interval '1 hour')`);
    await sql(`update uptime_checks c set state = v.state from (values (1, 'up'), (2, 'down'), (3, 'unknown')) v (id, state) where c.id = v.id`);
    await sql(`update uptime_checks set paused = true, version = version + 1, updated_at = now() where id % 7 = 0`);
    await sql(`update uptime_checks set name = name || ' renamed ✓', updated_at = now() where id % 6 = 1`);
    await sql(`update uptime_checks set hostname = 'bare.example.com' where id % 9 = 0`);
    await sql(`update uptime_checks set banner_match_value = 'bare' where id % 9 = 3`);
    await sql(`delete from uptime_check_notification_groups where uptime_check_id % 2 = 0`);
    assertSame(t, await compared(store, client.user_id, '{}'), 'after edits, runs, pauses, renames and unlinked groups');

    // Links as the API's create and edit write them, in the statement that writes the check; a group's deletion unlinks it everywhere.
    const [second] = await sql(`insert into notification_groups (workspace_id, name, email_addresses, phone_numbers, webhook_secret, created_at, updated_at)
      values (${client.workspace_id}, 'dev', '[]', '[]', 'secret', now(), now()) returning id`);
    await sql(`with created as (
        insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations,
          response_classes, created_at, updated_at)
        values (${client.workspace_id}, 'made with links', 'http', 'linked.example.com', 5, 10000, '["eu-west"]', 1, '["2XX"]', now(), now()) returning id)
      insert into uptime_check_notification_groups (uptime_check_id, notification_group_id) select created.id, g.id from created, notification_groups g`);
    await sql(`with updated as (update uptime_checks set path = '/relinked', updated_at = now() where id % 4 = 1 returning id),
      unlinked as (delete from uptime_check_notification_groups l using updated where l.uptime_check_id = updated.id and l.notification_group_id <> ${second.id}),
      linked as (insert into uptime_check_notification_groups (uptime_check_id, notification_group_id) select id, ${second.id} from updated on conflict do nothing)
      select 1`);
    assertSame(t, await compared(store, client.user_id, '{}'), 'after links written with their checks');
    await sql(`insert into uptime_check_notification_groups (uptime_check_id, notification_group_id)
      select id, ${group.id} from uptime_checks where id % 5 = 1 on conflict do nothing`);
    await sql(`delete from notification_groups where id = ${second.id}`);
    assertSame(t, await compared(store, client.user_id, '{}'), "after a group's deletion");

    await sql('delete from uptime_checks where id % 8 = 0');
    const [counts] = await sql('select (select count(*) from uptime_checks)::int as checks, (select count(*) from uptime_check_view_texts)::int as texts');
    t.is(counts.texts, counts.checks, 'a deleted check takes its texts with it');
  } finally {
    await closeStore(store);
    await database.drop();
  }
});

/** On PostgreSQL whatever the set-up (see concurrentStore): PGlite has one connection, and cannot hold a transaction open beside another statement. */
test("a check's group ids stay its links when edits, a check's deletion and a group's deletion run side by side, whichever commits first", async (t) => {
  const { store, databaseUrl, close } = await concurrentStore();
  const editing = new pg.Client({ connectionString: databaseUrl });
  const deleting = new pg.Client({ connectionString: databaseUrl });
  try {
    await editing.connect();
    await deleting.connect();
    const client = await provisionClient(store.em.fork(), { name: 'A', email: 'a@example.com', password: 'password-a', plan: 'pro' });
    await insertChecks(store, client.workspace_id, 'raced');
    const sql = (statement: string) => store.em.fork().getConnection().execute(statement);
    const group = async (name: string): Promise<number> =>
      (await sql(`insert into notification_groups (workspace_id, name, email_addresses, phone_numbers, webhook_secret, created_at, updated_at)
        values (${client.workspace_id}, '${name}', '[]', '[]', 'secret', now(), now()) returning id`))[0].id as number;
    const [a, b] = [await group('a'), await group('b')];
    await sql(`insert into uptime_check_notification_groups (uptime_check_id, notification_group_id) select id, ${a} from uptime_checks`);
    // The API's edit of check 1's groups to [a, b], and of check 2's (a rename, links kept).
    const relink = (id: number) => `with updated as (update uptime_checks set updated_at = now() where id = ${id} returning id),
      linked as (insert into uptime_check_notification_groups (uptime_check_id, notification_group_id) select id, ${b} from updated on conflict do nothing)
      select 1`;
    const rename = (id: number) => `update uptime_checks set name = name || ' renamed', updated_at = now() where id = ${id}`;

    // The edits first: the deletion of a waits on them, and its trigger then reads their links.
    await editing.query('begin');
    await editing.query(relink(1));
    await editing.query(rename(2));
    const deletingLater = await finishesWithin(deleting, `delete from notification_groups where id = ${a}`, 300);
    t.false(deletingLater.finished, 'the deletion waits for the edits');
    await editing.query('commit');
    await deletingLater.done;
    assertSame(t, await compared(store, client.user_id, '{}'), 'after edits committed before a deletion');

    // The deletion first: the edits' triggers wait on it, and then read the links it left.
    const c = await group('c');
    await sql(`insert into uptime_check_notification_groups (uptime_check_id, notification_group_id) select id, ${c} from uptime_checks`);
    await deleting.query('begin');
    await deleting.query(`delete from notification_groups where id = ${c}`);
    const editingLater = await finishesWithin(editing, `begin; ${rename(4)}; ${relink(3)}; commit`, 300);
    t.false(editingLater.finished, 'the edits wait for the deletion');
    await deleting.query('commit');
    await editingLater.done;
    assertSame(t, await compared(store, client.user_id, '{}'), 'after a deletion committed before edits');

    // A check deleted beside a group's deletion, each first in turn: the second waits, and neither deadlocks.
    for (const [first, second] of [[deleting, editing], [editing, deleting]] as const) {
      const linkedGroup = await group(`linked ${first === deleting ? 'first' : 'second'}`);
      const [{ id: check }] = await sql('select min(id) as id from uptime_checks');
      await sql(`insert into uptime_check_notification_groups (uptime_check_id, notification_group_id) select id, ${linkedGroup} from uptime_checks`);
      const [deleteGroup, deleteCheck] = [`delete from notification_groups where id = ${linkedGroup}`, `delete from uptime_checks where id = ${check}`];
      await first.query('begin');
      await first.query(first === deleting ? deleteGroup : deleteCheck);
      const later = await finishesWithin(second, first === deleting ? deleteCheck : deleteGroup, 300);
      t.false(later.finished, 'the second deletion waits for the first');
      await first.query('commit');
      await later.done;
      assertSame(t, await compared(store, client.user_id, '{}'), `after a check and a group deleted side by side (${first === deleting ? 'the group' : 'the check'} first)`);
    }
  } finally {
    await editing.end();
    await deleting.end();
    await close();
  }
});
