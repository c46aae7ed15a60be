import test from 'ava';
import pino from 'pino';
import { Writable } from 'node:stream';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { ApiHarness, basic, type Account } from './helpers/api-harness.js';
import { httpCheck } from './helpers/check-bodies.js';

/** Every log line the API writes, to show that user values never reach it inside SQL text. */
const logLines: string[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  }),
);

let api: ApiHarness;
let account: Account;

test.before(async () => {
  api = await ApiHarness.start({ logger });
  account = await api.account('pro');
});

test.after.always(async () => {
  await api?.close();
});

const MARKER = 'needle-7f3a';

test.serial('NUL bytes and lone surrogates in any JSON string are 422 naming the field, and nothing is stored', async (t) => {
  const hostile = [`a\u0000${MARKER}`, `b\ud800${MARKER}`, `c\udc00${MARKER}`, `${MARKER}\udbff`];
  for (const name of hostile) {
    const res = await api.call('POST', '/mobile/uptime-checks', { account, body: httpCheck({ name }) });
    t.is(res.status, 422, JSON.stringify(name));
    t.is(res.body.error.code, 'VALIDATION_ERROR');
    t.truthy(res.body.error.fields?.name, res.text);
  }
  const nested = await api.call('POST', '/mobile/notification-groups', { account, body: { name: 'ok', email_addresses: ['a@example.com', `x\u0000@example.com`] } });
  t.is(nested.status, 422);
  t.truthy(nested.body.error.fields['email_addresses[1]'], nested.text);
  const key = await api.call('POST', '/mobile/uptime-checks', { account, rawBody: `{"name":"k","\\u0000":1}` });
  t.is(key.status, 422);
  t.is(await api.em.count(UptimeCheck, { name: { $like: `%${MARKER}%` } }), 0);
  const wellFormed = await api.call('POST', '/mobile/uptime-checks', { account, body: httpCheck({ name: 'emoji \ud83d\ude00 ok' }) });
  t.is(wellFormed.status, 201, wellFormed.text);
});

test.serial('numeric query values out of range are 400, never 500', async (t) => {
  for (const query of ['offset=9223372036854775808', 'offset=9223372036854775807', 'limit=9223372036854775808', 'offset=2147483648', 'offset=1e400', 'offset=-1', 'limit=0x10']) {
    const res = await api.call('GET', `/mobile/uptime-checks?${query}`, { account });
    t.is(res.status, 400, `${query}: ${res.text}`);
    t.is(res.body.success, false);
  }
  for (const query of ['actor_id=9223372036854775808', 'resource_id=-9223372036854775809', 'offset=18446744073709551616']) {
    const res = await api.call('GET', `/admin/activity-log?${query}`, { account });
    t.is(res.status, 400, `${query}: ${res.text}`);
  }
  const days = await api.call('GET', '/mobile/domains?expiring_within_days=9223372036854775808', { account });
  t.is(days.status, 400, days.text);
});

test.serial('%00 in text query values is 400 naming the parameter', async (t) => {
  const cases: Array<[string, string]> = [
    ['/mobile/uptime-checks?search=a%00b', 'search'],
    ['/mobile/search?q=a%00b', 'q'],
    ['/mobile/uptime-checks?location=eu%00', 'location'],
    ['/admin/activity-log?action=a%00', 'action'],
    ['/admin/activity-log?resource_type=%00', 'resource_type'],
    ['/mobile/incidents?unknown=%00', 'unknown'],
  ];
  for (const [path, name] of cases) {
    const res = await api.call('GET', path, { account });
    t.is(res.status, 400, `${path}: ${res.text}`);
    t.truthy(res.body.error.fields?.[name], res.text);
  }
});

test.serial('path ids that are not positive 32-bit integers are 404 before any query', async (t) => {
  for (const id of ['%ff', '%00', '0', '-1', '9223372036854775808', '2147483648', '1.5', '1e3', '0x10', '%E2%80%8B1']) {
    for (const [method, path] of [['GET', `/mobile/uptime-checks/${id}`], ['POST', `/mobile/domains/${id}/delete`], ['POST', `/admin/users/${id}/update`]] as const) {
      const res = await api.call(method, path, { account, ...(method === 'POST' ? { body: {} } : {}) });
      t.is(res.status, 404, `${method} ${path}: ${res.text}`);
      t.is(res.body.error.code, 'NOT_FOUND');
    }
  }
  t.is((await api.call('GET', '/mobile/uptime-checks/2147483647', { account })).status, 404);
});

test.serial('an upload with no profile_image part is 422, not 500', async (t) => {
  const form = new FormData();
  form.append('note', 'no file here');
  for (const body of [form, new FormData()]) {
    const res = await fetch(`${api.origin}/app/api/v1/mobile/account/upload-image`, { method: 'POST', headers: { authorization: basic(account.email, account.password) }, body });
    t.is(res.status, 422);
    t.is(((await res.json()) as any).error.code, 'VALIDATION_ERROR');
  }
});

test.serial('error logs never carry user values: no request above wrote the marker or SQL text', (t) => {
  const leaked = logLines.filter((line) => line.includes(MARKER) || /\b(insert into|select .* from)\b/i.test(line));
  t.deepEqual(leaked, []);
});
