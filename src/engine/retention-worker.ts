import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from '@mikro-orm/postgresql';
import { jitteredBackoffMs } from '../domain/backoff.js';
import { planPartitions } from '../domain/partition-plan.js';
import type { Logger } from '../log.js';
import { fence, LeaseLost, recordPass, releaseLease, takeLease } from '../store/maintenance-lease-store.js';
import type { Store } from '../store/orm.js';
import { createPartition, dropPartition, listPartitions, purgeStrayRows, strayUnitStarts, type TimePartitionedTable } from '../store/partitions.js';
import { deleteFinishedNotifications, deleteOldActivity } from '../store/row-retention.js';
import { vacuumDue, vacuumEmbedded, vacuumsItself } from '../store/embedded-vacuum.js';
import type { Clock } from './clock.js';

const dayMs = 86_400_000;
const leaseName = 'retention';

export const RUNS_TABLE: TimePartitionedTable = { table: 'runs', column: 'started_at', unit: 'day' };
export const HOURLY_TABLE: TimePartitionedTable = { table: 'hourly_availability', column: 'hour', unit: 'month' };

export interface RetentionPolicy {
  runDays: number;
  hourlyRollupDays: number;
  outboxDays: number;
  activityDays: number;
}

export interface RetentionWorkerOptions {
  store: Store;
  logger: Logger;
  /** Decides what is old; the lease is judged by the database's clock alone. */
  clock: Clock;
  policy: RetentionPolicy;
  /** Between passes while there is nothing left over. */
  intervalMs?: number;
  /** A pass that left work over is followed by the next one after this. */
  backlogIntervalMs?: number;
  leaseMs?: number;
  /** Partitions made and dropped per table and pass. */
  maxPartitionChanges?: number;
  /** Rows deleted per kind and pass. */
  deleteBatch?: number;
  /** Day partitions of runs made ahead of the current day. */
  daysAhead?: number;
  retry?: { baseMs: number; maxMs: number };
  /** On the embedded database, which has no autovacuum: the least time between two vacuums by passes of this worker. */
  vacuumEveryMs?: number;
  /** Tests: runs inside a partition's transaction right before it is attached. */
  beforeAttach?: (tx: Knex.Transaction) => Promise<void>;
}

export interface PassReport {
  created: string[];
  dropped: string[];
  strayRowsPurged: number;
  notificationsDeleted: number;
  activityDeleted: number;
  /** Some work was left for the next pass (the bounds per pass were reached). */
  more: boolean;
  /** The pass vacuumed the embedded database. */
  vacuumed: boolean;
}

/**
 * Keeps storage bounded: makes time partitions ahead of need, drops the ones past retention
 * whole, deletes finished notifications and old activity in bounded batches, and vacuums the
 * embedded database, which has no autovacuum, at most every `vacuumEveryMs`. Every engine
 * replica runs one; the one that holds the `retention` lease does the passes, and every step runs
 * in a transaction that first proves the lease is still held (so a step is all or nothing, and a
 * replica that lost the lease does nothing more).
 */
export class RetentionWorker {
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private passing: Promise<PassReport | null> | null = null;
  private stopped = true;
  private failures = 0;
  private failingSince: number | null = null;
  private readonly intervalMs: number;
  private readonly backlogIntervalMs: number;
  private readonly leaseMs: number;
  private readonly maxChanges: number;
  private readonly deleteBatch: number;
  private readonly daysAhead: number;
  private readonly retry: { baseMs: number; maxMs: number };
  private readonly vacuumEveryMs: number;
  private lastVacuumAt: number | null = null;

