import test from 'ava';
import { ApiHarness, type Account } from './helpers/api-harness.js';
import { statementsDuring } from './helpers/statement-counter.js';

/**
 * The SQL statements one request of each list route (and of the read routes the app's screens
 * call) runs: the same number for a page of 1 and a page of 200, in a small workspace and in one
 * grown by several hundred rows of every kind. A route that loads per row (N+1) or per workspace
 * fails here. Routes made constant by design also have their count pinned.
 */

let api: ApiHarness;
let account: Account;
let checkId: number;
let domainId: number;
let incidentId: number;
let grown = 0;

/** Adds `count` rows of every kind to the account's workspace, written directly (no plan allows so many). */
async function grow(count: number): Promise<void> {
  const connection = api.store.em.fork().getConnection();
  const ws = account.workspaceId;
  const from = grown + 1;
  const to = grown + count;
  grown = to;
  await connection.execute(`
    insert into notification_groups (workspace_id, name, email_addresses, phone_numbers, webhook_secret, created_at, updated_at)
    select ${ws}, 'group ' || g, '[]', '[]', md5(g::text), now(), now() from generate_series(${from}, ${to}) g`);
  await connection.execute(`
    insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method,
      response_timeout, trigger_locations, min_failing_locations, response_classes, paused, state, created_at, updated_at)
    select ${ws}, 'check ' || i, 'http', 'host-' || i || '.example.com', 'https', '/', 5, 'get', 10000, '["eu-west"]', 1, '["2XX"]',
      i % 7 = 0, (array['up', 'down', 'unknown', 'pending'])[1 + i % 4], now(), now()
    from generate_series(${from}, ${to}) i`);
  await connection.execute(`
    insert into uptime_check_notification_groups (uptime_check_id, notification_group_id)
    select c.id, g.id from uptime_checks c join notification_groups g on g.workspace_id = c.workspace_id and g.name = 'group ' || substr(c.name, 7)
    where c.workspace_id = ${ws} and c.name in (select 'check ' || i from generate_series(${from}, ${to}) i)`);
  await connection.execute(`
    insert into uptime_check_favorites (user_id, workspace_id, check_id)
    select ${account.userId}, workspace_id, id from uptime_checks where workspace_id = ${ws} and id % 3 = 0 on conflict do nothing`);
  await connection.execute(`
    insert into runs (check_id, cycle_key, started_at, finished_at, state, failing_locations, latency_ms, results)
    select ${checkId}, r, now() - r * interval '1 minute', now() - r * interval '1 minute', 'UP', 0, 10, '[]'
    from generate_series(${from}, ${to}) r`);
  await connection.execute(`
    insert into incidents (workspace_id, check_id, status, severity, failed_locations, opened_by_cycle, opened_at)
    select ${ws}, ${checkId}, (array['open', 'acknowledged', 'resolved'])[1 + i % 3], 'major', '["eu-west"]', 'sql-statements-' || i, now() - i * interval '1 minute'
    from generate_series(${from}, ${to}) i`);
  await connection.execute(`
    insert into domains (workspace_id, name, active, certificate_not_after, created_at, updated_at)
    select ${ws}, 'site-' || d || '.example.com', d % 2 = 0, now() + d * interval '1 day', now(), now() from generate_series(${from}, ${to}) d`);
  await connection.execute(`
    insert into domain_notification_groups (domain_id, notification_group_id)
    select d.id, g.id from domains d join notification_groups g on g.workspace_id = d.workspace_id and g.name = 'group ' || split_part(substr(d.name, 6), '.', 1)
    where d.workspace_id = ${ws} and d.name in (select 'site-' || i || '.example.com' from generate_series(${from}, ${to}) i)`);
  await connection.execute(`
    insert into certificate_snapshots (domain_id, subject, issuer, subject_alt_names, not_before, not_after, serial_number, fingerprint_sha256, chain, trusted, hostname_matches, first_seen_at, last_seen_at)
    select ${domainId}, 'CN=a', 'CN=b', '[]', now(), now(), 's' || i, 'f' || i, '[]', true, true, now() - i * interval '1 hour', now() from generate_series(${from}, ${to}) i`);
  await connection.execute(`
    insert into maintenance_windows (workspace_id, name, scope, check_id, starts_at, ends_at, created_at, updated_at)
    select ${ws}, 'window ' || i, 'uptime_check', ${checkId}, now() + i * interval '1 hour', now() + i * interval '2 hour', now(), now() from generate_series(${from}, ${to}) i`);
  await connection.execute(`
    insert into activity_log (client_id, workspace_id, actor_id, action, resource_type, resource_id, at)
    select ${account.clientId}, ${ws}, ${account.userId}, 'uptime_check.update', 'uptime_check', ${checkId}, now() - i * interval '1 second' from generate_series(${from}, ${to}) i`);
  await connection.execute('analyze');
}

