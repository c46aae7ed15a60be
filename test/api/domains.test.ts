import test from 'ava';
import { CertificateSnapshot, Domain } from '../../src/store/entities/domain.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

const DAY = 86_400_000;
let api: ApiHarness;
let owner: Account;
const checked: number[] = [];

test.before(async () => {
  api = await ApiHarness.start({
    domainChecker: {
      checkNow: async (domainId: number) => {
        checked.push(domainId);
        const em = api.em;
        const domain = await em.findOneOrFail(Domain, domainId);
        domain.lastCheckedAt = new Date();
        domain.lastCheckError = 'connection refused';
        await em.flush();
      },
    },
  });
  owner = await api.account('trial');
});

test.after.always(async () => {
  await api?.close();
});

const create = (account: Account, body: unknown) => api.call('POST', '/mobile/domains', { account, body });

async function group(account: Account, name: string): Promise<number> {
  const res = await api.call('POST', '/mobile/notification-groups', { account, body: { name, email_addresses: ['ops@example.com'] } });
  return res.body.data.id;
}

async function snapshot(domainId: number, notAfter: Date, seen: Date, fingerprint: string): Promise<number> {
  const em = api.em;
  const row = em.create(CertificateSnapshot, {
    domain: domainId,
    subject: 'CN=shop.example.com',
    issuer: 'CN=Test CA',
    subjectAltNames: ['shop.example.com', 'www.shop.example.com'],
    notBefore: new Date(notAfter.getTime() - 90 * DAY),
    notAfter,
    serialNumber: '0A1B2C',
    fingerprintSha256: fingerprint,
    chain: [{ subject: 'CN=shop.example.com', issuer: 'CN=Test CA', notAfter: notAfter.toISOString(), fingerprintSha256: fingerprint }],
    trusted: true,
    hostnameMatches: true,
    firstSeenAt: seen,
    lastSeenAt: seen,
  });
  await em.flush();
  const domain = await em.findOneOrFail(Domain, domainId);
  domain.currentCertificate = row;
  domain.certificateNotAfter = notAfter;
  domain.lastCheckedAt = seen;
  await em.flush();
  return row.id;
}

test('create normalises the name, attaches groups, answers 201; detail shows groups and no certificate yet', async (t) => {
  const g = await group(owner, 'Certs');
  const res = await create(owner, { name: '  Shop.Example.COM. ', description: 'storefront', notification_group_ids: [g] });
  t.is(res.status, 201);
  const detail = await api.call('GET', `/mobile/domains/${res.body.data.id}`, { account: owner });
  t.is(detail.status, 200);
  t.like(detail.body.data, { name: 'shop.example.com', description: 'storefront', active: true, notification_group_ids: [g], can_mutate: true, certificate: null });
  t.deepEqual(detail.body.data.groups, [{ id: g, name: 'Certs' }]);
  const idn = await create(owner, { name: 'bücher.example' });
  t.is(idn.status, 201);
  t.is((await api.call('GET', `/mobile/domains/${idn.body.data.id}`, { account: owner })).body.data.name, 'xn--bcher-kva.example');
  const duplicate = await create(owner, { name: 'SHOP.example.com' });
  t.is(duplicate.status, 409);
  t.is(duplicate.body.error.code, 'CONFLICT');
});

