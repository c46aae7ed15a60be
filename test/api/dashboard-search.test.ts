import test from 'ava';
import { Domain } from '../../src/store/entities/domain.js';
import { Incident } from '../../src/store/entities/incident.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

const DAY = 86_400_000;
let api: ApiHarness;
let owner: Account;

test.before(async () => {
  api = await ApiHarness.start();
  owner = await api.account('trial');
  const em = api.em;
  const states = [['Alpha web', 'up', false], ['Beta api', 'down', false], ['Gamma db', 'unknown', false], ['Delta new', 'pending', false], ['Epsilon old', 'up', true]] as const;
  const checks = states.map(([name, state, paused]) =>
    em.create(UptimeCheck, { workspace: owner.workspaceId, name, checkType: 'http', hostname: `${name.split(' ')[0]!.toLowerCase()}.example.com`, protocol: 'https', checkFrequency: 5, responseTimeout: 10000, triggerLocations: ['eu-west'], minFailingLocations: 1, state, paused }),
  );
  await em.flush();
  const statuses = ['open', 'acknowledged', 'resolved'] as const;
  statuses.forEach((status, i) => em.create(Incident, { workspace: owner.workspaceId, check: checks[1]!, status, severity: 'major', failedLocations: ['eu-west'], openedByCycle: `dash-${process.pid}-${i}`, openedAt: new Date(Date.now() - i * DAY) }));
  const now = Date.now();
  em.create(Domain, { workspace: owner.workspaceId, name: 'alpha.example.com', certificateNotAfter: new Date(now + 10 * DAY) });
  em.create(Domain, { workspace: owner.workspaceId, name: 'beta.example.com', certificateNotAfter: new Date(now + 31 * DAY) });
  em.create(Domain, { workspace: owner.workspaceId, name: 'gamma.example.com', certificateNotAfter: new Date(now + 5 * DAY), active: false });
  await em.flush();
  await api.call('POST', '/mobile/notification-groups', { account: owner, body: { name: 'Alpha team', push_enabled: true } });
});

test.after.always(async () => {
  await api?.close();
});

test('dashboard summary counts checks by state, open incidents and domains', async (t) => {
  const res = await api.call('GET', '/mobile/dashboard/summary', { account: owner });
  t.is(res.status, 200);
  t.deepEqual(res.body.data, {
    checks: { up: 1, down: 1, unknown: 1, pending: 1, paused: 1, total: 5 },
    open_incidents: 2,
    incidents: { open: 1, acknowledged: 1 },
    domains: { total: 3, active: 2, expiring_soon: 1 },
  });
  const empty = await api.account('trial');
  t.deepEqual((await api.call('GET', '/mobile/dashboard/summary', { account: empty })).body.data.checks, { up: 0, down: 0, unknown: 0, pending: 0, paused: 0, total: 0 });
  t.is((await api.call('GET', '/mobile/dashboard/summary', { account: empty, workspace: owner.workspaceId })).status, 403);
  t.is((await api.call('GET', '/mobile/dashboard/summary', { account: owner, workspace: null })).status, 400);
  t.is((await api.call('GET', '/mobile/dashboard/summary', { account: owner, workspace: 'abc' })).status, 400);
});

test('search finds checks, domains, groups and incidents of the workspace', async (t) => {
  const res = await api.call('GET', '/mobile/search?q=ALPHA', { account: owner });
  t.is(res.status, 200);
  t.deepEqual(res.body.data.uptime_checks.map((c: { name: string }) => c.name), ['Alpha web']);
  t.deepEqual(res.body.data.domains.map((d: { name: string }) => d.name), ['alpha.example.com']);
  t.deepEqual(res.body.data.notification_groups.map((g: { name: string }) => g.name), ['Alpha team']);
  t.deepEqual(res.body.data.omitted, []);
  const beta = await api.call('GET', '/mobile/search?q=beta&limit=2', { account: owner });
  t.is(beta.body.data.incidents.length, 2);
  t.is(beta.body.data.incidents[0].name, 'Beta api');
  t.deepEqual((await api.call('GET', '/mobile/search?q=%25', { account: owner })).body.data.uptime_checks, []);
  const other = await api.account('trial');
  const isolated = await api.call('GET', '/mobile/search?q=alpha', { account: other });
  t.deepEqual([isolated.body.data.uptime_checks, isolated.body.data.domains, isolated.body.data.notification_groups], [[], [], []]);
});

