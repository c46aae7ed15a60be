import type { ProbeSpec } from '../bus/messages.js';
import type { CheckType } from '../store/entities/uptime-check.js';

/** The stored fields of a check that decide how it is probed. */
export interface CheckFields {
  checkType: CheckType;
  hostname: string;
  protocol: 'http' | 'https' | null;
  path: string | null;
  requestMethod: string | null;
  responseTimeout: number;
  responseClasses: string[];
  flagFollowRedirect: boolean;
  dnsRecordType: string | null;
  dnsExpectedValues: string[] | null;
  port: number | null;
  bannerMatchOperator: 'none' | 'contains' | 'not_contains' | null;
  bannerMatchValue: string | null;
}

/** What a check actor needs to run a check: its probe, where, how often, and the quorum. */
export interface CheckConfig {
  id: number;
  workspaceId: number;
  version: number;
  paused: boolean;
  frequencyMinutes: number;
  responseTimeoutMs: number;
  triggerLocations: string[];
  minFailingLocations: number;
  spec: ProbeSpec;
}

/** Builds the agent's probe spec from the stored check. Missing optional fields take the API's defaults. */
export function probeSpecOf(check: CheckFields): ProbeSpec {
  const timeoutMs = check.responseTimeout;
  switch (check.checkType) {
    case 'http':
      return {
        type: 'http',
        protocol: check.protocol ?? 'https',
        hostname: check.hostname,
        path: check.path || '/',
        method: check.requestMethod ?? 'get',
        timeoutMs,
        responseClasses: check.responseClasses,
        followRedirects: check.flagFollowRedirect,
      };
    case 'ping':
      return { type: 'ping', hostname: check.hostname, timeoutMs };
    case 'dns':
      return {
        type: 'dns',
        hostname: check.hostname,
        recordType: (check.dnsRecordType ?? 'A') as Extract<ProbeSpec, { type: 'dns' }>['recordType'],
        expectedValues: check.dnsExpectedValues ?? [],
        timeoutMs,
      };
    case 'tcp':
      return {
        type: 'tcp',
        hostname: check.hostname,
        port: check.port ?? 0,
        bannerOperator: check.bannerMatchOperator ?? 'none',
        bannerValue: check.bannerMatchValue ?? '',
        timeoutMs,
      };
  }
}

/** The string a person recognises the target by: the URL for HTTP, the host (and port) otherwise. */
export function urlOrHostOf(check: CheckFields): string {
  if (check.checkType === 'http') return `${check.protocol ?? 'https'}://${check.hostname}${check.path || '/'}`;
  if (check.checkType === 'tcp' && check.port !== null) return `${check.hostname}:${check.port}`;
  return check.hostname;
}
