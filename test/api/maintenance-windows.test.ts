import test from 'ava';
import { MaintenanceWindow } from '../../src/store/entities/maintenance-window.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let api: ApiHarness;
let owner: Account;
let checkId: number;

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const upsert = (account: Account, body: unknown) => api.call('POST', '/mobile/maintenance-windows/upsert', { account, body });

test.before(async () => {
  api = await ApiHarness.start();
  owner = await api.account('trial');
  checkId = (await api.call('POST', '/mobile/uptime-checks', { account: owner, body: { name: 'Api', check_type: 'http', hostname: 'example.com', protocol: 'https' } })).body.data.id;
});

test.after.always(async () => {
  await api?.close();
});

test('create without id is 201, update with id is 200; state follows the time', async (t) => {
  const created = await upsert(owner, { name: 'Deploy', description: 'db upgrade', scope: 'uptime_check', uptime_check_id: checkId, starts_at: iso(HOUR), ends_at: iso(2 * HOUR) });
  t.is(created.status, 201);
  t.like(created.body.data, { name: 'Deploy', description: 'db upgrade', scope: 'uptime_check', uptime_check_id: checkId, enabled: true, state: 'scheduled', can_mutate: true });
  const id = created.body.data.id;
  const updated = await upsert(owner, { id, name: 'Deploy now', scope: 'workspace', starts_at: iso(-HOUR), ends_at: iso(HOUR) });
  t.is(updated.status, 200);
  t.like(updated.body.data, { id, name: 'Deploy now', description: null, scope: 'workspace', uptime_check_id: null, state: 'active' });
  const disabled = await upsert(owner, { id, name: 'Deploy now', scope: 'workspace', starts_at: iso(-HOUR), ends_at: iso(HOUR), enabled: false });
  t.is(disabled.body.data.state, 'disabled');
  const actions = api.bus.durable.filter((m) => m.subject === `vantage.changes.maintenance_window.${id}`).map((m) => (m.data as { action: string }).action);
  t.deepEqual(actions, ['created', 'updated', 'updated']);
  t.is((await upsert(owner, { id: 999999, name: 'x', scope: 'workspace', starts_at: iso(HOUR), ends_at: iso(2 * HOUR) })).status, 404);
});

test('list filters by enabled, state and search, paginated; bad filters 400', async (t) => {
  const account = await api.account('trial');
  const em = api.em;
  const now = Date.now();
  const rows = [
    ['Past upgrade', now - 3 * DAY, now - 2 * DAY, true],
    ['Running patch', now - HOUR, now + HOUR, true],
    ['Future move', now + DAY, now + 2 * DAY, true],
    ['Switched off', now - HOUR, now + HOUR, false],
  ] as const;
  for (const [name, start, end, enabled] of rows) {
    em.create(MaintenanceWindow, { workspace: account.workspaceId, name, scope: 'workspace', startsAt: new Date(start), endsAt: new Date(end), enabled });
  }
  await em.flush();
  const names = async (query: string) => {
    const res = await api.call('GET', `/mobile/maintenance-windows${query}`, { account });
    t.is(res.status, 200, query);
    return res.body.data.map((w: { name: string; state: string }) => `${w.name}:${w.state}`);
  };
  t.deepEqual(await names(''), ['Future move:scheduled', 'Switched off:disabled', 'Running patch:active', 'Past upgrade:completed']);
  t.deepEqual(await names('?state=scheduled'), ['Future move:scheduled']);
  t.deepEqual(await names('?state=active'), ['Running patch:active']);
  t.deepEqual(await names('?state=completed'), ['Past upgrade:completed']);
  t.deepEqual(await names('?state=disabled'), ['Switched off:disabled']);
  t.deepEqual(await names('?enabled=false'), ['Switched off:disabled']);
  t.deepEqual(await names('?enabled=true&search=UP'), ['Past upgrade:completed']);
  t.deepEqual(await names('?search=%25'), []);
  const paged = await api.call('GET', '/mobile/maintenance-windows?limit=1&offset=2', { account });
  t.deepEqual(paged.body.pagination, { limit: 1, offset: 2, total: 4 });
  for (const query of ['state=running', 'enabled=perhaps', 'limit=201', 'offset=-1', `search=${'s'.repeat(201)}`]) {
    const res = await api.call('GET', `/mobile/maintenance-windows?${query}`, { account });
    t.is(res.status, 400, query);
    t.is(res.body.error.code, 'BAD_REQUEST');
  }
});

