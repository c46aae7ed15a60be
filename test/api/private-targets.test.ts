import test from 'ava';
import { ApiHarness, type Account } from './helpers/api-harness.js';
import { dnsCheck, httpCheck, pingCheck, tcpCheck } from './helpers/check-bodies.js';

let api: ApiHarness;
let account: Account;

test.before(async () => {
  api = await ApiHarness.start({}, { VANTAGE_ALLOW_PRIVATE_TARGETS: '0' });
  account = await api.account('pro');
});

test.after.always(async () => {
  await api?.close();
});

/** Hosts that name loopback, private, metadata or special-purpose addresses in a form the old filter let through. */
const HOSTILE_HOSTS = [
  '64:ff9b::7f00:1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b:1::a00:1',
  '2002:7f00:1::',
  '2002:a9fe:a9fe::1',
  '2001:0:4136:e378:8000:63bf:80ff:fffe',
  '198.18.0.1',
  '192.0.0.8',
  '2130706433',
  '0x7f000001',
  '127.1',
  '0177.0.0.1',
  '127.0.0.1.',
  'localhost.',
];

const bracketed = (host: string): string => (host.includes(':') ? `[${host}]` : host);

test('every check type refuses each hostile host at creation', async (t) => {
  for (const host of HOSTILE_HOSTS) {
    const bodies = [httpCheck({ hostname: bracketed(host) }), pingCheck({ hostname: host }), tcpCheck({ hostname: host }), dnsCheck({ hostname: host })];
    for (const body of bodies) {
      const res = await api.call('POST', '/mobile/uptime-checks', { account, body });
      t.is(res.status, 422, `${body.check_type} ${host}: ${res.text}`);
      t.truthy(res.body.error.fields?.hostname, `${body.check_type} ${host}`);
    }
  }
});

test('webhook and chat URLs refuse each hostile host at creation', async (t) => {
  for (const host of HOSTILE_HOSTS) {
    for (const field of ['webhook_url', 'chat_incoming_webhook_url']) {
      const res = await api.call('POST', '/mobile/notification-groups', { account, body: { name: `g ${host} ${field}`, [field]: `https://${bracketed(host)}/hook?token=x` } });
      t.is(res.status, 422, `${field} ${host}: ${res.text}`);
      t.truthy(res.body.error.fields?.[field], `${field} ${host}`);
    }
  }
});

test('public hosts in the same notations are still accepted', async (t) => {
  for (const host of ['64:ff9b::808:808', '2002:808:808::1', 'example.com.']) {
    const res = await api.call('POST', '/mobile/uptime-checks', { account, body: tcpCheck({ hostname: host }) });
    t.is(res.status, 201, `${host}: ${res.text}`);
  }
});
