import type { IncidentStatus } from '../store/entities/incident.js';

/** What a manual action does to an incident in a given status. */
export type IncidentDecision =
  | { kind: 'transition'; to: IncidentStatus }
  /** Already where the action leads: answer the current state, record nothing. */
  | { kind: 'unchanged' }
  | { kind: 'refused'; reason: string };

/** `open` → `acknowledged`; acknowledging an acknowledged incident is a no-op; a resolved one cannot be acknowledged. */
export function decideAcknowledge(status: IncidentStatus): IncidentDecision {
  switch (status) {
    case 'open':
      return { kind: 'transition', to: 'acknowledged' };
    case 'acknowledged':
      return { kind: 'unchanged' };
    case 'resolved':
      return { kind: 'refused', reason: 'the incident is resolved; it cannot be acknowledged' };
  }
}

/** `open` or `acknowledged` → `resolved`; resolving a resolved incident is a conflict (DESIGN.md). */
export function decideResolve(status: IncidentStatus): IncidentDecision {
  return status === 'resolved' ? { kind: 'refused', reason: 'the incident is already resolved' } : { kind: 'transition', to: 'resolved' };
}

/** The statuses an action may start from: the condition of the guarded UPDATE that performs it. */
export const ACKNOWLEDGE_FROM: readonly IncidentStatus[] = ['open'];
export const RESOLVE_FROM: readonly IncidentStatus[] = ['open', 'acknowledged'];

export const RESOLUTION_NOTES_MAX = 5000;
