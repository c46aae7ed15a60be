import { BlockList, isIP } from 'node:net';

/**
 * Address classes a hosted probe or webhook must not reach unless private targets are allowed:
 * a target that resolves to one of them would let a tenant probe the operator's own network.
 */
export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'reserved';

/** Checked in order; IPv4 rules also match IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`), which reach the IPv4 host. */
const ranges: ReadonlyArray<[string, number, 'ipv4' | 'ipv6', AddressClass]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'shared'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fc00::', 7, 'ipv6', 'unique-local'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['ff00::', 8, 'ipv6', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  // Deprecated IPv4-compatible form (`::127.0.0.1`): never a legitimate public target.
  ['::', 96, 'ipv6', 'reserved'],
];

const rules = ranges.map(([network, prefix, family, kind]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, kind };
});

/** Classifies an IP literal (brackets and zone allowed); anything else is `reserved`, never a valid target. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return rules.find((rule) => rule.list.check(bare, type))?.kind ?? 'public';
}

/** True when the address is loopback, private, link-local, unique-local or otherwise not a public unicast address. */
export const isPrivateAddress = (address: string): boolean => classifyAddress(address) !== 'public';
