/** What one discovered check probes, before the annotations' settings are applied. */
export type Target =
  | { checkType: 'http'; protocol: 'http' | 'https'; host: string; port: number | null; path: string }
  | { checkType: 'tcp'; host: string; port: number };

/** What a source asks to watch: its checks, and the TLS hosts whose certificates become Domains. */
export interface SourceTargets {
  targets: Target[];
  tlsHosts: string[];
}

const DEFAULT_PORT = { http: 80, https: 443 } as const;

/** A host as checks and domains name it: lower case, no trailing dot. */
export const normalHost = (host: string): string => host.trim().toLowerCase().replace(/\.$/, '');

/** A wildcard host names no one server to probe or certificate to fetch. */
export const isWildcard = (host: string): boolean => host.startsWith('*');

/** Whether a host matches a pattern that may be a wildcard (`*.example.com` matches one label or more in front). */
export function hostMatches(pattern: string, host: string): boolean {
  if (!isWildcard(pattern)) return pattern === host;
  return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
}

/** An HTTP target; the port is kept only when it is not the protocol's own. */
export function httpTarget(protocol: 'http' | 'https', host: string, port: number | null, path: string): Target {
  return { checkType: 'http', protocol, host, port: port === null || port === DEFAULT_PORT[protocol] ? null : port, path };
}

/** The hostname field of a check: HTTP takes a non-default port as host:port (IPv6 in brackets). */
export function checkHostname(target: Target): string {
  if (target.checkType === 'tcp' || target.port === null) return target.host;
  return `${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`;
}

/** The target as a person reads it: a URL, or tcp://host:port. */
export function targetUrl(target: Target): string {
  if (target.checkType === 'tcp') return `tcp://${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`;
  return `${target.protocol}://${checkHostname(target)}${target.path}`;
}

/** Each target once, in first-seen order. */
export function uniqueTargets(targets: readonly Target[]): Target[] {
  const seen = new Map<string, Target>();
  for (const target of targets) if (!seen.has(targetUrl(target))) seen.set(targetUrl(target), target);
  return [...seen.values()];
}
