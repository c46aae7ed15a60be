import test from 'ava';
import { canonicalAddress, classifyAddress, embeddedIpv4, isPrivateAddress, isPrivateHost, type AddressClass } from '../../src/domain/private-address.js';

/** Address → class, from IANA's special-purpose registries and every IPv4-in-IPv6 and numeric form. */
const cases: Array<[string, AddressClass]> = [
  // Public unicast, in every notation.
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['172.32.0.1', 'public'],
  ['100.128.0.1', 'public'],
  ['198.20.0.1', 'public'],
  ['2606:4700:4700::1111', 'public'],
  ['::ffff:8.8.8.8', 'public'],
  ['64:ff9b::808:808', 'public'],
  ['2002:808:808::1', 'public'],
  ['0x08080808', 'public'],
  // Loopback.
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['127.1', 'loopback'],
  ['127.0.1', 'loopback'],
  ['0x7f000001', 'loopback'],
  ['0x7f.0.0.1', 'loopback'],
  ['2130706433', 'loopback'],
  ['017700000001', 'loopback'],
  ['0177.0.0.1', 'loopback'],
  ['127.0.0.1.', 'loopback'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['[::ffff:7f00:1]', 'loopback'],
  ['::ffff:0:127.0.0.1', 'loopback'],
  ['::127.0.0.1', 'loopback'],
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:7f00:0001:0:0:0:0:1', 'loopback'],
  // Private and shared.
  ['10.1.2.3', 'private'],
  ['10.0.0.0', 'private'],
  ['012.1.2.3', 'private'],
  ['167772161', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['::ffff:192.168.0.1', 'private'],
  ['64:ff9b::a00:1', 'private'],
  ['64:ff9b::10.0.0.1', 'private'],
  ['2002:a00:1::', 'private'],
  ['2002:c0a8:101::1', 'private'],
  ['64:ff9b:1::a00:1', 'private'],
  ['64:ff9b:1:ffff::1', 'private'],
  ['100.64.0.1', 'shared'],
  ['100.127.255.255', 'shared'],
  ['64:ff9b::6440:1', 'shared'],
  // Link-local (cloud metadata) and unique-local.
  ['169.254.169.254', 'link-local'],
  ['0xa9fea9fe', 'link-local'],
  ['2852039166', 'link-local'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['64:ff9b::a9fe:a9fe', 'link-local'],
  ['2002:a9fe:a9fe::', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['fe80::1', 'link-local'],
  ['fd00::2', 'unique-local'],
  ['fc00::1', 'unique-local'],
  ['fd00:ec2::254', 'unique-local'],
  // Unspecified, multicast, documentation, reserved.
  ['0.0.0.0', 'unspecified'],
  ['0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['::0.0.0.2', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['ff05::1:3', 'multicast'],
  ['192.0.2.1', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['198.18.0.1', 'reserved'],
  ['198.19.255.255', 'reserved'],
  ['64:ff9b::c612:1', 'reserved'],
  ['2002:c612:1::', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.88.99.1', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['100::1', 'reserved'],
  ['2001::1', 'reserved'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'reserved'],
  ['fec0::1', 'reserved'],
  ['5f00::1', 'reserved'],
  ['example.com', 'reserved'],
];

test(`the table covers at least 60 addresses (${cases.length})`, (t) => {
  t.true(cases.length >= 60);
});

for (const [address, expected] of cases) {
  test(`${address} is ${expected}`, (t) => {
    t.is(classifyAddress(address), expected);
    t.is(isPrivateAddress(address), expected !== 'public');
  });
}

test('numeric and shorthand IPv4 forms read as a URL reads them; names stay names', (t) => {
  t.is(canonicalAddress('127.1'), '127.0.0.1');
  t.is(canonicalAddress('0x7f000001'), '127.0.0.1');
  t.is(canonicalAddress('[::1]'), '::1');
  t.is(canonicalAddress('10.0.0.1.'), '10.0.0.1');
  t.is(canonicalAddress('cafe.be'), null);
  t.is(canonicalAddress('example.com'), null);
});

test('the IPv4 inside each transition form', (t) => {
  t.is(embeddedIpv4('::ffff:10.0.0.1'), '10.0.0.1');
  t.is(embeddedIpv4('64:ff9b::c0a8:1'), '192.168.0.1');
  t.is(embeddedIpv4('2002:c0a8:1::'), '192.168.0.1');
  t.is(embeddedIpv4('2001:0:4136:e378:8000:63bf:3fff:fdd2'), '192.0.2.45');
  t.is(embeddedIpv4('2606:4700::1'), null);
});

test('hosts: localhost and its subdomains, with or without the trailing dot, and any private address form', (t) => {
  for (const host of ['localhost', 'LOCALHOST.', 'api.localhost', 'a.localhost.', '127.1', '[::ffff:127.0.0.1]', '2130706433', '10.0.0.1.']) {
    t.true(isPrivateHost(host), host);
  }
  for (const host of ['example.com', 'example.com.', 'localhost.example.com', '8.8.8.8', '[2606:4700::1]']) t.false(isPrivateHost(host), host);
});