test.before(async () => {
  api = await ApiHarness.start();
  account = await api.account('pro');
  const connection = api.store.em.fork().getConnection();
  [{ id: checkId }] = (await connection.execute(
    `insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, created_at, updated_at)
    values (${account.workspaceId}, 'the check', 'ping', 'example.com', 5, 10000, '["eu-west"]', 1, '[]', now(), now()) returning id`,
  )) as [{ id: number }];
  [{ id: domainId }] = (await connection.execute(
    `insert into domains (workspace_id, name, active, created_at, updated_at) values (${account.workspaceId}, 'the-domain.example.com', true, now(), now()) returning id`,
  )) as [{ id: number }];
  await grow(3);
  [{ id: incidentId }] = (await connection.execute(`select id from incidents where workspace_id = ${account.workspaceId} limit 1`)) as [{ id: number }];
});

test.after.always(async () => {
  await api?.close();
});

/**
 * Routes, with `{limit}` where a list's page size goes (detail routes have none), and the statement
 * count pinned where it is constant by design: the routes that check a remembered sign-in in their
 * own statement run that one (see sign-in-check.ts), the others the sign-in's and their own.
 */
const routes: Array<{ path: () => string; admin?: boolean; pinned?: number }> = [
  { path: () => '/mobile/uptime-checks?limit={limit}', pinned: 1 },
  { path: () => '/mobile/uptime-checks?limit={limit}&offset=2', pinned: 1 },
  { path: () => '/mobile/uptime-checks?limit={limit}&status=up', pinned: 1 },
  { path: () => '/mobile/uptime-checks?limit={limit}&status=unknown', pinned: 1 },
  { path: () => '/mobile/uptime-checks?limit={limit}&status=paused', pinned: 1 },
  { path: () => '/mobile/uptime-checks?limit={limit}&paused=false', pinned: 1 },
  { path: () => '/mobile/uptime-checks?limit={limit}&favorite=true', pinned: 1 },
  { path: () => '/mobile/uptime-checks?limit={limit}&favorite=false', pinned: 1 },
  { path: () => '/mobile/uptime-checks?limit={limit}&search=host', pinned: 1 },
  { path: () => '/mobile/incidents?limit={limit}', pinned: 1 },
  { path: () => '/mobile/incidents?limit={limit}&status=open&severity=major', pinned: 1 },
  { path: () => '/mobile/search?q=1&limit={limit}', pinned: 1 },
  { path: () => '/mobile/dashboard/summary', pinned: 1 },
  { path: () => `/mobile/uptime-checks/${checkId}`, pinned: 1 },
  { path: () => `/mobile/uptime-checks/${checkId}/runs?limit={limit}` },
  { path: () => '/mobile/notification-groups?limit={limit}' },
  { path: () => '/mobile/maintenance-windows?limit={limit}' },
  { path: () => '/mobile/domains?limit={limit}' },
  { path: () => `/mobile/domains/${domainId}/certificate-history?limit={limit}` },
  { path: () => `/mobile/incidents/${incidentId}` },
  { path: () => '/admin/activity-log?limit={limit}', admin: true },
];

/** The largest page each route takes (search: 50 per section; the others 200). */
const largest = (path: string): number => (path.startsWith('/mobile/search') ? 50 : 200);

async function countOf(path: string, limit: number, admin: boolean): Promise<number> {
  const resolved = path.replace('{limit}', String(limit));
  let status = 0;
  const statements = await statementsDuring(api.store, async () => {
    status = (await api.call('GET', resolved, { account, ...(admin ? { workspace: null } : {}) })).status;
  });
  if (status !== 200) throw new Error(`${resolved}: ${status}`);
  return statements.length;
}

test.serial('each read route runs the same number of statements for any page size and workspace size', async (t) => {
  // A first call signs in (argon2, the throttle's rows), a second reads the cached sign-in and remembers it: the counts are of signed-in calls.
  await api.call('GET', '/mobile/dashboard/summary', { account });
  await api.call('GET', '/mobile/dashboard/summary', { account });
  const measured = new Map<string, number[]>();
  const measureAll = async (): Promise<void> => {
    for (const route of routes) {
      const path = route.path();
      const counts = measured.get(path) ?? [];
      counts.push(await countOf(path, 1, route.admin ?? false), await countOf(path, largest(path), route.admin ?? false));
      measured.set(path, counts);
    }
  };
  await measureAll();
  await grow(250);
  await measureAll();
  for (const route of routes) {
    const path = route.path();
    const counts = measured.get(path)!;
    t.log(`${path}: ${counts.join(', ')}`);
    t.true(counts.every((count) => count === counts[0]), `${path}: statements at limit 1 and max, small and grown workspace: ${counts.join(', ')}`);
    if (route.pinned !== undefined) t.is(counts[0], route.pinned, `${path}: ${counts.join(', ')}`);
  }
});

