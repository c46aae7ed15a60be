import test from 'ava';
import { createLogger } from '../../../src/log.js';
import { StatusPageChangeFeed } from '../../../src/status-pages/status-page-change-feed.js';
import { provisionClient } from '../../../src/store/provisioning.js';
import { closeStore, migrate, openStore, type Store } from '../../../src/store/orm.js';
import { freshStore } from '../../support/database.js';
import { PrivatePostgres } from '../../support/private-postgres.js';

const logger = createLogger('silent');

/** Every call the listener got, in order. */
class Heard {
  readonly calls: Array<readonly string[] | null> = [];
  readonly listener = (slugs: readonly string[] | null) => void this.calls.push(slugs);

  /** Waits for a call after `from` that satisfies `test`; fails after a generous time on a loaded machine. */
  async until(from: number, test: (call: readonly string[] | null) => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!this.calls.slice(from).some(test)) {
      if (Date.now() > deadline) throw new Error(`not heard within 30 s: ${what}; heard ${JSON.stringify(this.calls.slice(from))}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const sql = (store: Store, text: string, params: unknown[] = []) => store.em.fork().getConnection().execute(text, params);

async function workspaceWithPage(store: Store, name: string, slug: string): Promise<{ workspaceId: number; checkId: number; pageId: number }> {
  const { workspace_id: workspaceId } = await provisionClient(store.em.fork(), { name, email: `${name}@example.com`, password: 'long enough password', plan: 'pro' });
  const [check] = await sql(
    store,
    `insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, flag_follow_redirect, paused, state, managed_by, version, created_at, updated_at)
     values (?, 'A', 'http', 'a.example', 'https', 1, 5000, '["loc-a"]', 1, '[]', false, false, 'up', 'api', 1, now(), now()) returning id`,
    [workspaceId],
  );
  const [page] = await sql(
    store,
    `insert into status_pages (workspace_id, slug, title, description, show_host_names, time_zone, links, frame_ancestors, enabled, managed_by, created_at, updated_at)
     values (?, ?, 'T', '', false, 'UTC', '[]', '[]', true, 'api', now(), now()) returning id`,
    [workspaceId, slug],
  );
  await sql(store, `insert into status_page_components (page_id, position, display_name, check_id) values (?, 0, 'A', ?)`, [page!.id, check!.id]);
  return { workspaceId, checkId: Number(check!.id), pageId: Number(page!.id) };
}

test('every change a page shows is heard with the slugs of the pages concerned, from any connection', async (t) => {
  const { store, databaseUrl, close } = await freshStore();
  const heard = new Heard();
  const feed = await StatusPageChangeFeed.start({ store, databaseUrl, listener: heard.listener, logger });
  try {
    const mine = await workspaceWithPage(store, 'mine', 'mine');
    const other = await workspaceWithPage(store, 'other', 'other');
    await heard.until(0, (call) => call?.includes('mine') === true, 'the new page');
    await heard.until(0, (call) => call?.includes('other') === true, 'the other new page');
    // Making a page is several statements, each told on its own: the rest of them must not count as
    // heard for the first change below. Nothing is awaited until nothing new came for 500 ms.
    for (let count = -1; count !== heard.calls.length; ) {
      count = heard.calls.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const has = (slug: string) => (call: readonly string[] | null) => call !== null && call.includes(slug);
    const expectHeard = async (what: string, change: () => Promise<unknown>, slug = 'mine') => {
      const from = heard.calls.length;
      await change();
      await heard.until(from, has(slug), what);
      t.false(heard.calls.slice(from).some((call) => slug === 'mine' && call?.includes('other') === true), `${what} concerns only its workspace`);
    };
    await expectHeard('a check state change', () => sql(store, `update uptime_checks set state = 'down' where id = ?`, [mine.checkId]));
    await expectHeard('a pause', () => sql(store, `update uptime_checks set paused = true where id = ?`, [mine.checkId]));
    const [incident] = await sql(
      store,
      `insert into incidents (workspace_id, check_id, status, severity, failed_locations, opened_by_cycle, opened_at) values (?, ?, 'open', 'major', '[]', 'feed-1', now()) returning id`,
      [mine.workspaceId, mine.checkId],
    );
    await expectHeard('a public update', () => sql(store, `insert into incident_public_updates (incident_id, state, body, created_at) values (?, 'identified', 'x', now())`, [incident!.id]));
    await expectHeard('a maintenance window', () =>
      sql(store, `insert into maintenance_windows (workspace_id, name, scope, starts_at, ends_at, enabled, managed_by, created_at, updated_at) values (?, 'w', 'workspace', now(), now() + interval '1 hour', true, 'api', now(), now())`, [mine.workspaceId]),
    );
    await expectHeard('a component change', () => sql(store, `update status_page_components set display_name = 'B' where page_id = ?`, [mine.pageId]));
    await expectHeard("another workspace's change", () => sql(store, `update uptime_checks set state = 'down' where id = ?`, [other.checkId]), 'other');
    const from = heard.calls.length;
    await sql(store, `update status_pages set slug = 'renamed' where id = ?`, [mine.pageId]);
    await heard.until(from, (call) => call?.includes('mine') === true && call.includes('renamed'), 'the old and the new slug');
    // A run that changes nothing a page shows is not told.
    const quiet = heard.calls.length;
    await sql(store, `insert into uptime_check_last_runs (check_id, last_run_at) values (?, now()) on conflict (check_id) do update set last_run_at = excluded.last_run_at`, [mine.checkId]);
    await sql(store, `update status_pages set title = 'marker' where id = ?`, [other.pageId]);
    await heard.until(quiet, (call) => call?.includes('other') === true, 'the marker');
    t.false(heard.calls.slice(quiet).some((call) => call?.includes('renamed') === true), 'a run without a state change');
  } finally {
    await feed.stop();
    await close();
  }
});

const withPostgres = process.env.DATABASE_URL ? test : test.skip;

withPostgres('after PostgreSQL restarts the feed listens again by itself and first tells that every page may have changed', async (t) => {
  const postgres = await PrivatePostgres.start();
  let store: Store | undefined;
  let feed: StatusPageChangeFeed | undefined;
  try {
    store = await openStore({ databaseUrl: postgres.url });
    await migrate(store);
    const heard = new Heard();
    feed = await StatusPageChangeFeed.start({ store, databaseUrl: postgres.url, listener: heard.listener, logger, pingMs: 500, maxRetryMs: 500 });
    const mine = await workspaceWithPage(store, 'restart', 'restart');
    await heard.until(0, (call) => call?.includes('restart') === true, 'before the restart');
    await postgres.stop('fast');
    const stoppedAt = heard.calls.length;
    await postgres.resume();
    await heard.until(stoppedAt, (call) => call === null, 'null after reconnecting');
    const from = heard.calls.length;
    // The store's pool may hand out a connection the restart killed: retry the write until it lands.
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await sql(store, `update uptime_checks set state = 'down' where id = ?`, [mine.checkId]);
        break;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
    }
    await heard.until(from, (call) => call?.includes('restart') === true, 'a change after the restart');
    t.pass();
  } finally {
    await feed?.stop();
    if (store) await closeStore(store).catch(() => undefined);
    await postgres.dispose();
  }
});
