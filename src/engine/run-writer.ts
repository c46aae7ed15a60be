import { jitteredBackoffMs } from '../domain/backoff.js';
import type { RunRecord } from '../domain/check-actor-reducer.js';
import type { Logger } from '../log.js';
import type { LocationResult } from '../store/entities/run.js';
import { cycleKey, encodeLocationResults } from '../store/location-results-codec.js';
import type { CheckState } from '../store/entities/uptime-check.js';
import type { Store } from '../store/orm.js';
import { arrayLiteral, type ArrayElement } from '../store/array-literal.js';
import { preparedRows } from '../store/prepared-rows.js';
import { logCheckStateChanged } from '../ops/event-log.js';

/** A check whose state a run batch changed, as the update returns it. */
interface StateChangeRow {
  id: number;
  workspace_id: number;
  name: string;
  previous_state: string;
  state: string;
}

/** Rows per statement on the embedded database, where a statement holds its one connection, and every request waits (about 20 µs a run). */
export const EMBEDDED_RUN_BATCH = 250;

export interface RunWriterOptions {
  flushIntervalMs?: number;
  /** Rows per statement; a full batch flushes at once instead of waiting for the interval. */
  maxBatch?: number;
  /** Runs kept for a retry while the database is away; beyond this the oldest are dropped (last resort: their detail is shed first). */
  maxPending?: number;
  /** Runs kept with their probe detail (phases, long reasons); older ones beyond this keep only each location's state. */
  maxDetailed?: number;
  /** Retry delay after a failed write: doubling from `baseMs` to `maxMs`, jittered. */
  retry?: { baseMs: number; maxMs: number };
  /** Batches written at once. */
  lanes?: number;
  /** Written cycles whose place is kept for their late answers. */
  maxRemembered?: number;
}

