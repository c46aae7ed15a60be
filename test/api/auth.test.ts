import test from 'ava';
import { ApiHarness, basic, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let owner: Account;

test.before(async () => {
  api = await ApiHarness.start();
  owner = await api.account('trial');
});

test.after.always(async () => {
  await api?.close();
});

test('GET /mobile/auth/me answers the bootstrap envelope', async (t) => {
  const res = await api.call('GET', '/mobile/auth/me', { account: owner, workspace: null });
  t.is(res.status, 200);
  t.true(res.body.success);
  const data = res.body.data;
  t.deepEqual(Object.keys(data).sort(), ['current_workspace_id', 'entitlement', 'user', 'workspaces']);
  t.like(data.user, { id: owner.userId, email_address: owner.email, flag_is_admin: 1, subscription_plan: 'trial' });
  t.is(data.user.permissions.manage_uptime_checks, true);
  t.false('password' in data.user);
  t.false('passwordHash' in data.user);
  t.deepEqual(data.workspaces, [{ id: owner.workspaceId, name: 'Default', description: null }]);
  t.is(data.current_workspace_id, owner.workspaceId);
  t.like(data.entitlement, { status: 'trial', plan: 'trial', active: true, capabilities: ['uptime_check.dns_tcp'] });
  t.truthy(Date.parse(data.entitlement.trial_ends_at));
  t.is(data.entitlement.limits.uptime_checks, 50);
  t.truthy(res.headers.get('x-request-id'));
});

test('bootstrap of a member lists only shared workspaces; expired shows plan expired', async (t) => {
  const account = await api.account('expired');
  const other = await api.workspace(account, 'Shared');
  await api.workspace(account, 'Hidden');
  const member = await api.member(account, { shareWorkspaces: [other] });
  const res = await api.call('GET', '/mobile/auth/me', { as: member });
  t.is(res.status, 200);
  t.is(res.body.data.user.flag_is_admin, 0);
  t.is(res.body.data.user.subscription_plan, 'expired');
  t.deepEqual(res.body.data.workspaces.map((w: { name: string }) => w.name), ['Shared']);
  t.is(res.body.data.current_workspace_id, other);
  t.like(res.body.data.entitlement, { status: 'expired', active: false, capabilities: [] });
});

test('missing, malformed or wrong credentials are 401, without a Basic challenge by default', async (t) => {
  const cases: Array<Record<string, string>> = [
    {},
    { authorization: 'Bearer abc' },
    { authorization: 'Basic !!!' },
    { authorization: basic(owner.email, 'wrong password') },
    { authorization: basic('nobody@example.com', 'whatever') },
  ];
  for (const headers of cases) {
    const res = await api.call('GET', '/mobile/auth/me', { headers });
    t.is(res.status, 401, JSON.stringify(headers));
    t.deepEqual(res.body, { success: false, error: { code: 'UNAUTHORIZED', message: res.body.error.message } });
    t.is(res.headers.get('www-authenticate'), null);
  }
});

test('e-mail is case-insensitive in Basic credentials', async (t) => {
  const res = await api.call('GET', '/mobile/auth/me', { as: { email: owner.email.toUpperCase(), password: owner.password } });
  t.is(res.status, 200);
});

test('POST /authenticate answers the raw user without password, or [] on failure', async (t) => {
  const res = await api.call('POST', '/authenticate', { body: { email_address: owner.email, password: owner.password } });
  t.is(res.status, 200);
  t.false('success' in res.body);
  t.like(res.body, { id: owner.userId, email_address: owner.email, flag_is_admin: 1, client_id: owner.clientId, subscription_plan: 'trial' });
  t.false(/password/i.test(JSON.stringify(res.body)));
  const wrong = await api.call('POST', '/authenticate', { body: { email_address: owner.email, password: 'nope' } });
  t.is(wrong.status, 200);
  t.deepEqual(wrong.body, []);
  const empty = await api.call('POST', '/authenticate', { body: {} });
  t.deepEqual(empty.body, []);
  const malformed = await api.call('POST', '/authenticate', { rawBody: '{"email_address":' });
  t.is(malformed.status, 400);
  t.is(malformed.body.error.code, 'BAD_REQUEST');
});

test('a password change (credentialsVersion) ends a cached sign-in at once', async (t) => {
  const account = await api.account('pro');
  t.is((await api.call('GET', '/mobile/auth/me', { as: account })).status, 200);
  const em = api.em;
  const { User } = await import('../../src/store/entities/user.js');
  const { hashPassword } = await import('../../src/domain/password-hash.js');
  const user = await em.findOneOrFail(User, account.userId);
  user.passwordHash = await hashPassword('a new password');
  user.credentialsVersion += 1;
  await em.flush();
  t.is((await api.call('GET', '/mobile/auth/me', { as: account })).status, 401);
  t.is((await api.call('GET', '/mobile/auth/me', { as: { email: account.email, password: 'a new password' } })).status, 200);
});
