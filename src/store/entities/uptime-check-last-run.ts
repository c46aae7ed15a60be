import { Entity, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { UptimeCheck } from './uptime-check.js';

/**
 * When a check last ran, apart from its row: every run writes this, and touches the check's row
 * only when its state changes. An update of the check's row clears the all-visible bit of its
 * heap page, and the list's index-only walk to a deep offset then fetches the heap for every
 * entry it skips on such a page; with the run times here, the checks' pages stay all-visible
 * between edits. Written only by the run writer (src/engine/run-writer.ts); a check without a run
 * has no row.
 */
@Entity({ tableName: 'uptime_check_last_runs' })
export class UptimeCheckLastRun {
  @ManyToOne(() => UptimeCheck, { primary: true, deleteRule: 'cascade' })
  check!: Rel<UptimeCheck>;

  @Property({ type: 'Date' })
  lastRunAt!: Date;
}
