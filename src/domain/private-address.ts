import { BlockList, isIP } from 'node:net';

/**
 * Address classes a hosted probe or webhook must not reach unless private targets are allowed:
 * a target that resolves to one of them would let a tenant probe the operator's own network.
 * One classifier for creation (validation) and connection time (probes, notification channels).
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
  | 'documentation'
  | 'reserved';

/** IANA's IPv4 special-purpose and multicast registries: none of these is a public unicast target. */
const IPV4_RANGES: ReadonlyArray<[string, number, AddressClass]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'reserved'],
  ['192.52.193.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IANA's IPv6 special-purpose registry, less the forms that embed an IPv4 address (classified by that address below). */
const IPV6_RANGES: ReadonlyArray<[string, number, AddressClass]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'reserved'],
  ['64:ff9b:1::', 48, 'private'],
  ['2001::', 23, 'reserved'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'reserved'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved'],
  ['ff00::', 8, 'multicast'],
];

const compile = (ranges: ReadonlyArray<[string, number, AddressClass]>, family: 'ipv4' | 'ipv6') =>
  ranges.map(([network, prefix, kind]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, kind };
  });

const IPV4_RULES = compile(IPV4_RANGES, 'ipv4');
const IPV6_RULES = compile(IPV6_RANGES, 'ipv6');

/** The 16 bytes of an IPv6 literal (already checked with isIP), the dotted-quad tail included. */
export function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined): string[] => (part ? part.split(':') : []);
  const fill = tail === undefined ? [] : new Array<string>(8 - groups(head).length - groups(tail).length).fill('0');
  return [...groups(head), ...fill, ...groups(tail)].flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

const dotted = (bytes: readonly number[]): string => bytes.join('.');

/**
 * The IPv4 address an IPv6 address carries, when it is one of the transition forms that reach
 * an IPv4 host: mapped (`::ffff:a.b.c.d`), translated (`::ffff:0:a.b.c.d`), compatible
 * (`::a.b.c.d`), NAT64 well-known prefix (`64:ff9b::/96`), 6to4 (`2002:AABB:CCDD::/48`) and
 * Teredo (`2001:0::/32`, client address inverted in the last 32 bits).
 */
export function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  const zeros = (from: number, to: number): boolean => b.slice(from, to).every((x) => x === 0);
  const last = b.slice(12, 16);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return dotted(last);
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return dotted(last);
  if (zeros(0, 12) && !zeros(12, 16) && !(zeros(12, 15) && b[15] === 1)) return dotted(last);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return dotted(last);
  if (b[0] === 0x20 && b[1] === 0x02) return dotted(b.slice(2, 6));
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return dotted(last.map((x) => x ^ 0xff));
  return null;
}

const classifyIpv4 = (address: string): AddressClass => IPV4_RULES.find((rule) => rule.list.check(address, 'ipv4'))?.kind ?? 'public';

function classifyIpv6(address: string): AddressClass {
  const inner = embeddedIpv4(address);
  if (inner !== null && classifyIpv4(inner) !== 'public') return classifyIpv4(inner);
  return IPV6_RULES.find((rule) => rule.list.check(address, 'ipv6'))?.kind ?? 'public';
}

/**
 * The IP address a host names by itself, as a connection would use it, or null for a name:
 * brackets, an IPv6 zone and a trailing dot are dropped, and IPv4 is read as the URL standard
 * (and inet_aton) reads it, so `127.1`, `0x7f000001`, `2130706433` and `0177.0.0.1` all are 127.0.0.1.
 */
export function canonicalAddress(host: string): string | null {
  const bare = host.replace(/^\[|\]$/g, '').replace(/%.*$/, '').replace(/\.$/, '');
  if (isIP(bare) !== 0) return bare.toLowerCase();
  if (!/^[0-9a-fx.]+$/i.test(bare)) return null;
  try {
    const parsed = new URL(`http://${bare}/`).hostname;
    return isIP(parsed) === 4 ? parsed : null;
  } catch {
    return null;
  }
}

/** Classifies an IP literal in any of the forms above; anything else is `reserved`, never a valid target. */
export function classifyAddress(address: string): AddressClass {
  const canonical = canonicalAddress(address);
  if (canonical === null) return 'reserved';
  return isIP(canonical) === 4 ? classifyIpv4(canonical) : classifyIpv6(canonical);
}

/** True when the address is loopback, private, link-local, unique-local or otherwise not a public unicast address. */
export const isPrivateAddress = (address: string): boolean => classifyAddress(address) !== 'public';

/**
 * Whether a user-given host (an address in any form, or a name) is refused as a target without
 * a DNS look-up: a private address, or `localhost` and its subdomains (with or without the
 * trailing dot). Names are checked again at connection time, against what they resolve to.
 */
export function isPrivateHost(host: string): boolean {
  if (canonicalAddress(host) !== null) return isPrivateAddress(host);
  const name = host.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
