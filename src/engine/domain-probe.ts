import type { ProbeRequest } from '../bus/messages.js';
import { parseAuthority } from '../domain/host-name.js';
import { domainResultSubject } from './domain-subjects.js';

/** How long one TLS handshake may take. */
export const DOMAIN_PROBE_TIMEOUT_MS = 10_000;

/** How long a request may wait for a free agent before the agent drops it. */
const DISPATCH_WINDOW_MS = 10_000;

/** After this long without a result the check counts as unanswered: dispatch window, probe, and slack for the bus. */
export const DOMAIN_ANSWER_TIMEOUT_MS = DISPATCH_WINDOW_MS + DOMAIN_PROBE_TIMEOUT_MS + 5_000;

/**
 * Cycle ids of domain probes start with this; results of other installations sharing the NATS
 * server (another VANTAGE_CLUSTER_NAME) reach the same subjects and are told apart by it.
 */
export const domainCyclePrefix = (clusterName: string): string => `${clusterName}:domain:`;

export interface DomainTarget {
  id: number;
  /** The domain name, optionally with a port as in a URL authority (`example.com:8443`); 443 without. */
  name: string;
}

/**
 * The TLS probe request for one domain at one location, or why its name cannot be probed.
 * `deadlineAt` is wall-clock time, because the agent compares it with its own wall clock.
 */
export function domainProbeRequest(
  domain: DomainTarget,
  clusterName: string,
  location: string,
  requestId: string,
  wallNow: number = Date.now(),
): { request: ProbeRequest } | { unprobeable: string } {
  const authority = parseAuthority(domain.name);
  if (!authority || authority.bareHost === '') return { unprobeable: `"${domain.name}" is not a host name` };
  const port = authority.port ?? 443;
  if (port < 1 || port > 65535) return { unprobeable: `port ${port} of "${domain.name}" is out of range` };
  return {
    request: {
      requestId,
      subjectId: domain.id,
      subjectKind: 'domain',
      cycleId: `${domainCyclePrefix(clusterName)}${domain.id}:${requestId}`,
      location,
      spec: { type: 'tls', hostname: authority.bareHost, port, timeoutMs: DOMAIN_PROBE_TIMEOUT_MS },
      resultSubject: domainResultSubject(domain.id),
      deadlineAt: new Date(wallNow + DISPATCH_WINDOW_MS).toISOString(),
    },
  };
}
