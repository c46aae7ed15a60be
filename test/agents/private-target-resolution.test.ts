import test from 'ava';
import { probeHttp } from '../../agents/probes/http.js';
import { probePing } from '../../agents/probes/ping.js';
import { probeTcp } from '../../agents/probes/tcp.js';
import { probeTls } from '../../agents/probes/tls.js';
import { startDnsServer, startHttpServer, type DnsServer, type Running } from './helpers/servers.js';
import { httpSpec, never } from './helpers/specs.js';

/** Names whose only answers are IPv4-in-IPv6 transition forms or special-purpose IPv4 ranges. */
const zone = {
  'nat64.test': [{ type: 'AAAA' as const, name: 'nat64.test', ttl: 60, data: '64:ff9b::7f00:1' }],
  'sixtofour.test': [{ type: 'AAAA' as const, name: 'sixtofour.test', ttl: 60, data: '2002:a9fe:a9fe::1' }],
  'teredo.test': [{ type: 'AAAA' as const, name: 'teredo.test', ttl: 60, data: '2001:0:4136:e378:8000:63bf:80ff:fffe' }],
  'bench.test': [{ type: 'A' as const, name: 'bench.test', ttl: 60, data: '198.18.0.1' }],
  'cgnat.test': [{ type: 'A' as const, name: 'cgnat.test', ttl: 60, data: '100.100.100.200' }],
};

let dns: DnsServer;
let web: Running;

test.before(async () => {
  dns = await startDnsServer(zone);
  web = await startHttpServer((_req, res) => res.end('ok'));
});

test.after.always(() => Promise.all([dns?.close(), web?.close()]));

const strict = () => ({ allowPrivateTargets: false, resolver: `127.0.0.1:${dns.port}` });

for (const name of Object.keys(zone)) {
  test(`a name resolving to a refused address (${name}) is refused at connection time by every probe type`, async (t) => {
    const results = await Promise.all([
      probeHttp(httpSpec({ hostname: `${name}:${web.port}`, path: '/' }), never, strict()),
      probeTcp({ type: 'tcp', hostname: name, port: web.port, bannerOperator: 'none', bannerValue: '', timeoutMs: 2000 }, never, strict()),
      probePing({ type: 'ping', hostname: name, timeoutMs: 2000 }, never, strict()),
      probeTls({ type: 'tls', hostname: name, port: web.port, timeoutMs: 2000 }, never, strict()),
    ]);
    for (const result of results) {
      t.is(result.state, 'down');
      t.is(result.reason, 'private address refused');
    }
  });
}

test('numeric and transition-form literals are refused without a look-up', async (t) => {
  for (const hostname of ['2130706433', '0x7f000001', '127.1', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '127.0.0.1.']) {
    const result = await probeHttp(httpSpec({ hostname: `${hostname}:${web.port}`, path: '/' }), never, strict());
    t.is(result.reason, 'private address refused', hostname);
  }
  const before = dns.queries;
  await probeTcp({ type: 'tcp', hostname: '2130706433', port: web.port, bannerOperator: 'none', bannerValue: '', timeoutMs: 2000 }, never, strict());
  t.is(dns.queries, before);
});
