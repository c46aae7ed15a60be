/**
 * Address and host name shapes as regular expressions in the syntax both JavaScript and RE2 read
 * (no lookaround, no backreferences): the API tests values with them, and the CRDs carry the same
 * patterns in their CEL rules, so a manifest is judged as the API would judge it.
 */
const V4_SEGMENT = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const V4 = `(?:${V4_SEGMENT}\\.){3}${V4_SEGMENT}`;
const V6_SEGMENT = '(?:[0-9a-fA-F]{1,4})';
/** Node's own IPv6 grammar (lib/internal/net.js), zone id included, so `isIP` and this agree. */
const V6 =
  '(?:' +
  `(?:${V6_SEGMENT}:){7}(?:${V6_SEGMENT}|:)|` +
  `(?:${V6_SEGMENT}:){6}(?:${V4}|:${V6_SEGMENT}|:)|` +
  `(?:${V6_SEGMENT}:){5}(?::${V4}|(?::${V6_SEGMENT}){1,2}|:)|` +
  `(?:${V6_SEGMENT}:){4}(?:(?::${V6_SEGMENT}){0,1}:${V4}|(?::${V6_SEGMENT}){1,3}|:)|` +
  `(?:${V6_SEGMENT}:){3}(?:(?::${V6_SEGMENT}){0,2}:${V4}|(?::${V6_SEGMENT}){1,4}|:)|` +
  `(?:${V6_SEGMENT}:){2}(?:(?::${V6_SEGMENT}){0,3}:${V4}|(?::${V6_SEGMENT}){1,5}|:)|` +
  `(?:${V6_SEGMENT}:){1}(?:(?::${V6_SEGMENT}){0,4}:${V4}|(?::${V6_SEGMENT}){1,6}|:)|` +
  `(?::(?:(?::${V6_SEGMENT}){0,5}:${V4}|(?::${V6_SEGMENT}){1,7}|:))` +
  ')(?:%[0-9a-zA-Z-.:]{1,})?';

export const HOST_NAME_MAX_LENGTH = 253;

/** Unanchored pattern sources, for composing. */
export const ADDRESS_PATTERNS = {
  ipv4: V4,
  ipv6: V6,
  /** RFC 1123 labels (letters, digits, inner dashes, at most 63), dot-separated, one trailing dot allowed. */
  hostName: '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.?',
  /** The same where DNS names need `_` (service labels such as `_dmarc`). */
  hostNameWithUnderscore: '(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?\\.)*[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?\\.?',
  /** A last label of digits only (after a dot or at the start): it would read as a (malformed) IPv4 address, not a name. */
  numericLastLabel: '[0-9]+\\.?',
  /** At most 253 characters, not counting one trailing dot. */
  hostNameLength: `(?:[A-Za-z0-9_.-]{1,${HOST_NAME_MAX_LENGTH}}|[A-Za-z0-9_.-]{1,${HOST_NAME_MAX_LENGTH}}\\.)`,
} as const;

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);
const IPV4 = whole(V4);
const IPV6 = whole(V6);
const HOST_NAME = whole(ADDRESS_PATTERNS.hostName);
const HOST_NAME_WITH_UNDERSCORE = whole(ADDRESS_PATTERNS.hostNameWithUnderscore);
const HOST_NAME_LENGTH = whole(ADDRESS_PATTERNS.hostNameLength);
const NUMERIC_LAST_LABEL = new RegExp(`(?:^|\\.)${ADDRESS_PATTERNS.numericLastLabel}$`);

/** Host name rules of RFC 1123 (labels of letters, digits and inner dashes, at most 253 bytes); `_` allowed where DNS names need it. */
export function isHostName(value: string, options: { allowUnderscore?: boolean } = {}): boolean {
  const shape = options.allowUnderscore ? HOST_NAME_WITH_UNDERSCORE : HOST_NAME;
  return shape.test(value) && HOST_NAME_LENGTH.test(value) && !NUMERIC_LAST_LABEL.test(value);
}

export const isIpv4 = (value: string): boolean => IPV4.test(value);
export const isIpv6 = (value: string): boolean => IPV6.test(value);
export const isIpAddress = (value: string): boolean => isIpv4(value) || isIpv6(value);

export interface HostAndPort {
  host: string;
  /** The host without IPv6 brackets, as it is resolved or dialled. */
  bareHost: string;
  port: number | null;
}

/**
 * Splits a URL authority (`example.com`, `example.com:8443`, `[2001:db8::1]:8080`, bare `2001:db8::1`)
 * into host and port. Returns null when it is not one.
 */
export function parseAuthority(value: string): HostAndPort | null {
  const bracketed = /^\[([^\]]+)\](?::([0-9]{1,5}))?$/.exec(value);
  if (bracketed) {
    const bareHost = bracketed[1]!;
    if (!isIpv6(bareHost)) return null;
    return { host: `[${bareHost}]`, bareHost, port: bracketed[2] === undefined ? null : Number(bracketed[2]) };
  }
  if (isIpv6(value)) return { host: value, bareHost: value, port: null };
  const withPort = /^([^:]+):([0-9]{1,5})$/.exec(value);
  if (withPort) return { host: withPort[1]!, bareHost: withPort[1]!, port: Number(withPort[2]) };
  if (value.includes(':')) return null;
  return { host: value, bareHost: value, port: null };
}