test('search is filtered by the caller\'s permissions', async (t) => {
  const member = await api.member(owner, { permissions: { manage_notification_groups: false, manage_incidents: false }, shareWorkspaces: [owner.workspaceId] });
  const res = await api.call('GET', '/mobile/search?q=alpha', { as: member, workspace: owner.workspaceId });
  t.is(res.status, 200);
  t.deepEqual(res.body.data.notification_groups, []);
  t.deepEqual(res.body.data.incidents, []);
  t.deepEqual(res.body.data.omitted, ['notification_groups', 'incidents']);
  t.is(res.body.data.uptime_checks.length, 1);
  const incidentsOnly = await api.member(owner, { permissions: { manage_uptime_checks: false }, shareWorkspaces: [owner.workspaceId] });
  const incidents = await api.call('GET', '/mobile/search?q=beta', { as: incidentsOnly, workspace: owner.workspaceId });
  t.is(incidents.status, 200);
  t.deepEqual(incidents.body.data.uptime_checks, []);
  t.true(incidents.body.data.omitted.includes('uptime_checks'));
  t.is(incidents.body.data.incidents[0]?.name, 'Beta api', 'the incidents of matching checks are found without the checks section');
});

test('search q and limit edges are 400', async (t) => {
  t.is((await api.call('GET', `/mobile/search?q=${'a'.repeat(200)}`, { account: owner })).status, 200);
  t.is((await api.call('GET', '/mobile/search?q=a&limit=50', { account: owner })).status, 200);
  for (const query of ['', 'q=', 'q=%20%20', `q=${'a'.repeat(201)}`, 'q=a&limit=0', 'q=a&limit=51', 'q=a&limit=x']) {
    const res = await api.call('GET', `/mobile/search?${query}`, { account: owner });
    t.is(res.status, 400, query);
    t.is(res.body.error.code, 'BAD_REQUEST');
  }
});

test("search's incidents are the newest of every matching check's, however many each check has", async (t) => {
  const account = await api.account('trial');
  const em = api.em;
  const checks = ['Zeta one', 'Zeta two', 'Zeta three', 'Other'].map((name) =>
    em.create(UptimeCheck, { workspace: account.workspaceId, name, checkType: 'http', hostname: 'zeta.example.com', protocol: 'https', checkFrequency: 5, responseTimeout: 10000, triggerLocations: ['eu-west'], minFailingLocations: 1 }),
  );
  await em.flush();
  // Seven incidents per check, interleaved in time and some opened at the same instant (ordered then by id); 'Other' shares only the host.
  const base = Date.now() - 100 * DAY;
  checks.forEach((check, c) => {
    for (let n = 0; n < 7; n++) {
      em.create(Incident, { workspace: account.workspaceId, check, status: n === 0 ? 'open' : 'resolved', severity: 'major', failedLocations: ['eu-west'], openedByCycle: `zeta-${process.pid}-${c}-${n}`, openedAt: new Date(base + (n * 3 + (c % 2)) * DAY) });
    }
  });
  await em.flush();
  const newest = async (pattern: string, limit: number): Promise<number[]> =>
    (await api.em.getConnection().execute<{ id: number }[]>(
      `select i.id from incidents i join uptime_checks c on c.id = i.check_id where c.workspace_id = ? and (c.name ilike ? or c.hostname ilike ?) order by i.opened_at desc, i.id desc limit ?`,
      [account.workspaceId, pattern, pattern, limit],
    )).map((row) => row.id);
  // 'zeta one' goes through the trigram indexes, 'ze' walks the checks (too short for a trigram).
  for (const [q, pattern] of [['zeta t', '%zeta t%'], ['zeta', '%zeta%'], ['ze', '%ze%']] as const) {
    for (const limit of [1, 5, 10, 50]) {
      const res = await api.call('GET', `/mobile/search?q=${encodeURIComponent(q)}&limit=${limit}`, { account });
      t.is(res.status, 200);
      t.deepEqual(res.body.data.incidents.map((incident: { id: number }) => incident.id), await newest(pattern, limit), `q=${q} limit=${limit}`);
    }
  }
});
