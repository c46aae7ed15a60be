import { BigIntType, Entity, Enum, Index, ManyToOne, PrimaryKey, Property, Unique, type Rel, type Opt } from '@mikro-orm/core';
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

/** One monitoring cycle of a check. Per-location results live in the row: one insert per cycle. */
@Entity({ tableName: 'runs' })
@Index({ properties: ['check', 'startedAt'] })
export class Run {
  @PrimaryKey({ type: new BigIntType('number') })
  id!: number;

  @ManyToOne(() => UptimeCheck, { deleteRule: 'cascade' })
  check!: Rel<UptimeCheck>;

  @Property({ type: 'string', length: 64, unique: true })
  cycleId!: string;

  @Property({ type: 'Date' })
  startedAt!: Date;

  @Property({ type: 'Date' })
  finishedAt!: Date;

  @Enum({ items: () => RUN_STATES, type: 'string' })
  state!: RunState;

  @Property({ type: 'integer' })
  failingLocations!: number;

  /** Mean latency of the locations that answered up; null when none did. */
  @Property({ type: 'integer', nullable: true })
  latencyMs: number | null = null;

  @Property({ type: 'json' })
  results!: LocationResult[];

  /** A maintenance window covered the check: no incident and no notification came of this run. */
  @Property({ type: 'boolean' })
  inMaintenance: Opt<boolean> = false;

  @Property({ type: 'boolean' })
  onDemand: Opt<boolean> = false;
}

/** Daily rollup of runs per check, kept by the engine so that a year's calendar reads 365 rows. */
@Entity({ tableName: 'daily_availability' })
@Unique({ properties: ['check', 'day'] })
export class DailyAvailability {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => UptimeCheck, { deleteRule: 'cascade' })
  check!: Rel<UptimeCheck>;

  /** UTC day, `YYYY-MM-DD`; text, so both drivers return the same string and it sorts by date. */
  @Property({ type: 'string', length: 10 })
  day!: string;

  @Property({ type: 'integer' })
  upRuns: Opt<number> = 0;

  @Property({ type: 'integer' })
  downRuns: Opt<number> = 0;

  @Property({ type: 'integer' })
  unknownRuns: Opt<number> = 0;

  @Property({ type: 'integer' })
  maintenanceRuns: Opt<number> = 0;
}
