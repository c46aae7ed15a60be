import { phaseOffset, slotAfter } from '../domain/schedule.js';

/** Every active domain's certificate is read this often. */
export const DOMAIN_CHECK_INTERVAL_MS = 6 * 3600_000;

/**
 * The next scheduled check of a domain strictly after `at`. Slots are epoch-aligned with a phase
 * taken from the domain id, so thousands of domains spread over the interval instead of
 * probing together, and every replica computes the same slot.
 */
export const nextDomainCheckAt = (domainId: number, at: number, intervalMs: number = DOMAIN_CHECK_INTERVAL_MS): number =>
  slotAfter(at, intervalMs, phaseOffset(domainId, intervalMs));
