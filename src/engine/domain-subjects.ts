/**
 * Subjects of the domain certificate monitor. Results travel on their own durable subject in the
 * VANTAGE_RESULTS stream (`vantage.result.>`): `domains` is no partition number, so the check
 * engine's per-partition consumers (`vantage.result.<n>.*`) never see them.
 */
export const domainResultSubject = (domainId: number): string => `vantage.result.domains.${domainId}`;
export const domainResultFilter = 'vantage.result.domains.*';

/** Change notices the API publishes for domains. */
export const domainChangeFilter = 'vantage.changes.domain.*';

/**
 * Core (not durable) broadcast of each recorded check, so that the replica waiting in `checkNow`
 * learns the outcome when another replica's consumer took the result.
 */
export const domainCheckedSubject = (domainId: number): string => `vantage.domain-checked.${domainId}`;
export const domainCheckedFilter = 'vantage.domain-checked.*';
