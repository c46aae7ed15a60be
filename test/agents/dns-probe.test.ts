import test from 'ava';
import type { Static } from '@sinclair/typebox';
import type { DnsProbeSpec } from '../../src/bus/messages.js';
import { probeDns } from '../../agents/probes/dns.js';
import { closedPort, startDnsServer, type DnsServer } from './helpers/servers.js';
import { never } from './helpers/specs.js';

let dns: DnsServer;
const name = 'probe.test';

test.before(async () => {
  dns = await startDnsServer({
    [name]: [
      { type: 'A', name, ttl: 60, data: '10.0.0.1' },
      { type: 'A', name, ttl: 60, data: '10.0.0.2' },
      { type: 'AAAA', name, ttl: 60, data: '2001:db8::1' },
      { type: 'MX', name, ttl: 60, data: { preference: 10, exchange: 'Mail.Probe.Test' } },
      { type: 'MX', name, ttl: 60, data: { preference: 20, exchange: 'backup.probe.test' } },
      { type: 'NS', name, ttl: 60, data: 'ns1.probe.test' },
      { type: 'TXT', name, ttl: 60, data: ['v=spf1 ', '-all'] },
      { type: 'TXT', name, ttl: 60, data: 'site-verification=abc' },
    ],
    [`www.${name}`]: [{ type: 'CNAME', name: `www.${name}`, ttl: 60, data: 'edge.cdn.test' }],
  });
});

test.after.always(() => dns.close());

const spec = (recordType: Static<typeof DnsProbeSpec>['recordType'], expectedValues: string[], hostname = name): Static<typeof DnsProbeSpec> => ({
  type: 'dns',
  hostname,
  recordType,
  expectedValues,
  timeoutMs: 1000,
});

const options = () => ({ allowPrivateTargets: false, resolver: `127.0.0.1:${dns.port}` });

const cases: Array<[Static<typeof DnsProbeSpec>['recordType'], string[], string[], string?]> = [
  ['A', ['10.0.0.1'], ['10.0.0.1', '10.0.0.2']],
  ['AAAA', ['2001:DB8:0::1'], ['2001:db8::1']],
  ['CNAME', ['EDGE.cdn.test.'], ['edge.cdn.test'], `www.${name}`],
  ['MX', ['mail.probe.test', '20 backup.probe.test.'], ['10 mail.probe.test', '20 backup.probe.test']],
  ['NS', ['ns1.probe.test.'], ['ns1.probe.test']],
  ['TXT', ['v=spf1 -all'], ['v=spf1 -all', 'site-verification=abc']],
];

for (const [type, expected, answers, hostname] of cases) {
  test(`${type}: expected values present is up, with the answers`, async (t) => {
    const result = await probeDns(spec(type, expected, hostname), never, options());
    t.is(result.state, 'up', result.reason ?? '');
    t.deepEqual(result.dnsAnswers, answers);
    t.true((result.phases.dnsMs ?? -1) >= 0);
  });
}

test('A: a missing expected value is down and named', async (t) => {
  const result = await probeDns(spec('A', ['10.0.0.1', '10.0.0.9']), never, options());
  t.is(result.state, 'down');
  t.is(result.reason, 'expected value 10.0.0.9 missing');
});

test('MX: a wrong priority does not match', async (t) => {
  const result = await probeDns(spec('MX', ['5 mail.probe.test']), never, options());
  t.is(result.reason, 'expected value 5 mail.probe.test missing');
});

test('TXT compares exactly', async (t) => {
  const result = await probeDns(spec('TXT', ['V=SPF1 -ALL', 'nope']), never, options());
  t.is(result.reason, 'expected values V=SPF1 -ALL, nope missing');
});

test('a record type the name lacks is down', async (t) => {
  const result = await probeDns(spec('CNAME', ['x.test']), never, options());
  t.is(result.state, 'down');
  t.is(result.reason, `no CNAME record for ${name}`);
});

test('an unknown name is down', async (t) => {
  const result = await probeDns(spec('A', ['10.0.0.1'], 'missing.test'), never, options());
  t.is(result.reason, 'missing.test does not exist');
});

test('a resolver that does not answer is down within the timeout', async (t) => {
  const result = await probeDns({ ...spec('A', ['10.0.0.1']), timeoutMs: 300 }, never, { allowPrivateTargets: false, resolver: `127.0.0.1:${await closedPort()}` });
  t.is(result.state, 'down');
  t.true(result.latencyMs < 1000);
});

test('each probe asks the server: no answer is cached', async (t) => {
  const before = dns.queries;
  await probeDns(spec('NS', ['ns1.probe.test']), never, options());
  await probeDns(spec('NS', ['ns1.probe.test']), never, options());
  t.true(dns.queries - before >= 2);
});
