import { BigIntType, Entity, Enum, ManyToOne, PrimaryKey, PrimaryKeyProp, Property, Unique, type Rel, type Opt } from '@mikro-orm/core';
import { LocationResultsType } from '../location-results-type.js';
import { UptimeCheck } from './uptime-check.js';

export const RUN_STATES = ['UP', 'DOWN', 'UNKNOWN'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** The answer of one location in one cycle. `missing`: no answer by the deadline. */
export interface LocationResult {
  location: string;
  state: 'up' | 'down' | 'unsupported' | 'missing';
  reason: string | null;
  latencyMs: number | null;
  phases: { dnsMs?: number; connectMs?: number; tlsMs?: number; firstByteMs?: number };
  /** Arrived after the cycle closed: recorded for the record, not counted in the run's state. */
  late: boolean;
}

/**
 * One monitoring cycle of a check. Per-location results live in the row: one insert per cycle.
 *
 * The table is partitioned by `started_at`, one partition per UTC day (see
 * `Migration20261126000000` and the retention worker), so every unique key carries `started_at`.
 * The primary key `(check_id, started_at, id)` is also the index every history read uses. Kept
 * small on purpose (bytes per run are what a year of storage costs): the cycle is a 64-bit key,
 * and the results are in a compact positional form (`LocationResultsType`). MikroORM describes
 * the parent table; the partitions are PostgreSQL's business.
 */
@Entity({ tableName: 'runs' })
export class Run {
  [PrimaryKeyProp]?: ['check', 'startedAt', 'id'];

  @ManyToOne(() => UptimeCheck, { deleteRule: 'cascade', primary: true })
  check!: Rel<UptimeCheck>;

  @PrimaryKey({ type: 'Date' })
  startedAt!: Date;

  @PrimaryKey({ type: new BigIntType('number'), autoincrement: true })
  id!: number;

  /** `cycleKey(cycleId)`: a replayed or adopted cycle is recognised by it. */
  @Property({ type: new BigIntType('string') })
  cycleKey!: string;

  @Property({ type: 'Date' })
  finishedAt!: Date;

  @Enum({ items: () => RUN_STATES, type: 'string' })
  state!: RunState;

  @Property({ type: 'smallint' })
  failingLocations!: number;

  /** Mean latency of the locations that answered up; null when none did. */
  @Property({ type: 'integer', nullable: true })
  latencyMs: number | null = null;

  @Property({ type: LocationResultsType })
  results!: LocationResult[];

  /** A maintenance window covered the check: no incident and no notification came of this run. */
  @Property({ type: 'boolean' })
  inMaintenance: Opt<boolean> = false;

  @Property({ type: 'boolean' })
  onDemand: Opt<boolean> = false;
}

/** The counters both rollups keep, counted alike by the run writer. */
@Entity({ abstract: true })
export abstract class RollupCounts {
  @Property({ type: 'integer' })
  upRuns: Opt<number> = 0;

  @Property({ type: 'integer' })
  downRuns: Opt<number> = 0;

  @Property({ type: 'integer' })
  unknownRuns: Opt<number> = 0;

  @Property({ type: 'integer' })
  maintenanceRuns: Opt<number> = 0;

  /** Sum and count of the runs' latencies, so a mean over any span of days can be computed. */
  @Property({ type: new BigIntType('number') })
  latencySumMs: Opt<number> = 0;

  @Property({ type: 'integer' })
  latencyRuns: Opt<number> = 0;

  @Property({ type: 'integer', nullable: true })
  latencyMinMs: number | null = null;

  @Property({ type: 'integer', nullable: true })
  latencyMaxMs: number | null = null;

  /** DOWN runs whose failing locations met the check's quorum (as configured when written): the runs that are downtime. */
  @Property({ type: 'integer' })
  quorumDownRuns: Opt<number> = 0;

  /** UNKNOWN runs in which some locations failed (partial-location failures): shown apart, never downtime. */
  @Property({ type: 'integer' })
  partialRuns: Opt<number> = 0;

  /** The quorum-down runs times the check's period when written. */
  @Property({ type: 'integer' })
  downtimeSeconds: Opt<number> = 0;
}

/** Daily rollup of runs per check, kept by the engine so that a year's calendar reads 365 rows. */
@Entity({ tableName: 'daily_availability' })
@Unique({ properties: ['check', 'day'] })
export class DailyAvailability extends RollupCounts {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => UptimeCheck, { deleteRule: 'cascade' })
  check!: Rel<UptimeCheck>;

  /** UTC day, `YYYY-MM-DD`; text, so both drivers return the same string and it sorts by date. */
  @Property({ type: 'string', length: 10 })
  day!: string;
}

/**
 * Hourly rollup of scheduled runs per check, counted as `daily_availability` is. Partitioned by
 * `hour`, one partition per UTC month, dropped whole past `VANTAGE_HOURLY_ROLLUP_RETENTION_DAYS`.
 */
@Entity({ tableName: 'hourly_availability' })
export class HourlyAvailability extends RollupCounts {
  [PrimaryKeyProp]?: ['check', 'hour'];

  @ManyToOne(() => UptimeCheck, { deleteRule: 'cascade', primary: true })
  check!: Rel<UptimeCheck>;

  /** Start of the UTC hour. */
  @PrimaryKey({ type: 'Date' })
  hour!: Date;
}
