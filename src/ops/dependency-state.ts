/** What a role knows of one dependency: whether it answered last, and since when that holds. */
export interface DependencyState {
  up: boolean;
  sinceMs: number;
}

export type DependencyTransition = { event: 'lost' } | { event: 'regained'; downForMs: number } | null;

/** The state after one probe, and the transition to log (once on losing, once on regaining, with how long it lasted). */
export function nextDependencyState(previous: DependencyState, answered: boolean, nowMs: number): { state: DependencyState; transition: DependencyTransition } {
  if (previous.up === answered) return { state: previous, transition: null };
  if (answered) return { state: { up: true, sinceMs: nowMs }, transition: { event: 'regained', downForMs: nowMs - previous.sinceMs } };
  return { state: { up: false, sinceMs: nowMs }, transition: { event: 'lost' } };
}
