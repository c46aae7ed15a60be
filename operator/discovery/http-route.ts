import type { KubernetesObject } from '@kubernetes/client-node';
import { hostMatches, httpTarget, isWildcard, normalHost, uniqueTargets, type SourceTargets, type Target } from './targets.js';

export const GATEWAY_GROUP = 'gateway.networking.k8s.io';

export interface Listener {
  name: string;
  hostname?: string;
  port: number;
  protocol: string;
  allowedRoutes?: {
    namespaces?: { from?: 'All' | 'Same' | 'Selector'; selector?: { matchLabels?: Record<string, string> } };
    kinds?: Array<{ group?: string; kind: string }>;
  };
}

export interface Gateway extends KubernetesObject {
  spec?: { listeners?: Listener[] };
}

export interface ParentRef {
  group?: string;
  kind?: string;
  namespace?: string;
  name: string;
  sectionName?: string;
  port?: number;
}

export interface HttpRoute extends KubernetesObject {
  spec?: {
    parentRefs?: ParentRef[];
    hostnames?: string[];
    rules?: Array<{ matches?: Array<{ path?: { type?: string; value?: string } }> }>;
  };
}

const PROTOCOLS: Record<string, 'http' | 'https'> = { HTTP: 'http', HTTPS: 'https' };

/** Whether a listener lets a route of that namespace attach (allowedRoutes; Same by default). */
function admits(listener: Listener, gateway: Gateway, routeNamespace: string, namespaceLabels: (name: string) => Record<string, string> | undefined): boolean {
  const kinds = listener.allowedRoutes?.kinds;
  if (kinds && kinds.length > 0 && !kinds.some((kind) => kind.kind === 'HTTPRoute' && (kind.group ?? GATEWAY_GROUP) === GATEWAY_GROUP)) return false;
  const from = listener.allowedRoutes?.namespaces?.from ?? 'Same';
  if (from === 'All') return true;
  if (from === 'Same') return gateway.metadata?.namespace === routeNamespace;
  const wanted = listener.allowedRoutes?.namespaces?.selector?.matchLabels ?? {};
  const labels = namespaceLabels(routeNamespace) ?? {};
  return Object.entries(wanted).every(([key, value]) => labels[key] === value);
}

/** The hosts a route serves on a listener: the intersection of their host names, as the Gateway API defines it. */
function hostsOn(listener: Listener, routeHosts: readonly string[]): string[] {
  const own = listener.hostname ? normalHost(listener.hostname) : null;
  if (routeHosts.length === 0) return own ? [own] : [];
  if (!own) return [...routeHosts];
  return routeHosts.flatMap((host) => (hostMatches(own, host) ? [host] : hostMatches(host, own) ? [own] : []));
}

/** A rule's paths: Exact and PathPrefix values; a rule with no match serves `/`; regular expressions name no one path. */
function pathsOf(rule: NonNullable<NonNullable<HttpRoute['spec']>['rules']>[number]): string[] {
  const matches = rule.matches ?? [];
  if (matches.length === 0) return ['/'];
  return matches.flatMap((match) => ((match.path?.type ?? 'PathPrefix') === 'RegularExpression' ? [] : [match.path?.value || '/']));
}

/**
 * An HTTPRoute's checks: one per (hostname, path match), on each listener of a parent Gateway it
 * attaches to (its sectionName, else every listener that accepts it), with that listener's
 * protocol and port; hosts of HTTPS listeners become Domains.
 */
export function httpRouteTargets(route: HttpRoute, gateways: readonly Gateway[], namespaceLabels: (name: string) => Record<string, string> | undefined): SourceTargets {
  const namespace = route.metadata?.namespace ?? '';
  const routeHosts = (route.spec?.hostnames ?? []).map(normalHost);
  const paths = [...new Set((route.spec?.rules ?? [{}]).flatMap(pathsOf))];
  const targets: Target[] = [];
  const tlsHosts = new Set<string>();
  for (const parent of route.spec?.parentRefs ?? []) {
    if ((parent.group ?? GATEWAY_GROUP) !== GATEWAY_GROUP || (parent.kind ?? 'Gateway') !== 'Gateway') continue;
    const gateway = gateways.find((candidate) => candidate.metadata?.name === parent.name && candidate.metadata?.namespace === (parent.namespace ?? namespace));
    for (const listener of gateway?.spec?.listeners ?? []) {
      const protocol = PROTOCOLS[listener.protocol];
      if (!protocol || (parent.sectionName !== undefined && parent.sectionName !== listener.name)) continue;
      if ((parent.port !== undefined && parent.port !== listener.port) || !admits(listener, gateway!, namespace, namespaceLabels)) continue;
      for (const host of hostsOn(listener, routeHosts).filter((candidate) => !isWildcard(candidate))) {
        if (protocol === 'https') tlsHosts.add(host);
        for (const path of paths) targets.push(httpTarget(protocol, host, listener.port, path));
      }
    }
  }
  return { targets: uniqueTargets(targets), tlsHosts: [...tlsHosts] };
}
