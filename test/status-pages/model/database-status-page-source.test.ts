import test from 'ava';
import { DatabaseStatusPageSource } from '../../../src/status-pages/database-status-page-source.js';
import { renderStatusPageHtml } from '../../../src/status-pages/render/html-page.js';
import { provisionClient } from '../../../src/store/provisioning.js';
import type { Store } from '../../../src/store/orm.js';
import { statementsDuring } from '../../api/helpers/statement-counter.js';
import { attribute, htmlElements, htmlText, parseHtml } from '../markup.js';
import { freshStore } from '../../support/database.js';

const NOW = new Date('2026-11-26T12:00:00Z');
let store: Store;
let close: () => Promise<void>;
let ids: Record<string, number>;

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> => store.em.fork().getConnection().execute(text, params) as Promise<T[]>;
const one = async (text: string, params: unknown[]): Promise<number> => Number((await sql<{ id: number }>(`${text} returning id`, params))[0]!.id);

async function check(workspaceId: number, name: string, hostname: string, state: string, paused = false): Promise<number> {
  return one(
    `insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, flag_follow_redirect, paused, state, managed_by, version, created_at, updated_at)
     values (?, ?, 'http', ?, 'https', 1, 5000, '["loc-a","loc-b"]', 1, '[]', false, ?, ?, 'api', 1, now(), now())`,
    [workspaceId, name, hostname, paused, state],
  );
}

async function hourly(checkId: number, hour: string, counts: { up?: number; down?: number; quorumDown?: number; maintenance?: number; unknown?: number; downtime?: number }) {
  await sql(`insert into hourly_availability (check_id, hour, up_runs, down_runs, quorum_down_runs, maintenance_runs, unknown_runs, downtime_seconds) values (?, ?, ?, ?, ?, ?, ?, ?)`, [
    checkId,
    new Date(hour),
    counts.up ?? 0,
    counts.down ?? 0,
    counts.quorumDown ?? 0,
    counts.maintenance ?? 0,
    counts.unknown ?? 0,
    counts.downtime ?? 0,
  ]);
}

const incident = (workspaceId: number, checkId: number, cycle: string, openedAt: string, resolvedAt: string | null) =>
  one(
    `insert into incidents (workspace_id, check_id, status, severity, failed_locations, opened_by_cycle, opened_at, resolved_at) values (?, ?, ?, 'major', '["secret-location"]', ?, ?, ?)`,
    [workspaceId, checkId, resolvedAt ? 'resolved' : 'open', cycle, new Date(openedAt), resolvedAt ? new Date(resolvedAt) : null],
  );

const windowRow = (workspaceId: number, name: string, scope: string, checkId: number | null, startsAt: string, endsAt: string, enabled = true) =>
  one(
    `insert into maintenance_windows (workspace_id, name, scope, check_id, starts_at, ends_at, enabled, managed_by, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, 'api', now(), now())`,
    [workspaceId, name, scope, checkId, new Date(startsAt), new Date(endsAt), enabled],
  );

const source = (hourlyRetentionDays = 400) => new DatabaseStatusPageSource(store, { hourlyRetentionDays, now: () => NOW });

