import type { LocationResult, RunState } from '../store/entities/run.js';

/** The verdict of one closed cycle, computed from the answers of its locations. */
export interface RunVerdict {
  state: RunState;
  /** Every expected location, in the order of the check's trigger locations; silent ones as `missing`. */
  results: LocationResult[];
  /** Locations that can run the probe: every expected one except those that answered `unsupported`. */
  compatible: number;
  failing: number;
  failedLocations: string[];
  /** Every compatible location answered. */
  complete: boolean;
  /** Mean latency of the locations that answered up, rounded; null when none did. */
  latencyMs: number | null;
}

const missing = (location: string): LocationResult => ({ location, state: 'missing', reason: 'no answer before the deadline', latencyMs: null, phases: {}, late: false });

/**
 * `UP` when every compatible location answered up, `DOWN` when every one answered down, `UNKNOWN`
 * when they disagree, when one did not answer in time, or when no location can run the probe.
 */
export function decideRun(expected: readonly string[], answers: readonly LocationResult[]): RunVerdict {
  const results = expected.map((location) => answers.find((a) => a.location === location) ?? missing(location));
  const compatibleResults = results.filter((r) => r.state !== 'unsupported');
  const up = compatibleResults.filter((r) => r.state === 'up');
  const failedLocations = compatibleResults.filter((r) => r.state === 'down').map((r) => r.location);
  const complete = compatibleResults.every((r) => r.state !== 'missing');
  const compatible = compatibleResults.length;
  let state: RunState = 'UNKNOWN';
  if (compatible > 0 && up.length === compatible) state = 'UP';
  else if (compatible > 0 && failedLocations.length === compatible) state = 'DOWN';
  const latencies = up.map((r) => r.latencyMs).filter((ms): ms is number => ms !== null);
  const latencyMs = latencies.length > 0 ? Math.round(latencies.reduce((a, b) => a + b, 0) / latencies.length) : null;
  return { state, results, compatible, failing: failedLocations.length, failedLocations, complete, latencyMs };
}