test('name, description and group rules at their edges', async (t) => {
  const label63 = 'a'.repeat(63);
  const long253 = [label63, label63, label63, 'a'.repeat(57) + '.com'].join('.');
  t.is(long253.length, 253);
  t.is((await create(owner, { name: long253 })).status, 201);
  t.is((await create(owner, { name: `${label63}.example.org`, description: 'd'.repeat(1000) })).status, 201);
  const foreignGroup = await group(await api.account('trial'), 'Foreign');
  const otherWorkspace = await api.workspace(owner, 'Other WS');
  const bad: Array<[unknown, string]> = [
    [{ name: `a${long253}` }, 'name'],
    [{ name: `${'a'.repeat(64)}.example.org` }, 'name'],
    [{ name: 'https://example.com/' }, 'name'],
    [{ name: 'example.com:443' }, 'name'],
    [{ name: '*.example.com' }, 'name'],
    [{ name: '192.0.2.1' }, 'name'],
    [{ name: '-bad.example.com' }, 'name'],
    [{ name: '' }, 'name'],
    [{}, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: 'ok.example.net', description: 'd'.repeat(1001) }, 'description'],
    [{ name: 'ok.example.net', notification_group_ids: [foreignGroup] }, 'notification_group_ids'],
    [{ name: 'ok.example.net', notification_group_ids: [0] }, 'notification_group_ids'],
    [{ name: 'ok.example.net', notification_group_ids: 'x' }, 'notification_group_ids'],
  ];
  for (const [body, field] of bad) {
    const res = await create(owner, body);
    t.is(res.status, 422, JSON.stringify(body).slice(0, 80));
    t.is(res.body.error.code, 'VALIDATION_ERROR');
    t.truthy(res.body.error.fields[field], `${field} in ${JSON.stringify(res.body.error.fields)}`);
  }
  const groupOfOtherWorkspace = (await api.call('POST', '/mobile/notification-groups', { account: owner, workspace: otherWorkspace, body: { name: 'WS2', push_enabled: true } })).body.data.id;
  t.is((await create(owner, { name: 'ok.example.net', notification_group_ids: [groupOfOtherWorkspace] })).status, 422);
  t.is((await create(owner, { name: 'ok.example.net' })).status, 201);
});

test('list filters active and expiring_within_days; bad filters are 400', async (t) => {
  const account = await api.account('trial');
  const ids: Record<string, number> = {};
  for (const name of ['a.example.com', 'b.example.com', 'c.example.com', 'd.example.com']) ids[name] = (await create(account, { name })).body.data.id;
  const now = Date.now();
  await snapshot(ids['a.example.com']!, new Date(now + 5 * DAY + 3600_000), new Date(), 'AA');
  await snapshot(ids['b.example.com']!, new Date(now + 40 * DAY), new Date(), 'BB');
  await snapshot(ids['c.example.com']!, new Date(now - DAY), new Date(), 'CC');
  await api.call('POST', `/mobile/domains/${ids['d.example.com']}/toggle`, { account });
  const names = async (query: string) => {
    const res = await api.call('GET', `/mobile/domains${query}`, { account });
    t.is(res.status, 200, query);
    return res.body.data.map((d: { name: string }) => d.name);
  };
  t.deepEqual(await names(''), ['a.example.com', 'b.example.com', 'c.example.com', 'd.example.com']);
  t.deepEqual(await names('?active=false'), ['d.example.com']);
  t.deepEqual(await names('?active=1'), ['a.example.com', 'b.example.com', 'c.example.com']);
  t.deepEqual(await names('?expiring_within_days=6'), ['a.example.com', 'c.example.com']);
  t.deepEqual(await names('?expiring_within_days=5'), ['c.example.com']);
  t.deepEqual(await names('?expiring_within_days=365'), ['a.example.com', 'b.example.com', 'c.example.com']);
  t.deepEqual(await names('?expiring_within_days=1'), ['c.example.com']);
  const list = await api.call('GET', '/mobile/domains?limit=2&offset=1', { account });
  t.deepEqual(list.body.pagination, { limit: 2, offset: 1, total: 4 });
  t.like(list.body.data[0], { name: 'b.example.com', days_until_expiry: 39 });
  for (const query of ['expiring_within_days=0', 'expiring_within_days=366', 'expiring_within_days=x', 'active=maybe', 'limit=201']) {
    const res = await api.call('GET', `/mobile/domains?${query}`, { account });
    t.is(res.status, 400, query);
    t.is(res.body.error.code, 'BAD_REQUEST');
  }
});

