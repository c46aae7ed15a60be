import type { LocationResult, RunState } from '../store/entities/run.js';

/** The outcome of an on-demand cycle, as the engine reports it. */
export interface RunSummary {
  /** The stored run, when the engine stored one. */
  runId: number | null;
  state: RunState;
  startedAt: Date;
  finishedAt: Date;
  failingLocations: number;
  latencyMs: number | null;
  results: LocationResult[];
}

/**
 * The port through which test-now reaches the engine. The engine implements it (in `serve`
 * directly, in the distributed shape through the bus) and the process that starts the API
 * passes it in ApiDependencies; without it test-now answers 503 SERVICE_UNAVAILABLE.
 */
export interface OnDemandProbe {
  runNow(checkId: number): Promise<RunSummary>;
}
