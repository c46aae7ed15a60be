import type { CheckState } from '../store/entities/uptime-check.js';
import type { PublicComponentState, PublicPageState } from './status-page-view.js';

/** A certificate this close to its end shows its domain as degraded. */
export const CERTIFICATE_WARNING_DAYS = 7;

/**
 * A check as the public sees it: paused, then in maintenance, then its state. UNKNOWN (locations
 * disagreed or did not answer in time) reads as degraded; a check not yet run as unknown.
 */
export function checkComponentState(check: { paused: boolean; state: CheckState }, inMaintenance: boolean): PublicComponentState {
  if (check.paused) return 'paused';
  if (inMaintenance) return 'maintenance';
  switch (check.state) {
    case 'up':
      return 'operational';
    case 'down':
      return 'down';
    case 'unknown':
      return 'degraded';
    case 'pending':
      return 'unknown';
  }
}

/** A domain by its certificate: expired is down, about to expire degraded, not yet read unknown. */
export function domainComponentState(domain: { active: boolean; daysLeft: number | null }): PublicComponentState {
  if (!domain.active) return 'paused';
  if (domain.daysLeft === null) return 'unknown';
  if (domain.daysLeft < 0) return 'down';
  return domain.daysLeft < CERTIFICATE_WARNING_DAYS ? 'degraded' : 'operational';
}

/**
 * The page as a whole, paused components left out: all down is a major outage, some down a
 * partial one; then degraded, then maintenance (only when nothing is down), then operational.
 */
export function pageState(states: readonly PublicComponentState[]): PublicPageState {
  const shown = states.filter((state) => state !== 'paused');
  const down = shown.filter((state) => state === 'down').length;
  if (down > 0) return down === shown.length ? 'major_outage' : 'partial_outage';
  if (shown.includes('degraded')) return 'degraded';
  if (shown.includes('maintenance')) return 'maintenance';
  if (shown.includes('operational')) return 'operational';
  return 'unknown';
}
