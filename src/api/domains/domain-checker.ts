/**
 * The port through which check-now reaches the engine's domain monitor (src/engine/domain-monitor.ts).
 * It probes the certificate now and stores what it saw on the domain before resolving; the API then
 * answers the refreshed domain. Absent from ApiDependencies: check-now answers 503 SERVICE_UNAVAILABLE.
 */
export interface DomainChecker {
  checkNow(domainId: number): Promise<unknown>;
}
