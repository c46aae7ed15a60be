import test from 'ava';
import { dnsCheck, httpCheck, pingCheck, tcpCheck } from './helpers/check-bodies.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let account: Account;

test.before(async () => {
  api = await ApiHarness.start();
  account = await api.account('pro');
});

test.after.always(async () => {
  await api?.close();
});

const ipv4s = (n: number) => Array.from({ length: n }, (_, i) => `192.0.2.${i + 1}`);
/** TXT values of `size` bytes each. */
const txt = (count: number, size: number) => Array.from({ length: count }, (_, i) => `${String(i).padStart(3, '0')}${'v'.repeat(size - 3)}`);

/** [label, body, refused field or null when valid] — each limit at its edge and one past it. */
const cases: Array<[string, Record<string, unknown>, string | null]> = [
  ['name 1 char', httpCheck({ name: 'a' }), null],
  ['name 200 chars', httpCheck({ name: 'n'.repeat(200) }), null],
  ['name 201 chars', httpCheck({ name: 'm'.repeat(201) }), 'name'],
  ['name empty', httpCheck({ name: '' }), 'name'],
  ['name blank', httpCheck({ name: '   ' }), 'name'],
  ['name missing', { check_type: 'http', hostname: 'example.com', protocol: 'https' }, 'name'],
  ['name not a string', httpCheck({ name: 12 }), 'name'],
  ['check_type missing', { name: 'no type', hostname: 'example.com' }, 'check_type'],
  ['check_type unknown', httpCheck({ check_type: 'smtp' }), 'check_type'],
  ['frequency 1', httpCheck({ check_frequency: 1 }), null],
  ['frequency 15', httpCheck({ check_frequency: 15 }), null],
  ['frequency 3', httpCheck({ check_frequency: 3 }), 'check_frequency'],
  ['frequency 16', httpCheck({ check_frequency: 16 }), 'check_frequency'],
  ['frequency 0', httpCheck({ check_frequency: 0 }), 'check_frequency'],
  ['frequency as string', httpCheck({ check_frequency: '5' }), 'check_frequency'],
  ['method options', httpCheck({ request_method: 'options' }), null],
  ['method upper case', httpCheck({ request_method: 'GET' }), 'request_method'],
  ['method trace', httpCheck({ request_method: 'trace' }), 'request_method'],
  ['timeout 1000', httpCheck({ response_timeout: 1000 }), null],
  ['timeout 30000', httpCheck({ response_timeout: 30000 }), null],
  ['timeout 999', httpCheck({ response_timeout: 999 }), 'response_timeout'],
  ['timeout 30001', httpCheck({ response_timeout: 30001 }), 'response_timeout'],
  ['classes all five', httpCheck({ response_classes: ['1XX', '2XX', '3XX', '4XX', '5XX'] }), null],
  ['classes empty', httpCheck({ response_classes: [] }), 'response_classes'],
  ['classes 6XX', httpCheck({ response_classes: ['6XX'] }), 'response_classes'],
  ['classes 200', httpCheck({ response_classes: ['200'] }), 'response_classes'],
  ['classes repeated', httpCheck({ response_classes: ['2XX', '2XX'] }), 'response_classes'],
  ['protocol missing', httpCheck({ protocol: undefined }), 'protocol'],
  ['protocol ftp', httpCheck({ protocol: 'ftp' }), 'protocol'],
  ['http host with port', httpCheck({ hostname: 'example.com:65535' }), null],
  ['http ipv6 with port', httpCheck({ hostname: '[2606:4700:4700::1111]:8080' }), null],
  ['http port 65536', httpCheck({ hostname: 'example.com:65536' }), 'hostname'],
  ['http port 0', httpCheck({ hostname: 'example.com:0' }), 'hostname'],
  ['http host with scheme', httpCheck({ hostname: 'https://example.com' }), 'hostname'],
  ['hostname missing', httpCheck({ hostname: undefined }), 'hostname'],
  ['hostname with space', pingCheck({ hostname: 'exa mple.com' }), 'hostname'],
  ['hostname label 63', pingCheck({ hostname: `${'a'.repeat(63)}.example.com` }), null],
  ['hostname label 64', pingCheck({ hostname: `${'a'.repeat(64)}.example.com` }), 'hostname'],
  ['hostname leading dash', pingCheck({ hostname: '-bad.example.com' }), 'hostname'],
  ['ping with port', pingCheck({ hostname: 'example.com:80' }), 'hostname'],
  ['ping ipv4', pingCheck({ hostname: '9.9.9.9' }), null],
  ['ping ipv6', pingCheck({ hostname: '2606:4700:4700::1001' }), null],
  ['loopback refused in the hosted shape', pingCheck({ hostname: '127.0.0.1' }), 'hostname'],
  ['private refused in the hosted shape', httpCheck({ hostname: '10.1.2.3:8080' }), 'hostname'],
  ['path /', httpCheck({ path: '/' }), null],
  ['path without slash', httpCheck({ path: 'health' }), 'path'],
  ['path with space', httpCheck({ path: '/a b' }), 'path'],
  ['path 2048', httpCheck({ path: `/${'p'.repeat(2047)}` }), null],
  ['path 2049', httpCheck({ path: `/${'p'.repeat(2048)}` }), 'path'],
  ['locations one', httpCheck({ trigger_locations: ['ap-south'] }), null],
  ['locations empty', httpCheck({ trigger_locations: [] }), 'trigger_locations'],
  ['locations unknown', httpCheck({ trigger_locations: ['mars-1'] }), 'trigger_locations'],
  ['locations repeated', httpCheck({ trigger_locations: ['eu-west', 'eu-west'] }), 'trigger_locations'],
  ['min failing = locations', httpCheck({ trigger_locations: ['eu-west', 'us-east'], min_failing_locations: 2 }), null],
  ['min failing > locations', httpCheck({ trigger_locations: ['eu-west', 'us-east'], min_failing_locations: 3 }), 'min_failing_locations'],
  ['min failing 0', httpCheck({ min_failing_locations: 0 }), 'min_failing_locations'],
  ['follow redirect true', httpCheck({ flag_follow_redirect: true }), null],
  ['follow redirect string', httpCheck({ flag_follow_redirect: 'yes' }), 'flag_follow_redirect'],
  ['dns record type missing', dnsCheck({ dns_record_type: undefined }), 'dns_record_type'],
  ['dns record type SRV', dnsCheck({ dns_record_type: 'SRV' }), 'dns_record_type'],
  ['dns host is an address', dnsCheck({ hostname: '192.0.2.1' }), 'hostname'],
  ['dns underscore name', dnsCheck({ hostname: '_dmarc.example.org', dns_record_type: 'TXT', dns_expected_values: ['v=DMARC1; p=none'] }), null],
  ['dns 20 values', dnsCheck({ dns_expected_values: ipv4s(20) }), null],
  ['dns 21 values', dnsCheck({ dns_expected_values: ipv4s(21) }), 'dns_expected_values'],
  ['dns 0 values', dnsCheck({ dns_expected_values: [] }), 'dns_expected_values'],
  ['dns values missing', dnsCheck({ dns_expected_values: undefined }), 'dns_expected_values'],
  ['dns value 512 bytes', dnsCheck({ dns_record_type: 'TXT', dns_expected_values: txt(1, 512) }), null],
  ['dns value 513 bytes', dnsCheck({ dns_record_type: 'TXT', dns_expected_values: txt(1, 513) }), 'dns_expected_values'],
  ['dns value multibyte 513 bytes', dnsCheck({ dns_record_type: 'TXT', dns_expected_values: [`${'é'.repeat(256)}x`] }), 'dns_expected_values'],
  ['dns 8192 bytes combined', dnsCheck({ dns_record_type: 'TXT', dns_expected_values: txt(16, 512) }), null],
  ['dns 8193 bytes combined', dnsCheck({ dns_record_type: 'TXT', dns_expected_values: [...txt(16, 512), 'x'] }), 'dns_expected_values'],
  ['dns A not IPv4', dnsCheck({ dns_expected_values: ['2001:db8::1'] }), 'dns_expected_values'],
  ['dns AAAA', dnsCheck({ dns_record_type: 'AAAA', dns_expected_values: ['2001:db8::1'] }), null],
  ['dns AAAA not IPv6', dnsCheck({ dns_record_type: 'AAAA', dns_expected_values: ['192.0.2.1'] }), 'dns_expected_values'],
  ['dns CNAME', dnsCheck({ dns_record_type: 'CNAME', dns_expected_values: ['target.example.net.'] }), null],
  ['dns CNAME not a host', dnsCheck({ dns_record_type: 'CNAME', dns_expected_values: ['not a host'] }), 'dns_expected_values'],
  ['dns NS not a host', dnsCheck({ dns_record_type: 'NS', dns_expected_values: ['ns1..example.net'] }), 'dns_expected_values'],
  ['dns MX priority', dnsCheck({ dns_record_type: 'MX', dns_expected_values: ['65535 mx.example.org'] }), null],
  ['dns MX priority too big', dnsCheck({ dns_record_type: 'MX', dns_expected_values: ['65536 mx.example.org'] }), 'dns_expected_values'],
  ['dns TXT empty', dnsCheck({ dns_record_type: 'TXT', dns_expected_values: [''] }), 'dns_expected_values'],
  ['tcp port 1', tcpCheck({ port: 1 }), null],
  ['tcp port 65535', tcpCheck({ port: 65535 }), null],
  ['tcp port 0', tcpCheck({ port: 0 }), 'port'],
  ['tcp port 65536', tcpCheck({ port: 65536 }), 'port'],
  ['tcp port 25', tcpCheck({ port: 25 }), 'port'],
  ['tcp port 24', tcpCheck({ port: 24 }), null],
  ['tcp port 26', tcpCheck({ port: 26 }), null],
  ['tcp port missing', tcpCheck({ port: undefined }), 'port'],
  ['banner operator unknown', tcpCheck({ banner_match_operator: 'regex', banner_match_value: 'x' }), 'banner_match_operator'],
  ['banner none with value', tcpCheck({ banner_match_operator: 'none', banner_match_value: 'x' }), 'banner_match_value'],
  ['banner none empty', tcpCheck({ banner_match_operator: 'none', banner_match_value: '' }), null],
  ['banner contains empty', tcpCheck({ banner_match_operator: 'contains', banner_match_value: '' }), 'banner_match_value'],
  ['banner not_contains 512 bytes', tcpCheck({ banner_match_operator: 'not_contains', banner_match_value: 'b'.repeat(512) }), null],
  ['banner 513 bytes', tcpCheck({ banner_match_operator: 'contains', banner_match_value: 'b'.repeat(513) }), 'banner_match_value'],
  ['group ids not integers', httpCheck({ notification_group_ids: ['a'] }), 'notification_group_ids'],
  ['group ids unknown', httpCheck({ notification_group_ids: [987654] }), 'notification_group_ids'],
];

for (const [label, body, refused] of cases) {
  test(`${refused ? 'refused' : 'accepted'}: ${label}`, async (t) => {
    const res = await api.call('POST', '/mobile/uptime-checks', { account, body });
    if (refused === null) {
      t.is(res.status, 201, res.text);
      return;
    }
    t.is(res.status, 422, res.text);
    t.is(res.body.success, false);
    t.is(res.body.error.code, 'VALIDATION_ERROR');
    t.is(typeof res.body.error.fields[refused], 'string', res.text);
  });
}

test('every refused field is reported at once, field by field', async (t) => {
  const res = await api.call('POST', '/mobile/uptime-checks', {
    account,
    body: tcpCheck({ name: '', port: 25, check_frequency: 4, response_timeout: 5, banner_match_operator: 'contains' }),
  });
  t.is(res.status, 422);
  t.deepEqual(Object.keys(res.body.error.fields).sort(), ['banner_match_value', 'check_frequency', 'name', 'port', 'response_timeout']);
});
