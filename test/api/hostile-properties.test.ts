import test from 'ava';
import fc from 'fast-check';
import openapi from '../../src/api/generated/openapi.json' with { type: 'json' };
import { ApiHarness, type Account, type CallResult } from './helpers/api-harness.js';
import { httpCheck } from './helpers/check-bodies.js';

/**
 * Property-based hostile input, generated from the OpenAPI document the API serves: for every
 * operation, arbitrary and hostile path ids, query strings, workspace headers and bodies must
 * answer a status below 500 in the spec's envelope, leave the stored data as it was when refused,
 * and leave the server answering. Fixed seed; VANTAGE_FUZZ_RUNS (runs per operation, default 6)
 * and VANTAGE_FUZZ_SEED make a longer nightly run (README).
 */
const RUNS = Number(process.env.VANTAGE_FUZZ_RUNS ?? 6);
const SEED = Number(process.env.VANTAGE_FUZZ_SEED ?? 20_261_123);
/** Per operation, so that the whole suite stays bounded (about a minute) on a loaded machine. */
const TIME_LIMIT_MS = Number(process.env.VANTAGE_FUZZ_OPERATION_MS ?? (RUNS > 6 ? 600_000 : 1_500));

interface Operation {
  method: string;
  template: string;
  parameters: Array<{ name: string; in: string }>;
  bodyType: string | null;
  bodyFields: string[];
}

type Document = typeof openapi & { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };

function operations(document: Document): Operation[] {
  const list: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Record<string, any>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const content = operation.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0] ?? null;
      const ref: string | undefined = bodyType ? content[bodyType].schema?.$ref : undefined;
      const schema = ref ? document.components.schemas[ref.split('/').pop()!] : bodyType ? content[bodyType].schema : undefined;
      list.push({ method: method.toUpperCase(), template, parameters: operation.parameters ?? [], bodyType, bodyFields: Object.keys(schema?.properties ?? {}) });
    }
  }
  return list;
}

const HOSTILE_TEXT = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udbff', '\ud83d\ude00', '%00', '\u202e', "'; drop table users; --", '../../etc/passwd', '<script>', ' ', '', 'x'.repeat(70_000)];
const HOSTILE_NUMBERS = [2 ** 63, -(2 ** 63), 2 ** 64, 2 ** 31, -(2 ** 31) - 1, 1e308, -1e308, 0, -1, 0.5, Number.MAX_SAFE_INTEGER + 2, 5e-324];
const HOSTILE_RAW = ['%00', 'a%00b', '%ff', '%ED%A0%80', '9223372036854775808', '-9223372036854775809', '18446744073709551616', '1e400', '-1', '0', 'NaN', 'Infinity', '0x10', '', '%F0%9F%98%80'];
const HOSTILE_IDS = ['%00', '%ff', '0', '-1', '9223372036854775808', '2147483648', '2147483647', '1e3', '0x10', 'abc', '%2e%2e', '1%00', '%F0%9F%98%80', '999999', '00001', '1.0'];

const encode = (text: string): string => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(...HOSTILE_TEXT),
    fc.constantFrom<unknown>(...HOSTILE_NUMBERS),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Deeply nested JSON: arrays or objects a few thousand levels down. */
const deep = fc.tuple(fc.integer({ min: 100, max: 5000 }), fc.boolean()).map(([depth, arrays]) =>
  arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
);

const rawQueryValue = fc.oneof(fc.constantFrom(...HOSTILE_RAW), fc.string({ unit: 'binary', maxLength: 20 }).map(encode), fc.integer().map(String), fc.bigInt().map(String));
const pathId = fc.oneof(fc.constantFrom(...HOSTILE_IDS), fc.integer().map(String), fc.bigInt().map(String));

interface HostileRequest {
  path: string;
  workspace: string;
  rawBody: string | undefined;
  contentType: string | undefined;
}

function requestFor(operation: Operation, workspaceId: number): fc.Arbitrary<HostileRequest> {
  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const query = fc.array(
    fc.tuple(fc.constantFrom(...queryNames, 'unknown', 'limit[x]'), rawQueryValue).map(([name, value]) => `${encode(name)}=${value}`),
    { maxLength: 4 },
  );
  const path = fc.array(pathId, { minLength: 3, maxLength: 3 }).map((ids) => {
    let i = 0;
    return operation.template.replace(/\{[^}]+\}/g, () => ids[i++]!);
  });
  const fieldsBody = operation.bodyFields.length
    ? fc.dictionary(fc.constantFrom(...operation.bodyFields), jsonValue, { maxKeys: operation.bodyFields.length }).map((body) => JSON.stringify(body))
    : fc.constant('{}');
  const body = fc.oneof(fieldsBody, jsonValue.map((v) => JSON.stringify(v) ?? 'null'), deep, fc.string({ maxLength: 40 }), fc.constant(undefined));
  const workspace = fc.oneof({ weight: 4, arbitrary: fc.constant(String(workspaceId)) }, { weight: 1, arbitrary: fc.constantFrom('0', '-1', '9223372036854775808', 'abc', '1e3', ' ') });
  const contentType = operation.bodyType === 'multipart/form-data' ? fc.constantFrom('multipart/form-data; boundary=x', 'application/json') : fc.constantFrom('application/json', 'application/json; charset=utf-8');
  const sendsBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  return fc.record({ path, query, workspace, rawBody: sendsBody ? body : fc.constant(undefined), contentType }).map((r) => ({
    path: r.query.length ? `${r.path}?${r.query.join('&')}` : r.path,
    workspace: r.workspace,
    rawBody: r.rawBody,
    contentType: r.rawBody === undefined ? undefined : r.contentType,
  }));
}

