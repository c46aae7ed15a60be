import { randomBytes } from 'node:crypto';
import type { OnDemandProbe, RunSummary } from '../api/on-demand-probe.js';
import type { RunRecord } from '../domain/check-actor-reducer.js';

export type { OnDemandProbe, RunSummary };

/** Tells apart on-demand cycles of one check started in the same millisecond. */
export const onDemandNonce = (): string => randomBytes(4).toString('hex');

/** Test-now asked for a check this engine does not run (unknown, deleted, or owned by another replica). */
export class CheckNotRunHere extends Error {}

interface Pending {
  checkId: number;
  resolve: (run: RunRecord) => void;
  reject: (error: Error) => void;
}

/** Callers waiting for the on-demand cycles they asked for, by cycle id. */
export class OnDemandReplies {
  private readonly pending = new Map<string, Pending>();

  wait(cycleId: string, checkId: number): Promise<RunRecord> {
    return new Promise((resolve, reject) => this.pending.set(cycleId, { checkId, resolve, reject }));
  }

  settle(cycleId: string, run: RunRecord): void {
    this.pending.get(cycleId)?.resolve(run);
    this.pending.delete(cycleId);
  }

  /** The check's actor stopped: its callers get an error instead of waiting forever. */
  abandon(checkId: number): void {
    for (const [cycleId, waiter] of this.pending) {
      if (waiter.checkId !== checkId) continue;
      waiter.reject(new CheckNotRunHere(`check ${checkId} stopped before its on-demand cycle finished`));
      this.pending.delete(cycleId);
    }
  }
}
