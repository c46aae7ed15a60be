import test from 'ava';
import { Workspace } from '../../src/store/entities/workspace.js';
import { ApiHarness, basic, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let challenging: ApiHarness;
let admin: Account;

test.before(async () => {
  [api, challenging] = await Promise.all([ApiHarness.start(), ApiHarness.start({}, { VANTAGE_BASIC_CHALLENGE: '1' })]);
  admin = await api.account('pro');
});

test.after.always(async () => {
  await Promise.all([api?.close(), challenging?.close()]);
});

test('authentication comes first: an unauthenticated upload of the wrong type is 401, not 415', async (t) => {
  for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/json' }, {}] as Array<Record<string, string>>) {
    const res = await api.call('POST', '/mobile/account/upload-image', { as: null, rawBody: 'hello', headers });
    t.is(res.status, 401, JSON.stringify(headers));
    t.is(res.body.error.code, 'UNAUTHORIZED');
  }
  const malformed = await api.call('POST', '/mobile/uptime-checks', { as: null, workspace: null, rawBody: '{not json' });
  t.is(malformed.status, 401);
  const badId = await api.call('GET', '/mobile/uptime-checks/%ff', { as: null });
  t.is(badId.status, 401);
});

test('every answer says nosniff; API answers are no-store; /docs has a CSP with frame-ancestors', async (t) => {
  const me = await api.call('GET', '/mobile/auth/me', { as: admin });
  t.is(me.status, 200);
  t.is(me.headers.get('x-content-type-options'), 'nosniff');
  t.is(me.headers.get('cache-control'), 'no-store');
  for (const path of ['//healthz', '//nowhere', '/nowhere', '/openapi.json']) {
    const res = await api.call('GET', path, { as: null });
    t.is(res.headers.get('x-content-type-options'), 'nosniff', path);
  }
  t.is((await api.call('GET', '/mobile/auth/me', { as: null })).headers.get('cache-control'), 'no-store');
  const docs = await fetch(`${api.origin}/docs/`);
  t.is(docs.status, 200);
  t.regex(docs.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  t.regex(docs.headers.get('content-security-policy') ?? '', /script-src 'self'/);
  t.is(docs.headers.get('x-frame-options'), 'DENY');
});

test('CSRF: form-shaped and cross-site body-less posts cannot delete a workspace', async (t) => {
  const target = await api.workspace(admin, 'victim');
  const path = `/admin/workspaces/${target}/delete`;
  const forms = [
    { 'content-type': 'application/x-www-form-urlencoded' },
    { 'content-type': 'text/plain' },
    { 'content-type': 'multipart/form-data; boundary=x' },
  ];
  for (const headers of forms) {
    const res = await api.call('POST', path, { as: admin, workspace: null, headers });
    t.is(res.status, 415, JSON.stringify(headers));
  }
  const crossSite: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
  for (const headers of crossSite) {
    const res = await api.call('POST', path, { as: admin, workspace: null, headers });
    t.is(res.status, 403, JSON.stringify(headers));
    t.regex(res.body.error.message, /cross-site/);
  }
  t.truthy(await api.em.findOne(Workspace, target));
  const sameOrigin = await api.call('POST', path, { as: admin, workspace: null, headers: { origin: api.origin, 'sec-fetch-site': 'same-origin' } });
  t.is(sameOrigin.status, 200, sameOrigin.text);
  t.is(await api.em.findOne(Workspace, target), null);
});

test('401 answers carry no WWW-Authenticate challenge unless VANTAGE_BASIC_CHALLENGE=1', async (t) => {
  const wrong = { email: admin.email, password: 'not the password' };
  for (const as of [null, wrong]) {
    const res = await api.call('GET', '/mobile/auth/me', { as });
    t.is(res.status, 401);
    t.is(res.headers.get('www-authenticate'), null);
  }
  const challenged = await fetch(`${challenging.origin}/app/api/v1/mobile/auth/me`, { headers: { authorization: basic('nobody@example.com', 'x') } });
  t.is(challenged.status, 401);
  t.regex(challenged.headers.get('www-authenticate') ?? '', /^Basic /);
});
