import test from 'ava';
import { ApiHarness, type Account } from './helpers/api-harness.js';
import { dnsCheck } from './helpers/check-bodies.js';
import { statementsDuring } from './helpers/statement-counter.js';

/**
 * A sign-in is cached per credentials (argon2 once per minute), and what it resolves to is read
 * again on every request: changes an administrator makes take effect on the caller's next
 * request, not when the cache entry expires.
 */

let api: ApiHarness;

test.before(async () => {
  api = await ApiHarness.start();
});

test.after.always(async () => {
  await api?.close();
});

const admin = (method: string, path: string, as: Account, body?: unknown) => api.call(method, `/admin${path}`, { as, workspace: null, ...(body === undefined ? {} : { body }) });

test('permissions, shares, administrator rights, plan and removal take effect on the next request of a cached sign-in', async (t) => {
  const owner = await api.account('pro');
  const member = await api.member(owner, { shareWorkspaces: [owner.workspaceId] });
  const search = () => api.call('GET', '/mobile/search?q=x', { account: member });

  t.deepEqual((await search()).body.data.omitted, []);
  t.is((await admin('POST', `/users/${member.userId}/update`, owner, { permissions: { manage_uptime_checks: false } })).status, 200);
  t.deepEqual((await search()).body.data.omitted, ['uptime_checks']);

  t.is((await admin('POST', `/users/${member.userId}/update`, owner, { workspace_ids: [] })).status, 200);
  const unshared = await search();
  t.is(unshared.status, 403);
  t.is(unshared.body.error.code, 'FORBIDDEN');

  t.is((await admin('POST', `/users/${member.userId}/update`, owner, { is_admin: true })).status, 200);
  t.is((await search()).status, 200, 'an administrator sees every workspace of the client');

  await api.setPlan(owner, 'expired');
  const me = await api.call('GET', '/mobile/auth/me', { account: member, workspace: null });
  t.like(me.body.data.entitlement, { status: 'expired', active: false });

  t.is((await admin('POST', `/users/${member.userId}/delete`, owner)).status, 200);
  t.is((await search()).status, 401);
});

test('a cached sign-in reaches only its own client\'s workspaces, and a malformed X-Workspace-Id is still 400 after the credentials', async (t) => {
  const owner = await api.account('pro');
  const other = await api.account('pro');
  t.is((await api.call('GET', '/mobile/dashboard/summary', { account: owner })).status, 200);
  const foreign = await api.call('GET', '/mobile/dashboard/summary', { account: owner, workspace: other.workspaceId });
  t.is(foreign.status, 403);
  t.is(foreign.body.error.message, `workspace ${other.workspaceId} is not accessible to this user`);
  t.is((await api.call('GET', '/mobile/dashboard/summary', { account: owner, workspace: '01' })).status, 400);
  t.is((await api.call('GET', '/mobile/dashboard/summary', { as: { email: owner.email, password: 'wrong password' }, workspace: '01' })).status, 401);
  t.is((await api.call('GET', '/mobile/dashboard/summary', { account: owner, workspace: null })).status, 400);
});

test.serial('concurrent first calls with the same credentials verify the password once; a wrong password among them is still 401', async (t) => {
  const owner = await api.account('pro');
  const summary = (as: Account | { email: string; password: string }) => api.call('GET', '/mobile/dashboard/summary', { as, workspace: owner.workspaceId });
  let answers: Array<{ status: number }> = [];
  const statements = await statementsDuring(api.store, async () => {
    answers = await Promise.all([...Array.from({ length: 8 }, () => summary(owner)), summary({ email: owner.email, password: 'wrong password' })]);
  });
  t.deepEqual(
    answers.map((answer) => answer.status),
    [200, 200, 200, 200, 200, 200, 200, 200, 401],
  );
  // A full verification reads the throttle's failures for the e-mail and for the address: the right password's once, the wrong one's once.
  t.is(statements.filter((sql) => sql.includes('from sign_in_failures where email')).length, 2, statements.join('\n'));
});

