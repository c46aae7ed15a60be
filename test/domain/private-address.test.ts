import test from 'ava';
import { classifyAddress, isPrivateAddress } from '../../src/domain/private-address.js';

const cases: Array<[string, ReturnType<typeof classifyAddress>]> = [
  ['8.8.8.8', 'public'],
  ['172.32.0.1', 'public'],
  ['2001:db8::1', 'public'],
  ['::ffff:8.8.8.8', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'shared'],
  ['169.254.169.254', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['fd00::2', 'unique-local'],
  ['fc00::1', 'unique-local'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['ff02::1', 'multicast'],
  ['255.255.255.255', 'reserved'],
  ['::127.0.0.1', 'reserved'],
  ['example.com', 'reserved'],
];

for (const [address, expected] of cases) {
  test(`${address} is ${expected}`, (t) => {
    t.is(classifyAddress(address), expected);
    t.is(isPrivateAddress(address), expected !== 'public');
  });
}
