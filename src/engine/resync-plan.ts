/**
 * What the periodic resync changes, as a pure diff of the actors running and the checks stored:
 * it heals every change notice this replica missed. Applying it reloads each check it names from
 * the database, so a check created or changed since its row was listed is judged by what is
 * stored then.
 */

/** What tells two configurations of a check apart, as a row lists it and as a running actor holds it. */
export interface VersionedCheck {
  version: number;
  paused: boolean;
}

export interface StoredCheckVersion extends VersionedCheck {
  id: number;
}

/** The actors running on this replica, as the plan reads them. */
export interface RunningChecks {
  ids(): Iterable<number>;
  /** The configuration the actor of a check holds; undefined when none runs it. */
  known(checkId: number): VersionedCheck | undefined;
}

export interface ResyncPlan {
  /** Stored in a partition this replica owns, and not running. */
  start: number[];
  /** Running with another version or paused flag than stored. */
  reload: number[];
  /** Running, and no longer stored. */
  stop: number[];
}

export function planResync(running: RunningChecks, stored: Iterable<StoredCheckVersion>, owns: (checkId: number) => boolean): ResyncPlan {
  const plan: ResyncPlan = { start: [], reload: [], stop: [] };
  const inDatabase = new Set<number>();
  for (const check of stored) {
    inDatabase.add(check.id);
    if (!owns(check.id)) continue;
    const known = running.known(check.id);
    if (!known) plan.start.push(check.id);
    else if (known.version !== check.version || known.paused !== check.paused) plan.reload.push(check.id);
  }
  for (const id of running.ids()) if (!inDatabase.has(id)) plan.stop.push(id);
  return plan;
}