interface CheckStateUpdate {
  state: CheckState;
  runStartedAt: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * What one group of inserted runs (`i`, joined to their check `c`) adds to a rollup row, hourly
 * and daily alike. Downtime is judged with the check's quorum and period as they are when the run
 * is written, so a later change of either does not rewrite history.
 */
const rollupColumns = 'up_runs, down_runs, unknown_runs, maintenance_runs, latency_sum_ms, latency_runs, latency_min_ms, latency_max_ms, quorum_down_runs, partial_runs, downtime_seconds';
const quorumDown = `not i.in_maintenance and i.state = 'DOWN' and i.failing_locations >= c.min_failing_locations`;
const rollupCounts = `count(*) filter (where not i.in_maintenance and i.state = 'UP'),
  count(*) filter (where not i.in_maintenance and i.state = 'DOWN'),
  count(*) filter (where not i.in_maintenance and i.state = 'UNKNOWN'),
  count(*) filter (where i.in_maintenance),
  coalesce(sum(i.latency_ms), 0), count(i.latency_ms), min(i.latency_ms), max(i.latency_ms),
  count(*) filter (where ${quorumDown}),
  count(*) filter (where not i.in_maintenance and i.state = 'UNKNOWN' and i.failing_locations > 0),
  coalesce(sum(c.check_frequency * 60) filter (where ${quorumDown}), 0)`;
const rollupAdditions = (table: string): string => `up_runs = ${table}.up_runs + excluded.up_runs,
  down_runs = ${table}.down_runs + excluded.down_runs,
  unknown_runs = ${table}.unknown_runs + excluded.unknown_runs,
  maintenance_runs = ${table}.maintenance_runs + excluded.maintenance_runs,
  latency_sum_ms = ${table}.latency_sum_ms + excluded.latency_sum_ms,
  latency_runs = ${table}.latency_runs + excluded.latency_runs,
  latency_min_ms = least(${table}.latency_min_ms, excluded.latency_min_ms),
  latency_max_ms = greatest(${table}.latency_max_ms, excluded.latency_max_ms),
  quorum_down_runs = ${table}.quorum_down_runs + excluded.quorum_down_runs,
  partial_runs = ${table}.partial_runs + excluded.partial_runs,
  downtime_seconds = ${table}.downtime_seconds + excluded.downtime_seconds`;
/** A shed result still says where it was run and how it went; a reason is cut to this length. */
const shedReasonLength = 120;
const withoutDetail = (result: LocationResult): LocationResult => ({
  ...result,
  reason: result.reason && result.reason.length > shedReasonLength ? result.reason.slice(0, shedReasonLength) : result.reason,
  phases: {},
});

/**
 * Write-behind batcher for runs. Every ~100 ms (or at once when a batch fills) it writes the runs
 * with one multi-row insert, the hourly and daily availability rollups with one upsert each over
 * the rows that were really inserted (a replayed cycle neither doubles a run nor a count), the checks' last
 * run and changed states with one statement, and late answers onto their runs.
 *
 * Rollup: scheduled runs only (test-now runs are not monitoring samples). A run covered by
 * maintenance counts in `maintenance_runs` and not in up/down/unknown, so availability
 * (up / (up + down)) is not charged for planned work.
 */
export class RunWriter {
  private runs: RunRecord[] = [];
  /** Buffered runs by cycle id, so a late answer finds its run without a scan. */
  private buffered = new Map<string, RunRecord>();
  /** Cycles whose insert is on its way: their late answers wait for it to commit. */
  private readonly writing = new Set<string>();
  /** Check and start of the latest written cycles, oldest first, at most `maxRemembered`. */
  private readonly recent = new Map<string, { checkId: number; startedAt: number }>();
  private readonly maxRemembered: number;
  private states = new Map<number, CheckStateUpdate>();
  private statesInFlight = false;
  private late = new Map<string, LocationResult[]>();
  private timer: NodeJS.Timeout | null = null;
  private lanes = 0;
  private droppedSinceLog = 0;
  private shedSinceLog = 0;
  /** Runs at the front of the buffer whose detail is already shed. */
  private shedUpTo = 0;
  private failures = 0;
  private stopped = false;
  private failingSince: number | null = null;
  private idleWaiters: Array<() => void> = [];
  private readonly flushIntervalMs: number;
  private readonly maxBatch: number;
  private readonly maxPending: number;
  private readonly maxDetailed: number;
  private readonly retry: { baseMs: number; maxMs: number };
  private readonly maxLanes: number;
  private stored = 0;

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
    options: RunWriterOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 100;
    this.maxBatch = options.maxBatch ?? 2000;
    this.maxPending = options.maxPending ?? 500_000;
    this.maxDetailed = Math.min(options.maxDetailed ?? 100_000, this.maxPending);
    this.retry = options.retry ?? { baseMs: 500, maxMs: 10_000 };
    this.maxLanes = options.lanes ?? 2;
    this.maxRemembered = options.maxRemembered ?? 100_000;
  }

  /** Runs written so far (inserted or found already there). */
  get storedRuns(): number {
    return this.stored;
  }

  get pendingRuns(): number {
    return this.runs.length;
  }

  addRun(run: RunRecord): void {
    this.runs.push(run);
    this.buffered.set(run.cycleId, run);
    this.bound();
    this.soon();
  }

  /**
   * Keeps the buffer bounded while the database is away: first the oldest runs lose their probe
   * detail (each location keeps its state and a short reason), and only past `maxPending` are the
   * oldest runs dropped. Incident decisions are not in this buffer and are never shed.
   */
  private bound(): void {
    const keepDetailFrom = this.runs.length - this.maxDetailed;
    for (; this.shedUpTo < keepDetailFrom; this.shedUpTo++) {
      const run = this.runs[this.shedUpTo]!;
      run.results = run.results.map(withoutDetail);
      this.shedSinceLog++;
    }
    if (this.runs.length > this.maxPending) {
      const dropped = this.runs.splice(0, this.runs.length - this.maxPending);
      for (const run of dropped) this.buffered.delete(run.cycleId);
      this.shedUpTo = Math.max(0, this.shedUpTo - dropped.length);
      this.droppedSinceLog += dropped.length;
    }
  }

  setCheckState(checkId: number, state: CheckState, runStartedAt: number): void {
    const known = this.states.get(checkId);
    if (!known || known.runStartedAt <= runStartedAt) this.states.set(checkId, { state, runStartedAt });
    this.soon();
  }