test.before(async () => {
  ({ store, close } = await freshStore());
  const mine = await provisionClient(store.em.fork(), { name: 'Mine', email: 'mine@example.com', password: 'long enough password', plan: 'pro' });
  const theirs = await provisionClient(store.em.fork(), { name: 'Theirs', email: 'theirs@example.com', password: 'long enough password', plan: 'pro' });
  const ws = mine.workspace_id;
  const a = await check(ws, 'A', 'api.secret.example', 'down');
  const b = await check(ws, 'B', 'b.secret.example', 'up', true);
  const foreign = await check(theirs.workspace_id, 'Foreign', 'secret-other.example', 'down');
  const domain = await one(`insert into domains (workspace_id, name, active, certificate_not_after, managed_by, created_at, updated_at) values (?, 'cert.secret.example', true, ?, 'api', now(), now())`, [
    ws,
    new Date(NOW.getTime() + 10.5 * 86_400_000),
  ]);
  const page = await one(
    `insert into status_pages (workspace_id, slug, title, description, show_host_names, custom_domain, time_zone, links, frame_ancestors, enabled, managed_by, created_at, updated_at)
     values (?, 'acme', 'Acme', 'Our services', false, 'status.acme.example', 'Europe/Berlin', '[{"label":"Home","url":"https://acme.example/"}]', '["https://intranet.acme.example"]', true, 'api', now(), now())`,
    [ws],
  );
  await one(`insert into status_pages (workspace_id, slug, title, enabled, description, show_host_names, time_zone, links, frame_ancestors, managed_by, created_at, updated_at) values (?, 'hidden', 'Hidden', false, '', false, 'UTC', '[]', '[]', 'api', now(), now())`, [ws]);
  const component = (position: number, name: string, group: string | null, checkId: number | null, domainId: number | null) =>
    one(`insert into status_page_components (page_id, position, group_name, display_name, check_id, domain_id) values (?, ?, ?, ?, ?, ?)`, [page, position, group, name, checkId, domainId]);
  await component(0, 'Public API', 'Backend', a, null);
  await component(1, 'Batch', 'Backend', b, null);
  // A component pointing at another workspace's check can only come from tampering: the loader still never shows it.
  await component(2, 'Foreign', 'Backend', foreign, null);
  await component(3, 'Certificate', null, null, domain);
  await sql(`insert into status_page_logos (page_id, content_type, bytes, updated_at) values (?, 'image/png', ?, now())`, [page, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])]);

  // Europe/Berlin is UTC+1 in November, UTC+2 until 25 October: the hours land on these local days.
  await hourly(a, '2026-11-25T23:00:00Z', { up: 10, down: 2, quorumDown: 2, downtime: 120 }); // 26 Nov 00:00
  await hourly(a, '2026-11-26T10:00:00Z', { up: 8, down: 2, quorumDown: 1, unknown: 5, downtime: 60 }); // 26 Nov 11:00
  await hourly(a, '2026-11-25T22:00:00Z', { up: 8, maintenance: 3 }); // 25 Nov 23:00
  await hourly(a, '2026-09-01T10:00:00Z', { down: 10, quorumDown: 10, downtime: 600 }); // 1 Sep
  await hourly(a, '2026-08-28T22:00:00Z', { up: 5 }); // 29 Aug 00:00: the first of the 90 days
  await hourly(a, '2026-08-28T21:00:00Z', { down: 7, quorumDown: 7, downtime: 420 }); // 28 Aug 23:00: before them
  await hourly(foreign, '2026-11-26T10:00:00Z', { down: 1, quorumDown: 1 });
  await sql(`insert into daily_availability (check_id, day, up_runs, down_runs, quorum_down_runs, unknown_runs, maintenance_runs, downtime_seconds) values (?, '2026-09-01', 1, 1, 1, 0, 0, 60)`, [a]);

  const open = await incident(ws, a, 'c1', '2026-11-26T09:00:00Z', null);
  const past = await incident(ws, a, 'c2', '2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z');
  await incident(ws, a, 'c3', '2026-07-01T10:00:00Z', '2026-07-01T11:00:00Z');
  await incident(theirs.workspace_id, foreign, 'c4', '2026-11-26T09:00:00Z', null);
  await sql(`insert into incident_notes (incident_id, body, created_at) values (?, 'secret-note-xyz', now())`, [open]);
  await sql(`insert into incident_public_updates (incident_id, state, body, created_at) values (?, 'identified', 'Found it', ?), (?, 'monitoring', 'Watching', ?)`, [
    open,
    new Date('2026-11-26T09:30:00Z'),
    open,
    new Date('2026-11-26T10:00:00Z'),
  ]);

  const active = await windowRow(ws, 'Database upgrade', 'uptime_check', a, '2026-11-26T11:00:00Z', '2026-11-26T13:00:00Z');
  const scheduled = await windowRow(ws, 'Network move', 'workspace', null, '2026-11-27T10:00:00Z', '2026-11-27T12:00:00Z');
  await windowRow(ws, 'Done', 'workspace', null, '2026-11-25T10:00:00Z', '2026-11-25T12:00:00Z');
  await windowRow(ws, 'Switched off', 'workspace', null, '2026-11-26T11:00:00Z', '2026-11-26T13:00:00Z', false);
  await windowRow(theirs.workspace_id, 'secret-window', 'workspace', null, '2026-11-26T11:00:00Z', '2026-11-26T13:00:00Z');
  ids = { a, b, domain, page, open, past, active, scheduled };
});

