import { Writable } from 'node:stream';
import { Validator } from '@seriousme/openapi-schema-validator';
import test from 'ava';
import { createLogger } from '../../src/log.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

const logLines: string[] = [];
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let api: ApiHarness;
let owner: Account;

test.before(async () => {
  api = await ApiHarness.start({
    logger: createLogger('error', logSink),
    // A fault in a dependency stands in for any unexpected error.
    probeSupport: () => {
      throw new Error('secret detail of a fault');
    },
  });
  owner = await api.account('trial');
});

test.after.always(async () => {
  await api?.close();
});

const isErrorEnvelope = (body: unknown, code: string): boolean => {
  const b = body as { success?: unknown; error?: { code?: unknown; message?: unknown } };
  return b?.success === false && b.error?.code === code && typeof b.error?.message === 'string' && b.error.message.length > 0;
};

test('unknown paths are 404 NOT_FOUND in the envelope, inside and outside the API', async (t) => {
  for (const path of ['/mobile/nothing-here', '/mobile/uptime-checks/1/unknown-action', '//app/api/v2/mobile/auth/me', '//nope']) {
    const res = await api.call('GET', path, { account: owner });
    t.is(res.status, 404, path);
    t.true(isErrorEnvelope(res.body, 'NOT_FOUND'), path);
  }
});

test('other methods on a known path are 405 METHOD_NOT_ALLOWED with Allow', async (t) => {
  const cases: Array<[string, string, string]> = [
    ['PUT', '/mobile/uptime-checks', 'GET, POST'],
    ['DELETE', '/mobile/uptime-checks/1', 'GET'],
    ['PATCH', '/mobile/uptime-checks/1', 'GET'],
    ['POST', '/mobile/uptime-checks/1', 'GET'],
    ['POST', '/mobile/uptime-checks/options', 'GET'],
    ['GET', '/mobile/uptime-checks/bulk-pause', 'POST'],
    ['GET', '/mobile/uptime-checks/1/update', 'POST'],
    ['DELETE', '/mobile/uptime-checks/1/delete', 'POST'],
    ['GET', '/mobile/uptime-checks/1/pause', 'POST'],
    ['GET', '/mobile/uptime-checks/1/resume', 'POST'],
    ['GET', '/mobile/uptime-checks/1/favorite', 'POST'],
    ['GET', '/mobile/uptime-checks/1/test-now', 'POST'],
    ['POST', '/mobile/uptime-checks/1/runs', 'GET'],
    ['POST', '/mobile/uptime-checks/1/latency', 'GET'],
    ['POST', '/mobile/uptime-checks/1/sla-calendar', 'GET'],
    ['POST', '/mobile/uptime-checks/1/export-csv', 'GET'],
    ['POST', '/mobile/auth/me', 'GET'],
    ['GET', '/authenticate', 'POST'],
    ['POST', '/openapi.json', 'GET'],
  ];
  for (const [method, path, allow] of cases) {
    // Credentials are not even looked at: the method is wrong for the route whoever asks.
    const res = await api.call(method, path);
    t.is(res.status, 405, `${method} ${path}`);
    t.true(isErrorEnvelope(res.body, 'METHOD_NOT_ALLOWED'), `${method} ${path}`);
    t.is(res.headers.get('allow'), allow, `${method} ${path}`);
  }
});

test('malformed JSON is 400 BAD_REQUEST; a body over 256 KiB is 413; a non-JSON body is 415', async (t) => {
  const malformed = await api.call('POST', '/mobile/uptime-checks', { account: owner, rawBody: '{"name": "x",' });
  t.is(malformed.status, 400);
  t.true(isErrorEnvelope(malformed.body, 'BAD_REQUEST'));
  const notObject = await api.call('POST', '/mobile/uptime-checks', { account: owner, rawBody: '"just a string"' });
  t.is(notObject.status, 400);
  const overflow = await api.call('POST', '/mobile/uptime-checks', { account: owner, rawBody: '{"name":"x","check_type":"ping","hostname":"a.test","check_frequency":1e309}' });
  t.is(overflow.status, 400, 'a number JSON parses to Infinity is not taken for a missing field');
  t.true(isErrorEnvelope(overflow.body, 'BAD_REQUEST'));
  const large = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: { name: 'x'.repeat(256 * 1024) } });
  t.is(large.status, 413);
  t.true(isErrorEnvelope(large.body, 'PAYLOAD_TOO_LARGE'));
  const justUnder = await api.call('POST', '/mobile/uptime-checks', { account: owner, body: { name: 'x'.repeat(255 * 1024) } });
  t.is(justUnder.status, 422, 'a body under the limit reaches validation');
  const text = await api.call('POST', '/mobile/uptime-checks', { account: owner, rawBody: 'name=x', headers: { 'content-type': 'text/plain' } });
  t.is(text.status, 415);
  t.true(isErrorEnvelope(text.body, 'UNSUPPORTED_MEDIA_TYPE'));
});