  /** Replaces the results of a stored (or still buffered) run, to record answers that came after it closed. */
  recordLate(cycleId: string, results: LocationResult[]): void {
    const buffered = this.buffered.get(cycleId);
    if (buffered) buffered.results = results;
    else this.late.set(cycleId, results);
    this.soon();
  }

  /** Writes everything buffered so far; resolves when nothing is left to write. */
  flush(): Promise<void> {
    this.pump();
    if (this.lanes === 0 && !this.hasWork()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Writes what is buffered, for up to `graceMs`: a shutdown while the database is away must end.
   * What is still unwritten then is logged and given up (the new owner runs the next cycles).
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let timer: NodeJS.Timeout | undefined;
    const flushed = await Promise.race([this.flush().then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))]);
    clearTimeout(timer);
    this.stopped = true;
    if (!flushed) this.logger.error({ runs: this.runs.length, states: this.states.size }, 'runs not written at shutdown (database away); given up');
  }

  private hasWork(): boolean {
    return this.runs.length > 0 || this.states.size > 0 || this.late.size > 0;
  }

  private soon(): void {
    if (this.runs.length >= this.maxBatch && this.lanes < this.maxLanes) {
      this.pump();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, this.flushIntervalMs);
  }

  /**
   * Starts writers up to the lane limit. Runs of different cycles are independent, so batches go
   * in parallel; check states go through one lane at a time (row locks in one order), and a late
   * answer waits until its run's insert has committed.
   */
  private pump(): void {
    if (this.stopped) return;
    if (this.shedSinceLog > 0) {
      this.logger.warn({ runs: this.shedSinceLog, keptWithDetail: this.maxDetailed }, 'run buffer large (database slow or away); probe detail of the oldest runs shed');
      this.shedSinceLog = 0;
    }
    if (this.droppedSinceLog > 0) {
      this.logger.error({ dropped: this.droppedSinceLog, bound: this.maxPending }, 'run buffer full (database too slow or away); oldest runs dropped');
      this.droppedSinceLog = 0;
    }
    while (this.lanes < this.maxLanes && this.hasWork()) {
      const taken = this.runs.splice(0, this.maxBatch);
      this.shedUpTo = Math.max(0, this.shedUpTo - taken.length);
      // A cycle is written by one lane at a time and once per batch: the check for a stored twin
      // cannot see a row another statement has not committed yet.
      const runs: RunRecord[] = [];
      const deferred: RunRecord[] = [];
      const inBatch = new Set<string>();
      for (const run of taken) {
        if (this.writing.has(run.cycleId) || inBatch.has(run.cycleId)) deferred.push(run);
        else {
          inBatch.add(run.cycleId);
          runs.push(run);
        }
      }
      this.runs.unshift(...deferred);
      for (const run of runs) {
        this.buffered.delete(run.cycleId);
        this.writing.add(run.cycleId);
      }
      let states: Map<number, CheckStateUpdate> | null = null;
      if (!this.statesInFlight && this.states.size > 0) {
        states = this.states;
        this.states = new Map();
        this.statesInFlight = true;
      }
      const late = new Map<string, LocationResult[]>();
      for (const [cycleId, results] of this.late) {
        if (this.writing.has(cycleId)) continue;
        late.set(cycleId, results);
        this.late.delete(cycleId);
      }
      if (runs.length === 0 && !states && late.size === 0) break;
      this.lanes++;
      void this.write(runs, states, late).finally(() => {
        this.lanes--;
        for (const run of runs) this.writing.delete(run.cycleId);
        if (states) this.statesInFlight = false;
        this.pump();
        if (this.lanes === 0 && !this.hasWork()) this.idleWaiters.splice(0).forEach((resolve) => resolve());
      });
    }
  }

  private async write(runs: RunRecord[], states: Map<number, CheckStateUpdate> | null, late: Map<string, LocationResult[]>): Promise<void> {
    try {
      if (runs.length > 0) await this.insertRuns(runs);
      this.stored += runs.length;
      this.remember(runs);
      runs = [];
      if (states) await this.updateChecks(states);
      states = null;
      for (const [cycleId, results] of late) {
        await this.updateResults(cycleId, results);
        late.delete(cycleId);
      }
      this.succeeded();
    } catch (error) {
      if (this.stopped) return;
      for (const run of runs) this.buffered.set(run.cycleId, run);
      // Put back in front (they are the oldest); their detail may be shed again, which is harmless.
      this.runs.unshift(...runs);
      this.shedUpTo = 0;
      this.bound();
      for (const [id, update] of states ?? []) if (!this.states.has(id)) this.states.set(id, update);
      for (const [cycleId, results] of late) if (!this.late.has(cycleId)) this.late.set(cycleId, results);
      // Back off, so that a database that is away is not hammered: the lane stays busy meanwhile.
      const delayMs = jitteredBackoffMs(++this.failures, this.retry.baseMs, this.retry.maxMs);
      if (this.failingSince === null) {
        this.failingSince = Date.now();
        this.logger.warn({ err: error, runs: runs.length, retryInMs: delayMs }, 'writing runs failed; kept and retried');
      } else {
        this.logger.debug({ err: error, pending: this.runs.length, retryInMs: delayMs }, 'writing runs failed again; retrying');
      }
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }

  private succeeded(): void {
    this.failures = 0;
    if (this.failingSince === null) return;
    this.logger.info({ waitedMs: Date.now() - this.failingSince, pending: this.runs.length }, 'runs are written again');
    this.failingSince = null;
  }

  /** The id of a written run, found by its check, start and cycle (what an on-demand caller is answered with); null if not written. */
  async storedRunId(checkId: number, startedAt: number, cycleId: string): Promise<number | null> {
    const rows = await this.store.em
      .getConnection()
      .execute<Array<{ id: string | number }>>('select id from runs where check_id = ? and started_at = ? and cycle_key = ?', [checkId, new Date(startedAt), cycleKey(cycleId)], 'all');
    return rows[0] ? Number(rows[0].id) : null;
  }

  /** Through knex with bound parameters: the driver sends them apart from the text instead of quoting 20,000 values into it. */
  private async execute(sql: string, params: unknown[]): Promise<void> {
    await this.store.em.getConnection().getKnex().raw(sql, params as never[]);
  }

  private async insertRuns(runs: RunRecord[]): Promise<void> {
    const column = (value: (run: RunRecord) => ArrayElement): string => arrayLiteral(runs.map(value));
    const params = [
      column((run) => run.checkId),
      column((run) => cycleKey(run.cycleId)),
      column((run) => iso(run.startedAt)),
      column((run) => iso(run.finishedAt)),
      column((run) => run.state),
      column((run) => run.failingLocations),
      column((run) => run.latencyMs),
      column((run) => encodeLocationResults(run.results)),
      column((run) => run.inMaintenance),
      column((run) => run.onDemand),
    ];
    // Rows of a check deleted meanwhile are skipped, not allowed to fail the whole batch. A cycle
    // already stored is skipped: a replayed one has the same start, one adopted by a new owner may
    // start up to its deadline (below the longest period, 15 min) apart; the check's runs of that
    // half hour are found through the primary key, per row (`offset 0` keeps the lookup a subplan:
    // as an anti-join, a batch of fifty hashed every run of the day's partitions, whose statistics
    // lag behind their growth, and the writer's cost grew with the runs stored and the checks).
    await preparedRows(
      this.store.em,
      `with v as (
         select * from unnest(?::int[], ?::bigint[], ?::timestamptz[], ?::timestamptz[], ?::text[], ?::smallint[], ?::int[], ?::text[], ?::boolean[], ?::boolean[])
           as v (check_id, cycle_key, started_at, finished_at, state, failing_locations, latency_ms, results, in_maintenance, on_demand)
       ), inserted as (
         insert into runs (check_id, cycle_key, started_at, finished_at, state, failing_locations, latency_ms, results, in_maintenance, on_demand)
         select v.* from v
         where exists (select 1 from uptime_checks c where c.id = v.check_id)
           and not exists (
             select 1 from runs r
             where r.check_id = v.check_id and r.started_at > v.started_at - interval '15 minutes' and r.started_at < v.started_at + interval '15 minutes'
               and r.cycle_key = v.cycle_key
             offset 0)
         returning check_id, started_at, state, failing_locations, latency_ms, in_maintenance, on_demand
       ), hourly as (
         insert into hourly_availability (check_id, hour, ${rollupColumns})
         select i.check_id, date_trunc('hour', i.started_at at time zone 'UTC') at time zone 'UTC', ${rollupCounts}
         from inserted i join uptime_checks c on c.id = i.check_id where not i.on_demand
         group by 1, 2
         order by 1, 2
         on conflict (check_id, hour) do update set ${rollupAdditions('hourly_availability')}
       )
       insert into daily_availability (check_id, day, ${rollupColumns})
       select i.check_id, to_char(i.started_at at time zone 'UTC', 'YYYY-MM-DD'), ${rollupCounts}
       from inserted i join uptime_checks c on c.id = i.check_id where not i.on_demand
       group by 1, 2
       order by 1, 2
       on conflict (check_id, day) do update set ${rollupAdditions('daily_availability')}`,
      params,
    );
  }

  private async updateChecks(states: Map<number, CheckStateUpdate>): Promise<void> {
    const entries = [...states];
    for (let i = 0; i < entries.length; i += this.maxBatch) {
      const chunk = entries.slice(i, i + this.maxBatch);
      const params = [
        arrayLiteral(chunk.map(([id]) => id)),
        arrayLiteral(chunk.map(([, update]) => update.state)),
        arrayLiteral(chunk.map(([, update]) => iso(update.runStartedAt))),
      ];
      // Raw SQL on purpose: the run does not change the check's configuration, so neither
      // `updated_at` nor `version` moves. The last-run time is written apart from the check's row
      // (see uptime-check-last-run.ts), and only by a run no older than the one stored: writers
      // of one check queue on its last-run row, and only the one that moved it sets the state.
      // The check's row is updated only when its state changes; the join with the row as it was
      // before the statement gives the state it changed from. A check deleted meanwhile is skipped:
      // its row is locked as the foreign key would lock it, so a delete still in flight is waited
      // for and then seen, instead of failing the batch's foreign-key check.
      const changed = await preparedRows<StateChangeRow>(
        this.store.em,
        `with v as (
           select * from unnest(?::int[], ?::text[], ?::timestamptz[]) v (id, state, at)
         ), latest as (
           insert into uptime_check_last_runs (check_id, last_run_at)
           select v.id, v.at from v where exists (select 1 from uptime_checks c where c.id = v.id for key share) order by v.id
           on conflict (check_id) do update set last_run_at = excluded.last_run_at
           where uptime_check_last_runs.last_run_at <= excluded.last_run_at
           returning check_id
         )
         update uptime_checks c set state = v.state
         from latest, v, uptime_checks before
         where latest.check_id = v.id and c.id = v.id and before.id = c.id and c.state <> v.state
         returning c.id, c.workspace_id, c.name, before.state as previous_state, c.state`,
        params,
      );
      for (const row of changed) {
        logCheckStateChanged(this.logger, { checkId: row.id, workspaceId: row.workspace_id, checkName: row.name, previousState: row.previous_state, state: row.state });
      }
    }
  }

  /** Where recently written cycles are, so that a late answer updates its run through the primary key. */
  private remember(runs: RunRecord[]): void {
    for (const run of runs) this.recent.set(run.cycleId, { checkId: run.checkId, startedAt: run.startedAt });
    for (const cycleId of this.recent.keys()) {
      if (this.recent.size <= this.maxRemembered) break;
      this.recent.delete(cycleId);
    }
  }

  private async updateResults(cycleId: string, results: LocationResult[]): Promise<void> {
    const run = this.recent.get(cycleId);
    if (!run) {
      // Late answers come seconds after their cycle; one for a run this long gone is left out of the record.
      this.logger.debug({ cycleId }, 'late answer for a run written too long ago; not recorded');
      return;
    }
    await this.execute('update runs set results = ? where check_id = ? and started_at = ? and cycle_key = ?', [
      encodeLocationResults(results),
      run.checkId,
      iso(run.startedAt),
      cycleKey(cycleId),
    ]);
  }
}
