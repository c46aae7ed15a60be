/** Time partitions of one table: which to make ahead of need and which are past retention. Pure. */

export type PartitionUnit = 'day' | 'month';

export interface PartitionRange {
  name: string;
  fromMs: number;
  toMs: number;
}

const dayMs = 86_400_000;

/** Start of the UTC day or month that holds `ms`. */
export function unitStart(ms: number, unit: PartitionUnit): number {
  if (unit === 'day') return Math.floor(ms / dayMs) * dayMs;
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

export function nextUnitStart(startMs: number, unit: PartitionUnit): number {
  if (unit === 'day') return startMs + dayMs;
  const date = new Date(startMs);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** `runs_p20261125`, `hourly_availability_p202611`: the name says the UTC span it holds. */
export function partitionName(table: string, startMs: number, unit: PartitionUnit): string {
  const iso = new Date(startMs).toISOString();
  const stamp = unit === 'day' ? iso.slice(0, 10) : iso.slice(0, 7);
  return `${table}_p${stamp.replaceAll('-', '')}`;
}

export interface PartitionPlanInput {
  table: string;
  unit: PartitionUnit;
  nowMs: number;
  /** Rows older than now minus this are past retention. */
  retentionMs: number;
  /** Units made ahead of the current one, so that a write never waits for the worker. */
  ahead: number;
  /** The table's partitions with bounds (the default partition is not among them). */
  existing: PartitionRange[];
  /** Starts of the units of rows that wait in the default partition for a partition of their own. */
  stray: number[];
  /** At most this many partitions made and this many dropped in one pass. */
  maxChanges: number;
}

export interface PartitionPlan {
  /** Oldest first. */
  drop: PartitionRange[];
  /** The current unit first, then the ones ahead, then those of stray rows. */
  create: PartitionRange[];
  /** Rows of the default partition older than this are past retention. */
  cutoffMs: number;
}

export function planPartitions(input: PartitionPlanInput): PartitionPlan {
  const cutoffMs = input.nowMs - input.retentionMs;
  const drop = input.existing
    .filter((partition) => partition.toMs <= cutoffMs)
    .sort((a, b) => a.fromMs - b.fromMs)
    .slice(0, input.maxChanges);
  const wanted: number[] = [];
  let start = unitStart(input.nowMs, input.unit);
  for (let i = 0; i <= input.ahead; i++, start = nextUnitStart(start, input.unit)) wanted.push(start);
  for (const stray of [...input.stray].sort((a, b) => b - a)) {
    const strayStart = unitStart(stray, input.unit);
    if (nextUnitStart(strayStart, input.unit) > cutoffMs && !wanted.includes(strayStart)) wanted.push(strayStart);
  }
  const covered = (fromMs: number, toMs: number) => input.existing.some((p) => p.fromMs < toMs && fromMs < p.toMs);
  const create = wanted
    .map((fromMs) => ({ name: partitionName(input.table, fromMs, input.unit), fromMs, toMs: nextUnitStart(fromMs, input.unit) }))
    .filter((range) => !covered(range.fromMs, range.toMs))
    .slice(0, input.maxChanges);
  return { drop, create, cutoffMs };
}
