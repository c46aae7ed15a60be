import { isIP } from 'node:net';

/** Host name rules of RFC 1123 (labels of letters, digits and inner dashes, at most 253 bytes); `_` allowed where DNS names need it. */
export function isHostName(value: string, options: { allowUnderscore?: boolean } = {}): boolean {
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  if (name.length === 0 || name.length > 253) return false;
  const label = options.allowUnderscore ? /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i : /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
  const labels = name.split('.');
  if (!labels.every((part) => label.test(part))) return false;
  // An all-numeric last label would read as a (malformed) IPv4 address, not a name.
  return !/^[0-9]+$/.test(labels[labels.length - 1]!);
}

export const isIpAddress = (value: string): boolean => isIP(value) !== 0;

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
    if (isIP(bareHost) !== 6) return null;
    return { host: `[${bareHost}]`, bareHost, port: bracketed[2] === undefined ? null : Number(bracketed[2]) };
  }
  if (isIP(value) === 6) return { host: value, bareHost: value, port: null };
  const withPort = /^([^:]+):([0-9]{1,5})$/.exec(value);
  if (withPort) return { host: withPort[1]!, bareHost: withPort[1]!, port: Number(withPort[2]) };
  if (value.includes(':')) return null;
  return { host: value, bareHost: value, port: null };
}
