import type { Logger } from '../log.js';
import { withTimeout } from '../ops/with-timeout.js';

/** What a role does on SIGTERM, in order: stop taking work, finish or hand back what is in flight, release, close. */
export type ShutdownStep = readonly [name: string, run: () => Promise<unknown> | unknown];

/** Below Kubernetes' default grace period of 30 s, so a role ends on its own before it is killed. */
export const shutdownBoundMs = 25_000;

/**
 * Runs the steps one after the other within `boundMs` in all. A step that fails is logged and the
 * next one runs: a dependency that is away must not keep the others from closing. Resolves to the
 * exit code: 0 when every step ran within the bound, 1 when the bound ran out first (the rest is
 * abandoned; the process exits anyway).
 */
export async function shutDown(logger: Logger, steps: readonly ShutdownStep[], boundMs = shutdownBoundMs): Promise<number> {
  const began = performance.now();
  for (const [name, run] of steps) {
    const left = boundMs - (performance.now() - began);
    try {
      if (left <= 0) throw new Error('no time left');
      await withTimeout(Promise.resolve().then(run), left, name);
    } catch (error) {
      if (performance.now() - began >= boundMs) {
        logger.error({ err: error, step: name, boundMs }, 'shutdown did not finish in time; exiting anyway');
        return 1;
      }
      logger.warn({ err: error, step: name }, 'a shutdown step failed; going on');
    }
  }
  logger.info({ tookMs: Math.round(performance.now() - began) }, 'stopped');
  return 0;
}