test.after.always(async () => {
  await close?.();
});

test('the page: components with their state, 90 bars in the page time zone, availability, certificate, incidents and maintenance', async (t) => {
  const page = (await source().bySlug('acme'))!;
  t.like(page, { slug: 'acme', title: 'Acme', description: 'Our services', timeZone: 'Europe/Berlin', logoPath: '/status/acme/logo', state: 'maintenance', generatedAt: NOW.toISOString() });
  t.deepEqual(page.links, [{ label: 'Home', url: 'https://acme.example/' }]);
  t.deepEqual(page.frameAncestors, ['https://intranet.acme.example']);
  t.deepEqual(page.groups.map((group) => [group.name, group.components.map((c) => `${c.key}:${c.state}`)]), [
    ['Backend', [`c${ids.a}:maintenance`, `c${ids.b}:paused`]],
    [null, [`d${ids.domain}:operational`]],
  ]);
  const [api] = page.groups[0]!.components;
  t.is(api!.days.length, 90);
  t.is(api!.days[0]!.day, '2026-08-29');
  t.is(api!.days[89]!.day, '2026-11-26');
  const day = (label: string) => api!.days.find((d) => d.day === label)!;
  // 26 Nov: 18 up, 4 down of which 3 met the quorum: (22 - 3) / 22; 180 s of downtime.
  t.deepEqual(day('2026-11-26'), { day: '2026-11-26', availability: 0.86364, downtimeMinutes: 3, maintenanceRuns: 0, incidentIds: [ids.open] });
  t.deepEqual(day('2026-11-25'), { day: '2026-11-25', availability: 1, downtimeMinutes: 0, maintenanceRuns: 3, incidentIds: [] });
  t.deepEqual(day('2026-11-20'), { day: '2026-11-20', availability: null, downtimeMinutes: 0, maintenanceRuns: 0, incidentIds: [ids.past] });
  t.deepEqual(day('2026-09-01'), { day: '2026-09-01', availability: 0, downtimeMinutes: 10, maintenanceRuns: 0, incidentIds: [] });
  t.is(day('2026-08-29').availability, 1);
  // 30 days (from 28 Oct): 26 up, 4 down, 3 downtime runs. 90 days: 31 up, 14 down, 13 downtime runs.
  t.is(api!.availability30d, 0.9);
  t.is(api!.availability90d, 0.71111);
  t.deepEqual(page.groups[1]!.components[0]!.certificate, { notAfter: new Date(NOW.getTime() + 10.5 * 86_400_000).toISOString(), daysLeft: 10 });
  t.deepEqual(page.activeIncidents, [
    {
      id: ids.open,
      title: 'Outage: Public API',
      state: 'monitoring',
      startedAt: '2026-11-26T09:00:00.000Z',
      resolvedAt: null,
      componentKeys: [`c${ids.a}`],
      updates: [
        { state: 'monitoring', body: 'Watching', at: '2026-11-26T10:00:00.000Z' },
        { state: 'identified', body: 'Found it', at: '2026-11-26T09:30:00.000Z' },
      ],
    },
  ]);
  t.deepEqual(page.pastIncidents.map((i) => [i.id, i.state, i.resolvedAt]), [[ids.past, 'resolved', '2026-11-20T11:00:00.000Z']]);
  t.deepEqual(page.maintenance, [
    { id: ids.active, title: 'Database upgrade', state: 'active', startsAt: '2026-11-26T11:00:00.000Z', endsAt: '2026-11-26T13:00:00.000Z', componentKeys: [`c${ids.a}`] },
    { id: ids.scheduled, title: 'Network move', state: 'scheduled', startsAt: '2026-11-27T10:00:00.000Z', endsAt: '2026-11-27T12:00:00.000Z', componentKeys: [] },
  ]);
  t.true(page.availabilityPolicy.length > 0);
});

