import test from 'ava';
import { Client } from '../../src/store/entities/client.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { User } from '../../src/store/entities/user.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let owner: Account;

test.before(async () => {
  api = await ApiHarness.start();
  owner = await api.account('trial');
});

test.after.always(async () => {
  await api?.close();
});

const admin = (method: string, path: string, as: Account, body?: unknown) => api.call(method, `/admin${path}`, { as, workspace: null, ...(body === undefined ? {} : { body }) });

test('administrator routes refuse non-administrators (403) and anonymous callers (401)', async (t) => {
  const member = await api.member(owner);
  for (const path of ['/users', '/workspaces', '/activity-log', '/account']) {
    const res = await admin('GET', path, member);
    t.is(res.status, 403, path);
    t.is(res.body.error.code, 'FORBIDDEN');
    t.is((await api.call('GET', `/admin${path}`, { as: null })).status, 401, path);
  }
  t.is((await admin('POST', '/account/delete', member, { confirm: 'x' })).status, 403);
});

test('team users: create with permissions and shares, update, remove; not yourself; other clients 404', async (t) => {
  const account = await api.account('trial');
  const second = await api.workspace(account, 'Team B');
  const created = await admin('POST', '/users', account, { email_address: ' New.Person@Example.com ', password: 'p'.repeat(8), permissions: { manage_domains: false, view_billing: true }, workspace_ids: [second] });
  t.is(created.status, 201);
  const id = created.body.data.id;
  const list = await admin('GET', '/users', account);
  const row = list.body.data.find((u: { id: number }) => u.id === id);
  t.like(row, { email_address: 'new.person@example.com', flag_is_admin: 0, workspace_ids: [second], permissions: { manage_domains: false, view_billing: true, manage_uptime_checks: true } });
  const me = await api.call('GET', '/mobile/auth/me', { as: { email: 'new.person@example.com', password: 'p'.repeat(8) } });
  t.deepEqual(me.body.data.workspaces.map((w: { id: number }) => w.id), [second]);

  const updated = await admin('POST', `/users/${id}/update`, account, { permissions: { manage_domains: true }, is_admin: true, workspace_ids: [] });
  t.like(updated.body.data, { flag_is_admin: 1, workspace_ids: [], permissions: { manage_domains: true, view_billing: true } });
  t.is((await admin('POST', `/users/${account.userId}/update`, account, { is_admin: false })).status, 409);
  t.is((await admin('POST', `/users/${account.userId}/delete`, account)).status, 409);

  for (const [body, field] of [
    [{ email_address: 'not-mail', password: 'p'.repeat(8) }, 'email_address'],
    [{ email_address: 'a@example.com', password: 'p'.repeat(7) }, 'password'],
    [{ email_address: 'a@example.com', password: 'p'.repeat(201) }, 'password'],
    [{ email_address: 'a@example.com', password: 'p'.repeat(8), workspace_ids: [owner.workspaceId] }, 'workspace_ids'],
    [{ email_address: 'a@example.com', password: 'p'.repeat(8), permissions: { manage_domains: 'yes' } }, 'permissions.manage_domains'],
  ] as const) {
    const res = await admin('POST', '/users', account, body);
    t.is(res.status, 422, field);
    t.truthy(res.body.error.fields[field], `${field} in ${JSON.stringify(res.body.error.fields)}`);
  }
  t.is((await admin('POST', '/users', account, { email_address: owner.email, password: 'p'.repeat(8) })).status, 409);

  t.is((await admin('POST', `/users/${owner.userId}/update`, account, { is_admin: false })).status, 404);
  t.is((await admin('POST', `/users/${owner.userId}/delete`, account)).status, 404);
  t.is((await admin('POST', `/users/${id}/delete`, account)).status, 200);
  t.is(await api.em.count(User, { id }), 0);
  t.is((await admin('POST', `/users/${id}/delete`, account)).status, 404);
});

test('workspaces: create, rename, share and unshare, delete with resources; last one stays', async (t) => {
  const account = await api.account('trial');
  const member = await api.member(account);
  const created = await admin('POST', '/workspaces', account, { name: 'Staging', description: 'pre-prod' });
  t.is(created.status, 201);
  const id = created.body.data.id;
  t.is((await admin('POST', '/workspaces', account, { name: 'Staging' })).status, 409);
  for (const body of [{ name: '' }, { name: 'n'.repeat(201) }, { name: 'ok', description: 'd'.repeat(1001) }, {}]) {
    t.is((await admin('POST', '/workspaces', account, body)).status, 422, JSON.stringify(body).slice(0, 40));
  }
  const renamed = await admin('POST', `/workspaces/${id}/update`, account, { name: 'Stage' });
  t.like(renamed.body.data, { id, name: 'Stage', description: 'pre-prod' });

  t.is((await api.call('GET', '/mobile/uptime-checks', { as: member, workspace: id })).status, 403);
  const shared = await admin('POST', `/workspaces/${id}/share`, account, { user_ids: [member.userId] });
  t.deepEqual(shared.body.data, { id, shared_with_user_ids: [member.userId] });
  t.is((await api.call('GET', '/mobile/uptime-checks', { as: member, workspace: id })).status, 200);
  t.is((await admin('POST', `/workspaces/${id}/share`, account, { user_ids: [owner.userId] })).status, 422);
  t.is((await admin('POST', `/workspaces/${id}/share`, account, { user_ids: [] })).status, 422);
  const unshared = await admin('POST', `/workspaces/${id}/unshare`, account, { user_ids: [member.userId] });
  t.deepEqual(unshared.body.data.shared_with_user_ids, []);
  t.is((await api.call('GET', '/mobile/uptime-checks', { as: member, workspace: id })).status, 403);

  const check = await api.call('POST', '/mobile/uptime-checks', { as: account, workspace: id, body: { name: 'Doomed', check_type: 'http', hostname: 'example.com', protocol: 'https' } });
  t.is(check.status, 201);
  t.is((await admin('POST', `/workspaces/${owner.workspaceId}/delete`, account)).status, 404);
  t.is((await admin('POST', `/workspaces/${id}/delete`, account)).status, 200);
  t.is(await api.em.count(UptimeCheck, { id: check.body.data.id }), 0);
  t.true(api.bus.durable.some((m) => m.subject === `vantage.changes.uptime_check.${check.body.data.id}` && (m.data as { action: string }).action === 'deleted'));
  const last = await admin('POST', `/workspaces/${account.workspaceId}/delete`, account);
  t.is(last.status, 409);
  t.deepEqual((await admin('GET', '/workspaces', account)).body.data.map((w: { id: number }) => w.id), [account.workspaceId]);
});

