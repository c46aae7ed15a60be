import type { V1Ingress } from '@kubernetes/client-node';
import { httpTarget, isWildcard, normalHost, uniqueTargets, type SourceTargets, type Target, hostMatches } from './targets.js';

/**
 * An Ingress's checks: one per (host, path) of its rules, https when a spec.tls entry covers the
 * host, else http; its TLS hosts become Domains. Rules without a host and wildcard hosts name no
 * server to probe and are left out.
 */
export function ingressTargets(ingress: V1Ingress): SourceTargets {
  const tlsHosts = (ingress.spec?.tls ?? []).flatMap((entry) => entry.hosts ?? []).map(normalHost).filter(Boolean);
  const targets: Target[] = [];
  for (const rule of ingress.spec?.rules ?? []) {
    if (!rule.host) continue;
    const host = normalHost(rule.host);
    if (isWildcard(host)) continue;
    const protocol = tlsHosts.some((tls) => hostMatches(tls, host)) ? 'https' : 'http';
    const paths = (rule.http?.paths ?? []).map((path) => path.path || '/');
    for (const path of paths.length > 0 ? paths : ['/']) targets.push(httpTarget(protocol, host, null, path));
  }
  return { targets: uniqueTargets(targets), tlsHosts: [...new Set(tlsHosts.filter((host) => !isWildcard(host)))] };
}