test('days older than the hourly rollup come from the daily rollup', async (t) => {
  const page = (await source(31).bySlug('acme'))!;
  const api = page.groups[0]!.components[0]!;
  t.is(api.days.find((d) => d.day === '2026-09-01')!.availability, 0.5);
  t.is(api.days.find((d) => d.day === '2026-08-29')!.availability, null);
  t.is(api.days.find((d) => d.day === '2026-11-26')!.availability, 0.86364);
});

test.serial('privacy: no host name, private note, failing location or other workspace in the view; host names only when the page shows them', async (t) => {
  const text = JSON.stringify(await source().bySlug('acme'));
  for (const secret of ['secret.example', 'secret-note-xyz', 'secret-location', 'secret-other', 'secret-window', 'Foreign', 'theirs']) t.false(text.includes(secret), secret);
  await sql(`update status_pages set show_host_names = true where id = ?`, [ids.page]);
  try {
    const shown = (await source().bySlug('acme'))!;
    t.deepEqual(shown.groups.flatMap((g) => g.components.map((c) => c.hostName)), ['api.secret.example', 'b.secret.example', 'cert.secret.example']);
    t.false(JSON.stringify(shown).includes('secret-other'));
  } finally {
    await sql(`update status_pages set show_host_names = false where id = ?`, [ids.page]);
  }
});