test('field rules: 422 naming the field, at their edges', async (t) => {
  const start = Date.now() + HOUR;
  const ok = { name: 'n'.repeat(200), scope: 'workspace', starts_at: new Date(start).toISOString(), ends_at: new Date(start + 31 * DAY).toISOString() };
  t.is((await upsert(owner, ok)).status, 201);
  t.is((await upsert(owner, { ...ok, name: 'Offset', starts_at: '2099-01-01T10:00:00+02:00', ends_at: '2099-01-01T09:00:01Z', description: 'd'.repeat(1000) })).status, 201);
  const foreignCheck = (await api.call('POST', '/mobile/uptime-checks', { account: await api.account('trial').then(async (a) => { foreign = a; return a; }), body: { name: 'F', check_type: 'http', hostname: 'example.com', protocol: 'https' } })).body.data.id;
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ ...ok, name: '' }, 'name'],
    [{ ...ok, name: 'n'.repeat(201) }, 'name'],
    [{ ...ok, description: 'd'.repeat(1001) }, 'description'],
    [{ ...ok, scope: 'global' }, 'scope'],
    [{ ...ok, scope: 'uptime_check' }, 'uptime_check_id'],
    [{ ...ok, scope: 'workspace', uptime_check_id: checkId }, 'uptime_check_id'],
    [{ ...ok, scope: 'uptime_check', uptime_check_id: foreignCheck }, 'uptime_check_id'],
    [{ ...ok, starts_at: 'tomorrow' }, 'starts_at'],
    [{ ...ok, starts_at: '2099-01-01T10:00:00' }, 'starts_at'],
    [{ ...ok, ends_at: ok.starts_at }, 'ends_at'],
    [{ ...ok, ends_at: iso(30 * 60_000) }, 'ends_at'],
    [{ ...ok, ends_at: new Date(Date.parse(ok.starts_at) + 31 * DAY + 1000).toISOString() }, 'ends_at'],
    [{ ...ok, starts_at: iso(-2 * HOUR), ends_at: iso(-HOUR) }, 'ends_at'],
    [{ ...ok, enabled: 'yes' }, 'enabled'],
    [{ ...ok, id: 0 }, 'id'],
  ];
  for (const [body, field] of cases) {
    const res = await upsert(owner, body);
    t.is(res.status, 422, JSON.stringify(body).slice(0, 100));
    t.is(res.body.error.code, 'VALIDATION_ERROR');
    t.truthy(res.body.error.fields?.[field], `${field} in ${JSON.stringify(res.body.error.fields)}`);
  }
});
let foreign: Account;

test('a completed window can be renamed without moving its end; delete takes {id}', async (t) => {
  const em = api.em;
  const past = em.create(MaintenanceWindow, { workspace: owner.workspaceId, name: 'Old', scope: 'workspace', startsAt: new Date(Date.now() - 2 * DAY), endsAt: new Date(Date.now() - DAY) });
  await em.flush();
  const renamed = await upsert(owner, { id: past.id, name: 'Old (done)', scope: 'workspace', starts_at: past.startsAt.toISOString(), ends_at: past.endsAt.toISOString() });
  t.is(renamed.status, 200);
  t.like(renamed.body.data, { name: 'Old (done)', state: 'completed' });
  const removed = await api.call('POST', '/mobile/maintenance-windows/delete', { account: owner, body: { id: past.id } });
  t.deepEqual(removed.body, { success: true, data: { id: past.id } });
  t.is((await api.call('POST', '/mobile/maintenance-windows/delete', { account: owner, body: { id: past.id } })).status, 404);
  for (const body of [{}, { id: 'x' }, { id: -1 }]) t.is((await api.call('POST', '/mobile/maintenance-windows/delete', { account: owner, body })).status, 422, JSON.stringify(body));
  const managed = em.create(MaintenanceWindow, { workspace: owner.workspaceId, name: 'GitOps', scope: 'workspace', startsAt: new Date(Date.now() + DAY), endsAt: new Date(Date.now() + 2 * DAY), managedBy: 'kubernetes', kubernetesRef: 'ops/freeze' });
  await em.flush();
  t.is((await api.call('POST', '/mobile/maintenance-windows/delete', { account: owner, body: { id: managed.id } })).status, 409);
  t.is((await upsert(owner, { id: managed.id, name: 'x', scope: 'workspace', starts_at: iso(HOUR), ends_at: iso(2 * HOUR) })).status, 409);
});

test('permission, entitlement, isolation and methods', async (t) => {
  const id = (await upsert(owner, { name: 'Iso', scope: 'workspace', starts_at: iso(HOUR), ends_at: iso(2 * HOUR) })).body.data.id;
  const member = await api.member(owner, { permissions: { manage_maintenance_windows: false }, shareWorkspaces: [owner.workspaceId] });
  t.is((await api.call('GET', '/mobile/maintenance-windows', { as: member, workspace: owner.workspaceId })).status, 200);
  const denied = await api.call('POST', '/mobile/maintenance-windows/upsert', { as: member, workspace: owner.workspaceId, body: { name: 'm', scope: 'workspace', starts_at: iso(HOUR), ends_at: iso(2 * HOUR) } });
  t.is(denied.status, 403);
  const expired = await api.account('expired');
  t.is((await upsert(expired, { name: 'e', scope: 'workspace', starts_at: iso(HOUR), ends_at: iso(2 * HOUR) })).status, 402);
  const other = foreign ?? (await api.account('trial'));
  t.is((await upsert(other, { id, name: 'steal', scope: 'workspace', starts_at: iso(HOUR), ends_at: iso(2 * HOUR) })).status, 404);
  t.is((await api.call('POST', '/mobile/maintenance-windows/delete', { account: other, body: { id } })).status, 404);
  t.is((await api.call('GET', '/mobile/maintenance-windows', { account: other, workspace: owner.workspaceId })).status, 403);
  t.is((await api.call('GET', '/mobile/maintenance-windows/upsert', { account: owner })).status, 405);
  t.is((await api.call('GET', '/mobile/maintenance-windows', { account: owner })).body.data.some((w: { id: number }) => w.id === id), true);
});
