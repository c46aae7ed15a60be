import type { Logger } from '../log.js';
import { gauge } from '../metrics/registry.js';
import { nextDependencyState, type DependencyState } from './dependency-state.js';
import { withTimeout } from './with-timeout.js';

const upGauge = () => gauge('vantage_dependency_up', '1 while the dependency answered its last probe, else 0', ['dependency']);

/** Resolves when the dependency answers; rejects (or never resolves within the timeout) when it does not. */
export type DependencyProbe = () => Promise<unknown>;

export interface DependencyWatchOptions {
  logger: Logger;
  probes: Record<string, DependencyProbe>;
  intervalMs?: number;
  timeoutMs?: number;
}

/**
 * Probes a role's dependencies (the database, NATS) on an interval, so that losing and regaining
 * one is logged once each, with how long it lasted, and exported as `vantage_dependency_up`;
 * readiness reads the same state.
 */
export class DependencyWatch {
  private readonly states = new Map<string, DependencyState>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: DependencyWatchOptions) {
    const now = Date.now();
    for (const name of Object.keys(options.probes)) {
      this.states.set(name, { up: true, sinceMs: now });
      upGauge().set({ dependency: name }, 1);
    }
  }

  start(): void {
    void this.round();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** `up` or `down` per dependency, as the last probe found it. */
  report(): Record<string, 'up' | 'down'> {
    return Object.fromEntries([...this.states].map(([name, state]) => [name, state.up ? 'up' : 'down']));
  }

  allUp(): boolean {
    return [...this.states.values()].every((state) => state.up);
  }

  private async round(): Promise<void> {
    const { probes, logger, intervalMs = 2000, timeoutMs = 2000 } = this.options;
    await Promise.all(
      Object.entries(probes).map(async ([name, probe]) => {
        const answered = await withTimeout(probe(), timeoutMs, name).then(
          () => true,
          () => false,
        );
        const { state, transition } = nextDependencyState(this.states.get(name)!, answered, Date.now());
        this.states.set(name, state);
        upGauge().set({ dependency: name }, state.up ? 1 : 0);
        if (transition?.event === 'lost') logger.warn({ dependency: name }, `lost ${name}`);
        if (transition?.event === 'regained') {
          logger.info({ dependency: name, downForMs: transition.downForMs }, `regained ${name} after ${(transition.downForMs / 1000).toFixed(1)} s`);
        }
      }),
    );
    if (!this.stopped) this.timer = setTimeout(() => void this.round(), intervalMs);
  }
}