test('the routes that check a remembered sign-in in their own statement see every change on the next request', async (t) => {
  const owner = await api.account('pro');
  const member = await api.member(owner, { shareWorkspaces: [owner.workspaceId] });
  const created = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: dnsCheck({ name: 'dns' }) });
  t.is(created.status, 201);
  const checkId = created.body.data.id as number;
  const routes = ['/mobile/uptime-checks', `/mobile/uptime-checks/${checkId}`, '/mobile/incidents', '/mobile/search?q=dns', '/mobile/dashboard/summary'];
  const share = async (workspaceIds: number[]) => t.is((await admin('POST', `/users/${member.userId}/update`, owner, { workspace_ids: workspaceIds })).status, 200);

  for (const path of routes) {
    await share([owner.workspaceId]);
    // The second call answers from the sign-in the first one read, checked by the route's statement.
    for (let call = 0; call < 2; call++) t.is((await api.call('GET', path, { account: member })).status, 200, path);
    await share([]);
    const unshared = await api.call('GET', path, { account: member });
    t.is(unshared.status, 403, `${path} once unshared`);
    t.is(unshared.body.error.code, 'FORBIDDEN', path);
  }

  // An error of the route itself comes after the sign-in's: 403 before 404, 401 before 400.
  await share([owner.workspaceId]);
  t.is((await api.call('GET', `/mobile/uptime-checks/${checkId}`, { account: member })).status, 200);
  await share([]);
  t.is((await api.call('GET', '/mobile/uptime-checks/999999', { account: member })).status, 403);

  await share([owner.workspaceId]);
  const blocked = async () => ((await api.call('GET', '/mobile/uptime-checks', { account: member })).body.data as Array<{ entitlement_blocked: boolean }>)[0]?.entitlement_blocked;
  t.false(await blocked());
  t.false(await blocked());
  await api.setPlan(owner, 'basic');
  t.true(await blocked(), 'the plan change shows on the next list');

  t.is((await api.call('GET', '/mobile/uptime-checks', { account: member })).status, 200);
  t.is((await admin('POST', `/users/${member.userId}/delete`, owner)).status, 200);
  t.is((await api.call('GET', '/mobile/uptime-checks?limit=0', { account: member })).status, 401);
});

test('a create on a remembered sign-in writes only while the rows still agree with it, and is judged again on theirs', async (t) => {
  const owner = await api.account('basic');
  const member = await api.member(owner, { shareWorkspaces: [owner.workspaceId] });
  const create = (name: string, body = dnsCheck) => api.call('POST', '/mobile/uptime-checks', { account: member, body: body({ name }) });
  const rows = async (name: string) => api.em.fork().getConnection().execute(`select id from uptime_checks where workspace_id = ${owner.workspaceId} and name = '${name}'`);
  const remember = async () => {
    for (let call = 0; call < 2; call++) t.is((await api.call('GET', '/mobile/dashboard/summary', { account: member })).status, 200);
  };

  // A basic plan has no DNS checks; the remembered sign-in still says basic after an upgrade, and the rows win.
  await remember();
  t.is((await create('before the upgrade')).status, 403);
  await api.setPlan(owner, 'pro');
  const upgraded = await create('after the upgrade');
  t.is(upgraded.status, 201, upgraded.text);
  t.is((await create('remembered after the upgrade')).status, 201);

  // A downgrade: the remembered sign-in allows DNS, the statement sees that the plan changed and writes nothing.
  await remember();
  await api.setPlan(owner, 'basic');
  const downgraded = await create('after the downgrade');
  t.is(downgraded.status, 403);
  t.is(downgraded.body.error.code, 'PLAN_CAPABILITY_REQUIRED');
  t.deepEqual(await rows('after the downgrade'), []);

  // Permission taken away, then the workspace unshared, then the user removed: nothing written each time.
  await api.setPlan(owner, 'pro');
  await remember();
  t.is((await admin('POST', `/users/${member.userId}/update`, owner, { permissions: { manage_uptime_checks: false } })).status, 200);
  t.is((await create('without the permission')).status, 403);
  t.is((await admin('POST', `/users/${member.userId}/update`, owner, { permissions: { manage_uptime_checks: true } })).status, 200);
  await remember();
  t.is((await admin('POST', `/users/${member.userId}/update`, owner, { workspace_ids: [] })).status, 200);
  t.is((await create('once unshared')).status, 403);
  t.is((await admin('POST', `/users/${member.userId}/update`, owner, { workspace_ids: [owner.workspaceId] })).status, 200);
  await remember();
  t.is((await admin('POST', `/users/${member.userId}/delete`, owner)).status, 200);
  t.is((await create('once removed')).status, 401);
  for (const name of ['without the permission', 'once unshared', 'once removed']) t.deepEqual(await rows(name), [], name);
});