test('activity log records every mutation with actor, action, resource and time; filters and isolation', async (t) => {
  const account = await api.account('trial');
  const start = new Date(Date.now() - 1000).toISOString();
  const group = (await api.call('POST', '/mobile/notification-groups', { account, body: { name: 'Log', push_enabled: true } })).body.data.id;
  const domain = (await api.call('POST', '/mobile/domains', { account, body: { name: 'log.example.com', notification_group_ids: [group] } })).body.data.id;
  await api.call('POST', `/mobile/domains/${domain}/toggle`, { account });
  await api.call('POST', '/mobile/maintenance-windows/upsert', { account, body: { name: 'W', scope: 'workspace', starts_at: new Date(Date.now() + 3600_000).toISOString(), ends_at: new Date(Date.now() + 7200_000).toISOString() } });
  await api.call('POST', '/mobile/push/register-token', { as: account, body: { token: `log-token-${account.userId}` } });
  await admin('POST', '/account/update', account, { billing_email: 'billing@example.com' });
  const res = await admin('GET', `/activity-log?from=${start}`, account);
  t.is(res.status, 200);
  const actions = res.body.data.map((e: { action: string }) => e.action).reverse();
  t.deepEqual(actions, ['notification_group.create', 'domain.create', 'domain.pause', 'maintenance_window.create', 'push_token.register', 'account.update']);
  const first = res.body.data.at(-1);
  t.like(first, { actor: { id: account.userId, email_address: account.email }, resource_type: 'notification_group', resource_id: group, workspace_id: account.workspaceId });
  t.truthy(Date.parse(first.at));
  t.deepEqual((await admin('GET', '/activity-log?action=domain.', account)).body.data.map((e: { action: string }) => e.action), ['domain.pause', 'domain.create']);
  t.is((await admin('GET', `/activity-log?resource_type=domain&resource_id=${domain}`, account)).body.pagination.total, 2);
  t.is((await admin('GET', `/activity-log?actor_id=${account.userId}&limit=1`, account)).body.data.length, 1);
  t.is((await admin('GET', '/activity-log?to=2000-01-01', account)).body.pagination.total, 0);
  const other = await admin('GET', '/activity-log', owner);
  t.false(other.body.data.some((e: { resource_id: number; resource_type: string }) => e.resource_type === 'domain' && e.resource_id === domain));
  for (const query of ['from=nope', 'limit=0', 'from=2026-02-02&to=2026-02-01', 'resource_id=x', 'action=']) {
    t.is((await admin('GET', `/activity-log?${query}`, account)).status, 400, query);
  }
});

test('account update and delete with confirmation remove the client\'s data', async (t) => {
  const account = await api.account('trial');
  const updated = await admin('POST', '/account/update', account, { name: ' Acme Ltd ', billing_email: 'Billing@Acme.example' });
  t.like(updated.body.data, { id: account.clientId, name: 'Acme Ltd', billing_email: 'billing@acme.example' });
  for (const body of [{ name: '' }, { name: 'n'.repeat(201) }, { billing_email: 'nope' }]) t.is((await admin('POST', '/account/update', account, body)).status, 422);
  t.is((await admin('POST', '/account/update', account, { billing_email: null })).body.data.billing_email, null);
  const member = await api.member(account);
  await api.call('POST', '/mobile/domains', { account, body: { name: 'gone.example.com' } });
  const refused = await admin('POST', '/account/delete', account, { confirm: 'acme ltd' });
  t.is(refused.status, 422);
  t.truthy(refused.body.error.fields.confirm);
  t.is((await admin('POST', '/account/delete', account, {})).status, 422);
  const deleted = await admin('POST', '/account/delete', account, { confirm: 'Acme Ltd' });
  t.deepEqual(deleted.body, { success: true, data: { id: account.clientId, deleted: true } });
  t.is(await api.em.count(Client, { id: account.clientId }), 0);
  t.is(await api.em.count(User, { id: member.userId }), 0);
  t.is((await api.call('GET', '/mobile/auth/me', { as: account })).status, 401);
  t.true(api.bus.durable.some((m) => m.subject === `vantage.changes.client.${account.clientId}`));
  t.is((await api.call('GET', '/mobile/auth/me', { as: owner })).status, 200);
});
