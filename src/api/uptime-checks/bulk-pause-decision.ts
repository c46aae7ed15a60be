import { capabilityDenial, capabilityForCheckType, type Entitlement } from '../../domain/entitlement.js';
import type { CheckType } from '../../store/entities/uptime-check.js';
import type { ManagedBy } from '../../store/entities/managed-by.js';

export interface BulkPauseOutcome {
  action: 'pause' | 'resume';
  /** Checks of this workspace that the request named (all of them when `ids` was omitted). */
  matched: number;
  /** Checks whose paused state changed. */
  changed: number;
  /** Already in the requested state. */
  unchanged: number;
  /** Left alone: managed by a Kubernetes manifest. */
  skipped_managed: number[];
  /** Left alone on resume: DNS/TCP checks the plan does not cover. */
  skipped_capability: number[];
  /** Ids that are not checks of this workspace (another workspace's, another client's, or none): ignored. */
  not_found: number[];
}

/** What the decision reads of each check the request names. */
export interface BulkPauseCandidate {
  id: number;
  checkType: CheckType;
  managedBy: ManagedBy;
  paused: boolean;
}

/**
 * Which of the named checks change, and the answer: a check a manifest manages is left to its
 * manifest, a resume leaves the checks the plan does not cover, and a check already in the
 * requested state is unchanged. Candidates come in id order; `ids` undefined names them all.
 */
export function decideBulkPause(
  candidates: readonly BulkPauseCandidate[],
  action: 'pause' | 'resume',
  entitlement: Entitlement,
  ids: readonly number[] | undefined,
): { outcome: BulkPauseOutcome; changing: number[] } {
  const paused = action === 'pause';
  const found = new Set(candidates.map((check) => check.id));
  const outcome: BulkPauseOutcome = {
    action,
    matched: candidates.length,
    changed: 0,
    unchanged: 0,
    skipped_managed: [],
    skipped_capability: [],
    not_found: (ids ?? []).filter((id) => !found.has(id)),
  };
  const changing: number[] = [];
  for (const check of candidates) {
    if (check.managedBy === 'kubernetes') outcome.skipped_managed.push(check.id);
    else if (!paused && capabilityDenial(entitlement, capabilityForCheckType(check.checkType))) outcome.skipped_capability.push(check.id);
    else if (check.paused === paused) outcome.unchanged++;
    else changing.push(check.id);
  }
  outcome.changed = changing.length;
  return { outcome, changing };
}