  constructor(private readonly options: RetentionWorkerOptions) {
    this.intervalMs = options.intervalMs ?? 60_000;
    this.backlogIntervalMs = options.backlogIntervalMs ?? 1_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.maxChanges = options.maxPartitionChanges ?? 4;
    this.deleteBatch = options.deleteBatch ?? 5_000;
    this.daysAhead = options.daysAhead ?? 3;
    this.retry = options.retry ?? { baseMs: 1_000, maxMs: 60_000 };
    this.vacuumEveryMs = options.vacuumEveryMs ?? 3_600_000;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    await releaseLease(this.db(), leaseName, this.holder).catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const pass = this.runPass();
      this.running = pass;
      void pass.then(
        (report) => {
          this.recovered();
          this.schedule(report?.more ? this.backlogIntervalMs : this.intervalMs);
        },
        (error: unknown) => this.schedule(this.failed(error)),
      );
    }, delayMs);
    this.timer.unref();
  }

  private failed(error: unknown): number {
    const delayMs = jitteredBackoffMs(++this.failures, this.retry.baseMs, this.retry.maxMs);
    if (this.failingSince === null) {
      this.failingSince = Date.now();
      this.options.logger.warn({ err: error, retryInMs: delayMs }, 'retention pass failed; retrying');
    } else {
      this.options.logger.debug({ err: error, retryInMs: delayMs }, 'retention pass failed again');
    }
    return delayMs;
  }

  private recovered(): void {
    this.failures = 0;
    if (this.failingSince === null) return;
    this.options.logger.info({ failedForMs: Date.now() - this.failingSince }, 'retention passes work again');
    this.failingSince = null;
  }

  private db(): Knex {
    return this.options.store.em.getConnection().getKnex();
  }

  /** One pass, when this replica holds (or takes) the lease; null when another replica holds it. A call during a pass waits for that pass. */
  runPass(): Promise<PassReport | null> {
    this.passing ??= this.pass().finally(() => (this.passing = null));
    return this.passing;
  }

  private async pass(): Promise<PassReport | null> {
    const db = this.db();
    if (!(await takeLease(db, leaseName, this.holder, this.leaseMs))) return null;
    const report: PassReport = { created: [], dropped: [], strayRowsPurged: 0, notificationsDeleted: 0, activityDeleted: 0, more: false, vacuumed: false };
    const { policy } = this.options;
    try {
      await this.partitions(RUNS_TABLE, policy.runDays * dayMs, this.daysAhead, report);
      await this.partitions(HOURLY_TABLE, policy.hourlyRollupDays * dayMs, 1, report);
      const now = this.options.clock.now();
      report.notificationsDeleted = await this.step((tx) => deleteFinishedNotifications(tx, new Date(now - policy.outboxDays * dayMs), this.deleteBatch));
      report.activityDeleted = await this.step((tx) => deleteOldActivity(tx, new Date(now - policy.activityDays * dayMs), this.deleteBatch));
      report.more ||= report.notificationsDeleted === this.deleteBatch || report.activityDeleted === this.deleteBatch;
      // Once the pass has deleted all it will for now: a vacuum in the middle of a backlog would be repeated by the next pass.
      report.vacuumed = !report.more && (await this.vacuumIfDue());
      await recordPass(db, leaseName, this.holder);
    } catch (error) {
      if (error instanceof LeaseLost) {
        this.options.logger.warn({ holder: this.holder }, 'retention lease lost during a pass; stopped it');
        return null;
      }
      throw error;
    }
    if (report.vacuumed || report.created.length + report.dropped.length + report.notificationsDeleted + report.activityDeleted + report.strayRowsPurged > 0) {
      this.options.logger.info(report, 'retention pass');
    }
    return report;
  }

  /** Vacuums the embedded database when it is due (see embedded-vacuum.ts); PostgreSQL's autovacuum needs no help. */
  private async vacuumIfDue(): Promise<boolean> {
    const { store, clock } = this.options;
    if (vacuumsItself(store) || !vacuumDue(this.lastVacuumAt, clock.now(), this.vacuumEveryMs)) return false;
    const began = Date.now();
    const tables = await vacuumEmbedded(store);
    this.lastVacuumAt = clock.now();
    this.options.logger.info({ tookMs: Date.now() - began, tables }, 'embedded database vacuumed');
    return true;
  }

  private async partitions(target: TimePartitionedTable, retentionMs: number, ahead: number, report: PassReport): Promise<void> {
    const db = this.db();
    const plan = planPartitions({
      table: target.table,
      unit: target.unit,
      nowMs: this.options.clock.now(),
      retentionMs,
      ahead,
      existing: await listPartitions(db, target.table),
      stray: await strayUnitStarts(db, target, this.maxChanges + 1),
      maxChanges: this.maxChanges,
    });
    for (const range of plan.create) {
      if (await this.step((tx) => createPartition(tx, target, range, this.options.beforeAttach))) report.created.push(range.name);
    }
    for (const range of plan.drop) {
      if (await this.step((tx) => dropPartition(tx, range))) report.dropped.push(range.name);
    }
    const purged = await this.step((tx) => purgeStrayRows(tx, target, plan.cutoffMs, this.deleteBatch));
    report.strayRowsPurged += purged;
    report.more ||= plan.create.length === this.maxChanges || plan.drop.length === this.maxChanges || purged === this.deleteBatch;
  }

  /** One step in its own transaction, fenced by the lease; a lock that is not granted soon fails the step (tried again next pass). */
  private step<T>(work: (tx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.db().transaction(async (tx) => {
      await tx.raw(`set local lock_timeout = '10s'`);
      await fence(tx, leaseName, this.holder);
      return work(tx);
    });
  }
}

export const retentionPolicyOf = (settings: {
  VANTAGE_RUN_RETENTION_DAYS: number;
  VANTAGE_HOURLY_ROLLUP_RETENTION_DAYS: number;
  VANTAGE_OUTBOX_RETENTION_DAYS: number;
  VANTAGE_ACTIVITY_RETENTION_DAYS: number;
}): RetentionPolicy => ({
  runDays: settings.VANTAGE_RUN_RETENTION_DAYS,
  hourlyRollupDays: settings.VANTAGE_HOURLY_ROLLUP_RETENTION_DAYS,
  outboxDays: settings.VANTAGE_OUTBOX_RETENTION_DAYS,
  activityDays: settings.VANTAGE_ACTIVITY_RETENTION_DAYS,
});