test('unknown and disabled pages are both null; custom domains and logos resolve for enabled pages only', async (t) => {
  t.is(await source().bySlug('nope'), null);
  t.is(await source().bySlug('hidden'), null);
  t.is(await source().slugForHost('status.acme.example'), 'acme');
  t.is(await source().slugForHost('STATUS.ACME.EXAMPLE'), 'acme');
  t.is(await source().slugForHost('other.example'), null);
  const logo = await source().logo('acme');
  t.is(logo?.contentType, 'image/png');
  t.deepEqual(logo?.bytes, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  t.is(await source().logo('hidden'), null);
});

test.serial('a page costs the same few statements whatever its number of components', async (t) => {
  const statements = await statementsDuring(store, () => source().bySlug('acme'));
  t.true(statements.length <= 3, statements.join('\n'));
});

/** A page in UTC of one check of its own workspace; the check's id. */
async function utcPage(slug: string): Promise<number> {
  const client = await provisionClient(store.em.fork(), { name: slug, email: `${slug}@example.com`, password: 'long enough password', plan: 'pro' });
  const checkId = await check(client.workspace_id, `${slug} check`, `${slug}.example`, 'up');
  const page = await one(
    `insert into status_pages (workspace_id, slug, title, description, show_host_names, time_zone, links, frame_ancestors, enabled, managed_by, created_at, updated_at)
     values (?, ?, ?, '', false, 'UTC', '[]', '[]', true, 'api', now(), now())`,
    [client.workspace_id, slug, slug],
  );
  await one(`insert into status_page_components (page_id, position, group_name, display_name, check_id) values (?, 0, null, 'Web', ?)`, [page, checkId]);
  return checkId;
}

const daily = (checkId: number, day: string, up: number, down: number) =>
  sql(
    `insert into daily_availability (check_id, day, up_runs, down_runs, quorum_down_runs, unknown_runs, maintenance_runs, downtime_seconds) values (?, ?, ?, ?, ?, 0, 0, 0)
     on conflict (check_id, day) do update set up_runs = excluded.up_runs, down_runs = excluded.down_runs, quorum_down_runs = excluded.quorum_down_runs`,
    [checkId, day, up, down, down],
  );

const availabilityOn = async (source: DatabaseStatusPageSource, slug: string, day: string) =>
  (await source.bySlug(slug))!.groups[0]!.components[0]!.days.find((d) => d.day === day)!.availability;

test('a page whose days are UTC days reads them from the daily rollup, today included', async (t) => {
  const checkId = await utcPage('utc-days');
  await daily(checkId, '2026-09-01', 3, 1);
  await daily(checkId, '2026-11-26', 1, 1);
  // The engine writes both rollups in one statement; these hourly counts, left out of the daily rollup, show which one is read.
  await hourly(checkId, '2026-11-26T10:00:00Z', { down: 9, quorumDown: 9 });
  t.is(await availabilityOn(source(), 'utc-days', '2026-09-01'), 0.75);
  t.is(await availabilityOn(source(), 'utc-days', '2026-11-26'), 0.5);
});

test('a loaded page rereads only its last days; the settled ones again after an hour', async (t) => {
  const checkId = await utcPage('settled-days');
  await daily(checkId, '2026-11-20', 1, 1);
  await daily(checkId, '2026-11-25', 1, 1);
  await daily(checkId, '2026-11-26', 1, 1);
  let now = NOW;
  const loader = new DatabaseStatusPageSource(store, { hourlyRetentionDays: 400, now: () => now });
  t.is(await availabilityOn(loader, 'settled-days', '2026-11-20'), 0.5);
  await daily(checkId, '2026-11-20', 4, 0);
  await daily(checkId, '2026-11-25', 4, 0);
  await daily(checkId, '2026-11-26', 4, 0);
  t.is(await availabilityOn(loader, 'settled-days', '2026-11-26'), 1);
  t.is(await availabilityOn(loader, 'settled-days', '2026-11-20'), 0.5);
  t.is(await availabilityOn(loader, 'settled-days', '2026-11-25'), 0.5, 'yesterday, over for 12 hours, is settled too');
  t.is(await availabilityOn(source(), 'settled-days', '2026-11-20'), 1);
  now = new Date(NOW.getTime() + 3_600_000);
  t.is(await availabilityOn(loader, 'settled-days', '2026-11-20'), 1);
});

test('a rendered page keeps its settled bars no longer than the loader keeps their counts; incidents and names show at once', async (t) => {
  const checkId = await utcPage('kept-bars');
  await daily(checkId, '2026-11-20', 1, 1);
  let now = NOW;
  const loader = new DatabaseStatusPageSource(store, { hourlyRetentionDays: 400, now: () => now });
  /** A day's bar on the rendered page: its text, and the targets of its links. */
  const bar = async (dayText: string): Promise<string> => {
    const { document } = parseHtml(renderStatusPageHtml((await loader.bySlug('kept-bars'))!, { pagePath: '/status/kept-bars', stylesheetPath: '/s.css', scriptPath: '/s.js' }));
    const details = htmlElements(document, (element) => element.tagName === 'details').find((element) => htmlText(element).startsWith(dayText))!;
    return [htmlText(details), ...htmlElements(details, (element) => element.tagName === 'a').map((link) => attribute(link, 'href'))].join(' ');
  };
  t.is(await bar('Fri 20 Nov 2026'), 'Fri 20 Nov 2026: 50.00% available');
  await daily(checkId, '2026-11-20', 4, 0);
  t.regex(await bar('Fri 20 Nov 2026'), /50\.00% available/, 'a settled day is read again within the hour, not at once');
  const pageId = (await sql<{ page_id: number }>(`select page_id from status_page_components where check_id = ?`, [checkId]))[0]!.page_id;
  const workspaceId = (await sql<{ workspace_id: number }>(`select workspace_id from status_pages where id = ?`, [pageId]))[0]!.workspace_id;
  const pastIncident = await incident(workspaceId, checkId, 'kept-1', '2026-11-20T10:00:00Z', '2026-11-20T11:00:00Z');
  t.regex(await bar('Fri 20 Nov 2026'), new RegExp(`50\\.00% available, 1 incident.*Outage: Web #incident-${pastIncident}$`), 'an incident on a settled day shows at once');
  await sql(`update status_page_components set display_name = 'Storefront' where page_id = ?`, [pageId]);
  t.regex(await bar('Fri 20 Nov 2026'), /Outage: Storefront #incident/, 'a renamed component shows at once, in its incidents too');
  await sql(`update incidents set resolved_at = ? where id = ?`, [new Date('2026-11-21T11:00:00Z'), pastIncident]);
  t.regex(await bar('Sat 21 Nov 2026'), /Sat 21 Nov 2026: no data, 1 incident/, 'a changed incident marks its days at once');
  now = new Date(NOW.getTime() + 3_600_000);
  t.regex(await bar('Fri 20 Nov 2026'), /Fri 20 Nov 2026: 100\.00% available, 1 incident/, 'the changed rollup shows once the hour is over');
});
