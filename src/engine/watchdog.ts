import { findLivenessGaps, type CheckTimer } from '../domain/engine-liveness.js';
import type { Logger } from '../log.js';
import { counter } from '../metrics/registry.js';

/** Slack before a missing or overdue tick counts as a gap: a tick being handled right now is not one. */
const marginMs = 15_000;
const unarmedCounter = () => counter('vantage_engine_checks_unarmed_total', 'Active checks the watchdog found without their next cycle armed, and re-armed');
const unconsumedCounter = () => counter('vantage_engine_partitions_unconsumed_total', 'Owned partitions the watchdog found without a live result consumer, and brought up');

/** What the watchdog reads of the engine, and the remedies it asks of it. */
export interface WatchedEngine {
  now(): number;
  checkTimers(): Iterable<CheckTimer>;
  ownedPartitions(): Iterable<number>;
  consumedPartitions(): ReadonlySet<number>;
  /** Partitions whose loading is under way: not a gap yet. */
  partitionsComingUp(): ReadonlySet<number>;
  /** Re-arms the scheduler's timer if entries wait without one; true when it had to. */
  rearmScheduler(): boolean;
  /** A fresh actor for the check from what the engine holds in memory. */
  respawn(checkId: number): void;
  bringUp(partitions: number[]): Promise<void>;
}

/**
 * The shell around `findLivenessGaps`: heals what it finds, logs it and counts it. Needs no
 * database for checks (they are re-armed from memory), so it works in the middle of an outage.
 */
export function runWatchdog(engine: WatchedEngine, logger: Logger): void {
  if (engine.rearmScheduler()) logger.warn('watchdog: the scheduler had entries waiting without a timer; re-armed');
  const gaps = findLivenessGaps({
    checks: engine.checkTimers(),
    ownedPartitions: engine.ownedPartitions(),
    consumedPartitions: engine.consumedPartitions(),
    now: engine.now(),
    marginMs,
  });
  if (gaps.unarmedChecks.length > 0) {
    for (const id of gaps.unarmedChecks) engine.respawn(id);
    unarmedCounter().inc(gaps.unarmedChecks.length);
    logger.warn({ checks: gaps.unarmedChecks.slice(0, 20), count: gaps.unarmedChecks.length }, 'watchdog: checks had no next cycle armed; re-armed');
  }
  const comingUp = engine.partitionsComingUp();
  const missing = gaps.partitionsWithoutConsumer.filter((p) => !comingUp.has(p));
  if (missing.length > 0) {
    unconsumedCounter().inc(missing.length);
    logger.warn({ partitions: missing }, 'watchdog: owned partitions had no result consumer; bringing them up');
    engine.bringUp(missing).catch((error: unknown) => logger.warn({ err: error, partitions: missing }, 'watchdog: bringing partitions up failed; retrying at its next round'));
  }
}