test.serial('a check reads the same in the list as in its detail, microsecond timestamps included', async (t) => {
  const connection = api.store.em.fork().getConnection();
  // now() has microseconds; the API's instants have milliseconds, cut the same way on both paths.
  await connection.execute(
    `insert into uptime_check_last_runs (check_id, last_run_at) select id, now() - interval '1.234567 seconds' from uptime_checks where workspace_id = ${account.workspaceId} and id % 2 = 0 on conflict (check_id) do update set last_run_at = excluded.last_run_at`,
  );
  const list = await api.call('GET', '/mobile/uptime-checks?limit=20&offset=3', { account });
  t.is(list.status, 200);
  t.true(list.body.data.some((check: { last_run_at: string | null; favorite: boolean; notification_group_ids: number[] }) => check.last_run_at && check.notification_group_ids.length > 0));
  for (const item of list.body.data as Array<Record<string, unknown>>) {
    const detail = await api.call('GET', `/mobile/uptime-checks/${item.id}`, { account });
    const { can_mutate: _mutate, kubernetes_ref: _ref, groups: _groups, latest_run: _run, availability: _availability, ...asListed } = detail.body.data;
    t.deepEqual(Object.keys(asListed), Object.keys(item), `check ${item.id}: same fields in the same order`);
    t.deepEqual(asListed, item, `check ${item.id}`);
  }
});

test.serial('an incident reads the same in the list (rows) as in its detail (entities)', async (t) => {
  const connection = api.store.em.fork().getConnection();
  await connection.execute(`update incidents set acknowledged_at = now() - interval '0.5 seconds' where workspace_id = ${account.workspaceId} and status <> 'open'`);
  await connection.execute(`update incidents set resolved_at = now() where workspace_id = ${account.workspaceId} and status = 'resolved'`);
  const list = await api.call('GET', '/mobile/incidents?limit=6', { account });
  t.is(list.status, 200);
  for (const item of list.body.data as Array<Record<string, unknown>>) {
    const detail = await api.call('GET', `/mobile/incidents/${item.id}`, { account });
    const { acknowledged_by: _ackBy, resolved_by: _resolvedBy, resolution_notes: _notes, notes: _noteList, ...asListed } = detail.body.data;
    t.deepEqual(Object.keys(asListed), Object.keys(item), `incident ${item.id}: same fields in the same order`);
    t.deepEqual(asListed, item, `incident ${item.id}`);
  }
});

test.serial('a create and an update run the same statements with any number of groups', async (t) => {
  const writer = await api.account('pro');
  const connection = api.store.em.fork().getConnection();
  const groups = (await connection.execute(
    `insert into notification_groups (workspace_id, name, email_addresses, phone_numbers, webhook_secret, created_at, updated_at)
    select ${writer.workspaceId}, 'group ' || g, '[]', '[]', md5(g::text), now(), now() from generate_series(1, 5) g returning id`,
  )) as Array<{ id: number }>;
  // A first call signs in, a second reads the cached sign-in and remembers it.
  await api.call('GET', '/mobile/dashboard/summary', { account: writer });
  await api.call('GET', '/mobile/dashboard/summary', { account: writer });
  const counted = async (path: string, body: Record<string, unknown>): Promise<{ status: number; id: number; statements: number }> => {
    let answer = { status: 0, body: { data: { id: 0 } } };
    const statements = await statementsDuring(api.store, async () => {
      answer = await api.call('POST', path, { account: writer, body });
    });
    return { status: answer.status, id: answer.body.data.id, statements: statements.length };
  };
  const body = (name: string, groupIds: Array<{ id: number }>) => ({ name, check_type: 'ping', hostname: 'example.com', notification_group_ids: groupIds.map((group) => group.id) });
  const creates: number[] = [];
  const updates: number[] = [];
  for (const groupIds of [[], groups.slice(0, 1), groups]) {
    // The create: one statement, a transaction by itself, which also checks the remembered sign-in.
    const created = await counted('/mobile/uptime-checks', body(`created with ${groupIds.length} groups`, groupIds));
    t.is(created.status, 201);
    creates.push(created.statements);
    // The update: the sign-in, the stored check, the update (a transaction by itself), then the detail it answers.
    const updated = await counted(`/mobile/uptime-checks/${created.id}/update`, body(`updated with ${groupIds.length} groups`, [...groups].reverse().slice(0, groupIds.length)));
    t.is(updated.status, 200);
    updates.push(updated.statements);
  }
  t.deepEqual(creates, [1, 1, 1]);
  t.deepEqual(updates, [4, 4, 4]);
});