test('detail shows certificate metadata; history is newest first and paginated', async (t) => {
  const id = (await create(owner, { name: 'cert.example.com' })).body.data.id;
  const notAfter = new Date(Date.now() + 20 * DAY + 3600_000);
  await snapshot(id, new Date(Date.now() + 2 * DAY), new Date(Date.now() - 60 * DAY), 'OLD');
  await snapshot(id, notAfter, new Date(), 'NEW');
  const detail = await api.call('GET', `/mobile/domains/${id}`, { account: owner });
  t.deepEqual(detail.body.data.certificate, {
    subject: 'CN=shop.example.com',
    issuer: 'CN=Test CA',
    subject_alt_names: ['shop.example.com', 'www.shop.example.com'],
    not_before: new Date(notAfter.getTime() - 90 * DAY).toISOString(),
    not_after: notAfter.toISOString(),
    serial_number: '0A1B2C',
    fingerprint_sha256: 'NEW',
    days_until_expiry: 20,
    trusted: true,
    hostname_matches: true,
    verification_error: null,
  });
  t.truthy(detail.body.data.last_checked_at);
  t.is(detail.body.data.last_check_error, null);
  const history = await api.call('GET', `/mobile/domains/${id}/certificate-history`, { account: owner });
  t.is(history.status, 200);
  t.deepEqual(history.body.data.map((h: { fingerprint_sha256: string }) => h.fingerprint_sha256), ['NEW', 'OLD']);
  t.is(history.body.pagination.total, 2);
  t.truthy(history.body.data[0].first_seen_at);
  t.is(history.body.data[0].chain.length, 1);
  const second = await api.call('GET', `/mobile/domains/${id}/certificate-history?limit=1&offset=1`, { account: owner });
  t.deepEqual(second.body.data.map((h: { fingerprint_sha256: string }) => h.fingerprint_sha256), ['OLD']);
  t.is((await api.call('GET', `/mobile/domains/${id}/certificate-history?limit=0`, { account: owner })).status, 400);
});

test('update changes only given fields; rename clears the certificate; duplicates 409; kubernetes-managed 409', async (t) => {
  const id = (await create(owner, { name: 'edit.example.com', description: 'first' })).body.data.id;
  const g = await group(owner, 'Edit group');
  const res = await api.call('POST', `/mobile/domains/${id}/update`, { account: owner, body: { notification_group_ids: [g] } });
  t.is(res.status, 200);
  t.like(res.body.data, { name: 'edit.example.com', description: 'first', notification_group_ids: [g] });
  await snapshot(id, new Date(Date.now() + 10 * DAY), new Date(), 'EDIT');
  const renamed = await api.call('POST', `/mobile/domains/${id}/update`, { account: owner, body: { name: 'Edited.example.com', description: null, notification_group_ids: null } });
  t.like(renamed.body.data, { name: 'edited.example.com', description: null, notification_group_ids: [], certificate: null });
  await create(owner, { name: 'taken.example.com' });
  t.is((await api.call('POST', `/mobile/domains/${id}/update`, { account: owner, body: { name: 'taken.example.com' } })).status, 409);
  t.is((await api.call('POST', `/mobile/domains/${id}/update`, { account: owner, body: { name: 'bad name' } })).status, 422);
  const em = api.em;
  const managed = await em.findOneOrFail(Domain, id);
  managed.managedBy = 'kubernetes';
  managed.kubernetesRef = 'shop/edited';
  await em.flush();
  for (const action of ['update', 'toggle', 'delete']) {
    const refused = await api.call('POST', `/mobile/domains/${id}/${action}`, { account: owner, body: { description: 'x' } });
    t.is(refused.status, 409, action);
    t.regex(refused.body.error.message, /shop\/edited/);
  }
  t.false((await api.call('GET', `/mobile/domains/${id}`, { account: owner })).body.data.can_mutate);
});