/**
 * Requests every run starts with, one per class of hostile input, so that a short run in
 * `npm test` covers each class on every operation; the generated ones follow.
 */
function examplesFor(operation: Operation, workspaceId: number): HostileRequest[] {
  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const sendsBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  const build = (id: string, queryValue: string, fieldValue: unknown): HostileRequest => {
    const path = operation.template.replace(/\{[^}]+\}/g, id);
    const query = queryNames.map((name) => `${name}=${queryValue}`).join('&');
    const body = Object.fromEntries(operation.bodyFields.map((field) => [field, fieldValue]));
    return {
      path: query ? `${path}?${query}` : path,
      workspace: String(workspaceId),
      rawBody: sendsBody ? JSON.stringify(body) : undefined,
      contentType: sendsBody ? 'application/json' : undefined,
    };
  };
  const deepBody = sendsBody ? { ...build('1', '1', null), rawBody: `${'['.repeat(5000)}${']'.repeat(5000)}` } : build('1', '1', null);
  return [build('%ff', '%00', 'a\u0000b'), build('9223372036854775808', '9223372036854775808', 2 ** 63), build('0', '-1', '\ud800'), build('-1', '1e400', 'x'.repeat(70_000)), deepBody];
}

const FINGERPRINTED = ['clients', 'users', 'workspaces', 'workspace_shares', 'uptime_checks', 'notification_groups', 'domains', 'maintenance_windows', 'incidents', 'push_tokens', 'activity_log', 'outbox_events'];

let api: ApiHarness;
let admin: Account;

/** Every row of the tables a request could change, as one digest: a refused request must leave it as it was. */
async function fingerprint(): Promise<string> {
  const parts = FINGERPRINTED.map((table) => `(select coalesce(md5(string_agg(t::text, ',' order by t::text)), '') from "${table}" t)`);
  const [row] = await api.em.getConnection().execute<Array<{ digest: string }>>(`select md5(${parts.join(" || '|' || ")}) as digest`);
  return row!.digest;
}

function envelopeProblem(operation: Operation, res: CallResult): string | null {
  if (res.status >= 500) return `status ${res.status}`;
  const type = res.headers.get('content-type') ?? '';
  if (res.status >= 400) {
    const error = res.body?.error;
    return res.body?.success === false && typeof error?.code === 'string' && typeof error?.message === 'string' ? null : `not the error envelope: ${res.text.slice(0, 200)}`;
  }
  if (type.startsWith('text/csv') || operation.template === '/authenticate') return null;
  return res.body?.success === true ? null : `not the success envelope: ${res.text.slice(0, 200)}`;
}

test.before(async () => {
  api = await ApiHarness.start();
  admin = await api.account('pro');
  await api.call('POST', '/mobile/uptime-checks', { account: admin, body: httpCheck() });
  await api.call('POST', '/mobile/notification-groups', { account: admin, body: { name: 'seed', email_addresses: ['ops@example.com'] } });
});

test.after.always(async () => {
  await api?.close();
});

const routeList = (document: Document): string[] => operations(document).map((operation) => `${operation.method} ${operation.template}`);

test.serial('the suite is generated from the operations of the document the API serves', async (t) => {
  const served = await api.call('GET', '/openapi.json', { as: null });
  t.deepEqual(routeList(served.body as Document), routeList(openapi as Document));
  t.true(routeList(openapi as Document).length >= 50);
});

for (const operation of operations(openapi as Document)) {
  test.serial(`${operation.method} ${operation.template}: hostile input never answers 500, always the envelope, stores nothing when refused`, async (t) => {
    const before = await fingerprint();
    let current = before;
    await fc.assert(
      fc.asyncProperty(requestFor(operation, admin.workspaceId), async (request) => {
        const res = await api.call(operation.method, request.path, {
          as: admin,
          workspace: request.workspace,
          ...(request.rawBody !== undefined ? { rawBody: request.rawBody, headers: { 'content-type': request.contentType! } } : {}),
        });
        const problem = envelopeProblem(operation, res);
        if (problem) throw new Error(`${operation.method} ${request.path}: ${problem}`);
        const after = await fingerprint();
        if (res.status >= 400 && after !== current) throw new Error(`${operation.method} ${request.path} answered ${res.status} but changed stored data`);
        current = after;
        const next = await api.call('GET', '/mobile/auth/me', { account: admin });
        if (next.status !== 200) throw new Error(`the next request answered ${next.status}`);
      }),
      { seed: SEED, numRuns: RUNS, examples: examplesFor(operation, admin.workspaceId).map((request) => [request]), interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, endOnFailure: true },
    );
    t.pass();
  });
}
