import type { V1Service } from '@kubernetes/client-node';
import type { CheckSettings } from './annotations.js';
import { httpTarget, normalHost, type SourceTargets, type Target } from './targets.js';

/**
 * A LoadBalancer Service's checks: one per TCP port, on the first address its load balancer
 * reports (none until it reports one); TCP checks, or HTTP(S) ones when annotated so.
 */
export function serviceTargets(service: V1Service, settings: Pick<CheckSettings, 'protocol' | 'path'>): SourceTargets {
  if (service.spec?.type !== 'LoadBalancer') return { targets: [], tlsHosts: [] };
  const address = (service.status?.loadBalancer?.ingress ?? []).map((entry) => entry.ip || entry.hostname).find((value) => value);
  if (!address) return { targets: [], tlsHosts: [] };
  const host = normalHost(address);
  const ports = (service.spec.ports ?? []).filter((port) => (port.protocol ?? 'TCP') === 'TCP').map((port) => port.port);
  const targets: Target[] = [...new Set(ports)].map((port) =>
    settings.protocol === 'tcp' ? { checkType: 'tcp', host, port } : httpTarget(settings.protocol, host, port, settings.path ?? '/'),
  );
  return { targets, tlsHosts: [] };
}