test('X-Request-Id is echoed, or generated when absent or unusable', async (t) => {
  const echoed = await api.call('GET', '/mobile/auth/me', { account: owner, headers: { 'x-request-id': 'trace-42.a_b' } });
  t.is(echoed.headers.get('x-request-id'), 'trace-42.a_b');
  const generated = await api.call('GET', '/mobile/auth/me', { account: owner });
  t.regex(generated.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  const replaced = await api.call('GET', '/mobile/auth/me', { account: owner, headers: { 'x-request-id': 'bad value with spaces' } });
  t.regex(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
});

test('an unexpected fault is 500 INTERNAL without details, logged with the request id', async (t) => {
  const res = await api.call('GET', '/mobile/uptime-checks/options', { account: owner, headers: { 'x-request-id': 'fault-1' } });
  t.is(res.status, 500);
  t.true(isErrorEnvelope(res.body, 'INTERNAL'));
  t.false(res.text.includes('secret detail'));
  t.false(/at .+\.js:\d+/.test(res.text), 'no stack trace');
  t.regex(res.body.error.message, /fault-1/);
  const line = logLines.map((l) => JSON.parse(l)).find((l) => l.requestId === 'fault-1');
  t.truthy(line);
  t.regex(JSON.stringify(line), /secret detail/);
});

test('X-Workspace-Id: missing or invalid 400, inaccessible 403, another client\'s 403', async (t) => {
  const other = await api.account('trial');
  const member = await api.member(owner, { shareWorkspaces: [] });
  const cases: Array<[Account, number | string | null, number]> = [
    [owner, null, 400],
    [owner, '', 400],
    [owner, 'abc', 400],
    [owner, '0', 400],
    [owner, '-3', 400],
    [owner, '1.5', 400],
    [owner, '99999999999', 400],
    [owner, 999999, 403],
    [owner, other.workspaceId, 403],
    [member, owner.workspaceId, 403],
    [owner, owner.workspaceId, 200],
  ];
  for (const [who, workspace, status] of cases) {
    const res = await api.call('GET', '/mobile/uptime-checks', { as: who, workspace });
    t.is(res.status, status, `workspace ${String(workspace)}`);
    if (status === 400) t.true(isErrorEnvelope(res.body, 'BAD_REQUEST'));
    if (status === 403) t.true(isErrorEnvelope(res.body, 'FORBIDDEN'));
  }
});

test('a non-administrator sees a workspace once it is shared; administrators see every workspace of their client', async (t) => {
  const second = await api.workspace(owner, 'Second');
  const member = await api.member(owner, { shareWorkspaces: [second] });
  t.is((await api.call('GET', '/mobile/uptime-checks', { as: member, workspace: second })).status, 200);
  t.is((await api.call('GET', '/mobile/uptime-checks', { as: member, workspace: owner.workspaceId })).status, 403);
  const admin = await api.member(owner, { isAdmin: true });
  t.is((await api.call('GET', '/mobile/uptime-checks', { as: admin, workspace: second })).status, 200);
  t.is((await api.call('GET', '/mobile/uptime-checks', { as: admin, workspace: owner.workspaceId })).status, 200);
});

test('the OpenAPI document is served, is structurally OpenAPI 3, and lists every route of the API', async (t) => {
  const res = await api.call('GET', '/openapi.json');
  t.is(res.status, 200);
  const doc = res.body;
  t.regex(doc.openapi, /^3\.\d+\.\d+$/);
  t.is(typeof doc.info.title, 'string');
  t.is(typeof doc.info.version, 'string');
  t.deepEqual(doc.servers, [{ url: '/app/api/v1' }]);
  t.like(doc.components.securitySchemes.basic, { type: 'http', scheme: 'basic' });
  const validation = await new Validator().validate(doc);
  t.true(validation.valid, JSON.stringify(validation.errors ?? null).slice(0, 2000));
  const expected: Record<string, string[]> = {
    '/mobile/auth/me': ['get'],
    '/authenticate': ['post'],
    '/mobile/uptime-checks/options': ['get'],
    '/mobile/uptime-checks': ['get', 'post'],
    '/mobile/uptime-checks/bulk-pause': ['post'],
    '/mobile/uptime-checks/{id}': ['get'],
    '/mobile/uptime-checks/{id}/update': ['post'],
    '/mobile/uptime-checks/{id}/delete': ['post'],
    '/mobile/uptime-checks/{id}/pause': ['post'],
    '/mobile/uptime-checks/{id}/resume': ['post'],
    '/mobile/uptime-checks/{id}/favorite': ['post'],
    '/mobile/uptime-checks/{id}/test-now': ['post'],
    '/mobile/uptime-checks/{id}/runs': ['get'],
    '/mobile/uptime-checks/{id}/latency': ['get'],
    '/mobile/uptime-checks/{id}/sla-calendar': ['get'],
    '/mobile/uptime-checks/{id}/export-csv': ['get'],
  };
  for (const [path, methods] of Object.entries(expected)) {
    t.truthy(doc.paths[path], path);
    t.deepEqual(Object.keys(doc.paths[path] ?? {}).sort(), methods, path);
  }
  // Every operation has responses, every $ref resolves, every path parameter is declared.
  const schemas = doc.components.schemas as Record<string, unknown>;
  const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
  for (const ref of refs) t.truthy(schemas[decodeURIComponent(ref.split('/').pop()!.replace(/"$/, ''))], ref);
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { responses: object; parameters?: Array<{ name: string; in: string }> }>>)) {
    for (const operation of Object.values(item)) {
      t.true(Object.keys(operation.responses).length > 0, path);
      for (const name of path.match(/\{([^}]+)\}/g) ?? []) {
        t.truthy(operation.parameters?.find((p) => p.in === 'path' && `{${p.name}}` === name), `${path} ${name}`);
      }
    }
  }
});

test('the docs are browsable at /docs', async (t) => {
  const res = await api.call('GET', '//docs/');
  t.is(res.status, 200);
  t.regex(res.headers.get('content-type') ?? '', /text\/html/);
  t.regex(res.text, /swagger/i);
});