test('toggle inverts active, delete removes; change notices published', async (t) => {
  const id = (await create(owner, { name: 'toggle.example.com' })).body.data.id;
  const off = await api.call('POST', `/mobile/domains/${id}/toggle`, { account: owner });
  t.deepEqual(off.body.data, { id, active: false });
  const on = await api.call('POST', `/mobile/domains/${id}/toggle`, { account: owner });
  t.deepEqual(on.body.data, { id, active: true });
  const removed = await api.call('POST', `/mobile/domains/${id}/delete`, { account: owner });
  t.is(removed.status, 200);
  t.is((await api.call('GET', `/mobile/domains/${id}`, { account: owner })).status, 404);
  t.is((await api.call('POST', `/mobile/domains/${id}/delete`, { account: owner })).status, 404);
  const actions = api.bus.durable.filter((m) => m.subject === `vantage.changes.domain.${id}`).map((m) => (m.data as { action: string }).action);
  t.deepEqual(actions, ['created', 'paused', 'resumed', 'deleted']);
});

test('check-now calls the domain checker and answers the refreshed domain; without one 503', async (t) => {
  const id = (await create(owner, { name: 'now.example.com' })).body.data.id;
  const res = await api.call('POST', `/mobile/domains/${id}/check-now`, { account: owner });
  t.is(res.status, 200);
  t.true(checked.includes(id));
  t.is(res.body.data.last_check_error, 'connection refused');
  t.truthy(res.body.data.last_checked_at);
  const bare = await ApiHarness.start();
  try {
    const account = await bare.account('trial');
    const domain = (await bare.call('POST', '/mobile/domains', { account, body: { name: 'x.example.com' } })).body.data.id;
    const unavailable = await bare.call('POST', `/mobile/domains/${domain}/check-now`, { account });
    t.is(unavailable.status, 503);
    t.deepEqual(Object.keys(unavailable.body), ['success', 'error']);
    t.is(unavailable.body.error.code, 'SERVICE_UNAVAILABLE');
  } finally {
    await bare.close();
  }
});

test('plan limit, permission, entitlement and isolation', async (t) => {
  const basic = await api.account('basic');
  const em = api.em;
  for (let i = 0; i < 25; i++) em.create(Domain, { workspace: basic.workspaceId, name: `d${i}.example.com` });
  await em.flush();
  const limited = await create(basic, { name: 'one-more.example.com' });
  t.is(limited.status, 403);
  t.is(limited.body.error.code, 'FORBIDDEN');
  t.regex(limited.body.error.message, /25 domains/);

  const id = (await create(owner, { name: 'iso.example.com' })).body.data.id;
  const member = await api.member(owner, { permissions: { manage_domains: false }, shareWorkspaces: [owner.workspaceId] });
  t.is((await api.call('GET', `/mobile/domains/${id}`, { as: member, workspace: owner.workspaceId })).status, 200);
  t.is((await api.call('POST', `/mobile/domains/${id}/toggle`, { as: member, workspace: owner.workspaceId })).status, 403);
  t.is((await api.call('POST', '/mobile/domains', { as: member, workspace: owner.workspaceId, body: { name: 'm.example.com' } })).status, 403);

  const expired = await api.account('expired');
  const refused = await create(expired, { name: 'late.example.com' });
  t.is(refused.status, 402);
  t.is((await api.call('GET', '/mobile/domains', { account: expired })).status, 200);

  const other = await api.account('trial');
  for (const [method, path] of [['GET', ''], ['GET', '/certificate-history'], ['POST', '/update'], ['POST', '/toggle'], ['POST', '/delete'], ['POST', '/check-now']] as const) {
    const res = await api.call(method, `/mobile/domains/${id}${path}`, { account: other, ...(method === 'POST' ? { body: {} } : {}) });
    t.is(res.status, 404, `${method} ${path}`);
  }
  t.is((await api.call('GET', '/mobile/domains', { account: other, workspace: owner.workspaceId })).status, 403);
  t.is((await api.call('PUT', `/mobile/domains/${id}`, { account: owner })).status, 405);
});
