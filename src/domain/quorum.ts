/**
 * How many failing locations open an incident. Validation refuses a minimum above the number of
 * locations; should one reach the engine anyway (or locations turn out incompatible), the
 * quorum is every compatible location, never an unreachable number.
 */
export function quorumThreshold(minFailingLocations: number, compatibleLocations: number): number {
  return Math.max(1, Math.min(minFailingLocations, compatibleLocations));
}

/** True when enough compatible locations failed to call the check down. */
export function quorumFails(failing: number, minFailingLocations: number, compatibleLocations: number): boolean {
  return compatibleLocations > 0 && failing >= quorumThreshold(minFailingLocations, compatibleLocations);
}
