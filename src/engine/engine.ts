import { randomBytes } from 'node:crypto';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { RunSummary } from '../api/on-demand-probe.js';
import type { Bus, BusSubscription } from '../bus/bus.js';
import { Batcher, type BatchLimits } from '../bus/batcher.js';
import { ChangeNotice, ProbeResultBatch, ProbeResultMessage, type ProbeRequest, type ProbeRequestBatch } from '../bus/messages.js';
import { partitionOf, probeSubject, resultFilter, resultSubject } from '../bus/subjects.js';
import { onDemandCycleId, type CheckActorState, type CheckEvent } from '../domain/check-actor-reducer.js';
import type { CheckTimer } from '../domain/engine-liveness.js';
import { minutes } from '../domain/schedule.js';
import type { Logger } from '../log.js';
import { counter, sampledGauge } from '../metrics/registry.js';
import { cycleStartLagSeconds } from '../metrics/vantage-metrics.js';
import { cycleKey } from '../store/location-results-codec.js';
import type { Store } from '../store/orm.js';
import { Actor, type RestartBackoff } from './actor.js';
import { serveTestNow } from './bus-on-demand.js';
import { CheckActor, type CheckActorContext, type EngineObserver } from './check-actor.js';
import { CheckLoader, type StoredCheck } from './check-loader.js';
import type { Clock } from './clock.js';
import { IncidentDecisions } from './incident-decisions.js';
import { IncidentWriter } from './incident-writer.js';
import { MaintenanceCache } from './maintenance-cache.js';
import { CheckNotRunHere, OnDemandReplies } from './on-demand.js';
import type { PartitionLeases, PartitionListener } from './partition-leases.js';
import { RunWriter } from './run-writer.js';
import { Scheduler } from './scheduler.js';
import { StartPacer } from './start-pacer.js';
import { runWatchdog, type WatchedEngine } from './watchdog.js';

export interface EngineConfig {
  clusterName: string;
  partitions: number;
  store: Store;
  bus: Bus;
  clock: Clock;
  leases: PartitionLeases;
  logger: Logger;
  observer?: EngineObserver | undefined;
  /** How often the engine re-reads checks, incidents and maintenance windows to heal missed change notices, and runs its watchdog. */
  resyncIntervalMs?: number | undefined;
  /** How a failed actor restart backs off (default 0.5 s doubling to 30 s). */
  actorRestartBackoff?: RestartBackoff | undefined;
  /** Whether events are also published on the clients' AMQP exchanges (AMQP_URL is set). */
  publishToAmqp?: boolean;
  /** How probe requests are gathered per location before they cross the bus (default 250 or 100 ms). */
  probeBatch?: BatchLimits | undefined;
  /**
   * Checks started per second at most when many start at once (adopting partitions at start,
   * a takeover, a restart): their first cycles are spread instead of fired together. Default 2000.
   */
  startRatePerSecond?: number | undefined;
}

interface RunningCheck {
  actor: Actor<CheckEvent>;
  behavior: CheckActor;
  partition: number;
  /** Its `started` event waits for its turn in the start pacing. */
  startPending: boolean;
}

const defaultProbeBatch: BatchLimits = { maxItems: 250, windowMs: 100 };
const defaultStartRate = 2000;

/**
 * Owns the check actors of the partitions this replica leases: loads them from the database,
 * routes probe results and change notices to them, and heals missed notices by a periodic resync.
 */
export class Engine implements PartitionListener {
  private readonly checks = new Map<number, RunningCheck>();
  private readonly owned = new Set<number>();
  private readonly consumers = new Map<number, BusSubscription>();
  private testNowServer: BusSubscription | null = null;
  private readonly scheduler: Scheduler;
  private readonly runs: RunWriter;
  private readonly decisions: IncidentDecisions;
  private readonly loader: CheckLoader;
  private readonly maintenance: MaintenanceCache;
  private readonly replies = new OnDemandReplies();
  private readonly context: CheckActorContext;
  private changes: BusSubscription | null = null;
  private resyncTimer: NodeJS.Timeout | null = null;
  /** Change notices and resyncs run one after the other, so that reloads of one check never interleave. */
  private serial: Promise<void> = Promise.resolve();
  private stopping = false;
  /** Partitions being brought up (checks loaded, consumer bound): the watchdog does not start a second load of them. */
  private readonly bringingUp = new Set<number>();
  private resyncFailing = false;
  private readonly stopGauges: Array<() => void> = [];
  private readonly probeRequests: Batcher<ProbeRequest>;
  private readonly starts: StartPacer<RunningCheck>;

  constructor(private readonly config: EngineConfig) {
    this.scheduler = new Scheduler(config.clock);
    this.runs = new RunWriter(config.store, config.logger.child({ component: 'run-writer' }));
    this.loader = new CheckLoader(config.store);
    this.decisions = new IncidentDecisions(
      new IncidentWriter(config.store, { amqp: config.publishToAmqp ?? false }, config.logger.child({ component: 'incidents' })),
      config.logger.child({ component: 'incident-decisions' }),
    );
    this.maintenance = new MaintenanceCache(config.store);
    this.probeRequests = new Batcher<ProbeRequest>(config.probeBatch ?? defaultProbeBatch, (location, requests) => this.sendProbes(location, requests));
    this.starts = new StartPacer(config.startRatePerSecond ?? defaultStartRate, this.startActor);
    // Created with the engine, so that the series shows (empty) before the first scheduled cycle.
    const cycleLag = cycleStartLagSeconds();
    this.context = {
      clock: config.clock,
      scheduler: this.scheduler,
      sendProbe: (request) => this.probeRequests.add(request.location, request),
      runs: this.runs,
      incidents: this.decisions,
      loader: this.loader,
      onDemand: this.replies,
      logger: config.logger,
      observer: {
        cycleStarted: (lagMs, scheduledAt) => {
          cycleLag.observe(lagMs / 1000);
          config.observer?.cycleStarted?.(lagMs, scheduledAt);
        },
      },
      stateOf: (stored) => this.stateOf(stored),
      removed: (checkId) => this.checks.delete(checkId),
      tell: (checkId, event) => void this.tell(checkId, event),
    };
  }

  /** Checks this replica runs now. */
  get runningChecks(): number {
    return this.checks.size;
  }

  get ownedPartitions(): number[] {
    return [...this.owned].sort((a, b) => a - b);
  }

  /** The actor state of a check, for tests and diagnostics. */
  stateOfCheck(checkId: number): CheckActorState | undefined {
    return this.checks.get(checkId)?.behavior.current;
  }

  async start(): Promise<void> {
    // Maintenance windows read now if the database answers, else at the first resync that finds it back.
    await this.maintenance.reload(this.config.clock.now()).catch((error: unknown) => this.config.logger.warn({ err: error }, 'maintenance windows not read yet; the resync retries'));
    const onChange = (_subject: string, data: unknown): Promise<void> => this.onChange(data);
    this.changes = this.config.leases.soleReplica
      ? this.config.bus.consumeDurable({ durable: `${this.config.clusterName}-engine-changes`, filter: changeFilter }, onChange)
      : this.config.bus.subscribe(changeFilter, onChange);
    this.testNowServer = serveTestNow(this.config.bus, (checkId) => this.mayActOn(checkId), this.onDemand);
    this.stopGauges.push(
      sampledGauge('vantage_engine_actors', 'Check actors this engine runs', 'sum', () => this.checks.size),
      sampledGauge('vantage_engine_open_cycles', 'Cycles started and not yet closed', 'sum', () => this.openCycles()),
    );
    await this.config.leases.start(this);
    const interval = this.config.resyncIntervalMs ?? 30_000;
    this.resyncTimer = setInterval(() => {
      // The watchdog needs no database for what it re-arms, so it does not queue behind a resync that waits for one.
      this.watchdog();
      void this.inOrder(() => this.resync());
    }, interval);
    this.resyncTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const stop of this.stopGauges) stop();
    if (this.resyncTimer) clearInterval(this.resyncTimer);
    await this.changes?.stop();
    await this.testNowServer?.stop();
    await this.serial;
    await this.drop([...this.owned]);
    this.starts.clear();
    this.probeRequests.flush();
    await this.runs.stop();
    await this.decisions.stop();
    await this.config.leases.stop();
    this.scheduler.stop();
  }

  /** Writes buffered runs now (tests and shutdown). */
  flushRuns(): Promise<void> {
    return this.runs.flush();
  }

  async acquired(partitions: number[]): Promise<void> {
    if (this.stopping) return;
    const fresh = partitions.filter((p) => !this.owned.has(p));
    if (fresh.length === 0) return;
    for (const p of fresh) this.owned.add(p);
    try {
      await this.bringUp(fresh);
    } catch (error) {
      // Owned without checks or consumer: the watchdog brings them up at its next round.
      this.config.logger.error({ err: error, partitions: fresh }, 'loading the checks of acquired partitions failed; the watchdog retries');
    }
  }

  /** Loads the checks of owned partitions that are not running yet, then binds their result consumers. */
  private async bringUp(partitions: number[]): Promise<void> {
    const wanted = new Set(partitions.filter((p) => !this.bringingUp.has(p)));
    if (wanted.size === 0) return;
    for (const p of wanted) this.bringingUp.add(p);
    try {
      const ids = (await this.loader.listChecks()).map((c) => c.id).filter((id) => wanted.has(this.partitionOf(id)) && !this.checks.has(id));
      const stored = await this.loader.load(ids);
      // A lease may have been lost while loading: only what is still owned starts.
      for (const check of stored.values()) if (this.owned.has(this.partitionOf(check.config.id)) && !this.checks.has(check.config.id)) this.spawn(check);
      this.bindConsumers([...wanted]);
      this.config.logger.info({ partitions: [...wanted], checks: stored.size }, 'partitions acquired');
    } finally {
      for (const p of wanted) this.bringingUp.delete(p);
    }
  }

  /** Actors exist before their results are consumed, so results held by the stream find them. */
  private bindConsumers(partitions: number[]): void {
    const onResult = (_subject: string, data: unknown): void => this.onResult(data);
    if (this.config.leases.soleReplica) {
      // Owning every partition for good, one consumer over all results does the work of one per partition.
      if (!this.consumers.has(allPartitions)) {
        this.consumers.set(allPartitions, this.config.bus.consumeDurable({ durable: `${this.config.clusterName}-engine-all`, filter: 'vantage.result.>' }, onResult));
      }
      return;
    }
    for (const p of partitions) {
      if (!this.owned.has(p) || this.consumers.has(p)) continue;
      this.consumers.set(p, this.config.bus.consumeDurable({ durable: `${this.config.clusterName}-engine-p${p}`, filter: resultFilter(p) }, onResult));
    }
  }

  /**
   * Finds active checks without their next cycle armed and owned partitions without a consumer,
   * and heals them. Runs on the resync period; public for tests.
   */
  watchdog(): void {
    if (!this.stopping) runWatchdog(this.watched, this.config.logger);
  }

  private readonly watched: WatchedEngine = {
    now: () => this.config.clock.now(),
    checkTimers: () => this.checkTimers(),
    ownedPartitions: () => this.owned,
    consumedPartitions: () => (this.consumers.has(allPartitions) ? this.owned : new Set(this.consumers.keys())),
    partitionsComingUp: () => this.bringingUp,
    rearmScheduler: () => this.scheduler.ensureArmed(),
    respawn: (checkId) => this.respawn(checkId),
    bringUp: (partitions) => this.bringUp(partitions),
  };

  private *checkTimers(): Iterable<CheckTimer> {
    for (const [checkId, running] of this.checks) {
      const { config } = running.behavior.current;
      // A start waiting for its turn in the pacing is armed: the scheduler holds it.
      const tickAt = running.actor.isStopped ? null : running.startPending ? this.config.clock.now() : running.behavior.armedTickAt;
      yield { checkId, paused: config.paused, periodMs: minutes(config.frequencyMinutes), tickAt };
    }
  }

  /** A fresh actor for a check from what this engine knows of it; the old one (stuck, or stopped) is let go. */
  private respawn(checkId: number): void {
    const running = this.checks.get(checkId);
    if (!running) return;
    running.behavior.detach();
    running.actor.stop();
    this.spawnWith({ ...running.behavior.current, cycles: [] });
  }

  async lost(partitions: number[]): Promise<void> {
    await this.drop(partitions);
    this.config.logger.info({ partitions }, 'partitions lost');
  }

  readonly onDemand = {
    runNow: (checkId: number): Promise<RunSummary> => this.runNow(checkId),
  };

  private async drop(partitions: number[]): Promise<void> {
    const gone = new Set(partitions.filter((p) => this.owned.has(p)));
    for (const p of gone) {
      this.owned.delete(p);
      await this.consumers.get(p)?.stop();
      this.consumers.delete(p);
    }
    if (this.owned.size === 0) {
      await this.consumers.get(allPartitions)?.stop();
      this.consumers.delete(allPartitions);
    }
    const stopped: Array<Promise<void>> = [];
    for (const [id, running] of this.checks) {
      if (!gone.has(running.partition)) continue;
      running.behavior.detach();
      stopped.push(running.actor.idle());
      running.actor.stop();
      this.checks.delete(id);
    }
    await Promise.all(stopped);
  }

  private openCycles(): number {
    let open = 0;
    for (const running of this.checks.values()) open += running.behavior.current.cycles.length;
    return open;
  }

  /** This replica runs the check's partition and its lease window is open now. */
  private mayActOn(checkId: number): boolean {
    const partition = this.partitionOf(checkId);
    return this.owned.has(partition) && this.config.leases.mayAct(partition);
  }

  private partitionOf(checkId: number): number {
    return partitionOf(checkId, this.config.partitions);
  }

  private stateOf(stored: StoredCheck): CheckActorState {
    const { config } = stored;
    return {
      checkId: config.id,
      cycleTag: this.config.clusterName,
      resultSubject: resultSubject(this.partitionOf(config.id)),
      config,
      maintenance: this.maintenance.windowsOf(config.workspaceId),
      lastRunAt: stored.lastRunAt,
      openIncident: stored.openIncident,
      awaitingRecovery: stored.awaitingRecovery,
      lastFailing: stored.lastFailing,
      cycles: [],
      recentlyClosed: [],
      deleted: false,
    };
  }

  private spawn(stored: StoredCheck): void {
    this.spawnWith(this.stateOf(stored));
  }

  private spawnWith(state: CheckActorState): void {
    const behavior = new CheckActor(state, this.context);
    const partition = this.partitionOf(state.checkId);
    // The fence: an actor whose partition's lease window closed does nothing until it is dropped and the partition taken anew.
    const fenced = {
      handle: (event: CheckEvent): void | Promise<void> => {
        if (this.config.leases.mayAct(partition)) return behavior.handle(event);
        fencedEvents().inc();
      },
      restart: () => behavior.restart(fenced.handle),
    };
    const actor = new Actor<CheckEvent>(`check-${state.checkId}`, fenced, this.config.logger, this.config.actorRestartBackoff);
    behavior.bind(actor);
    const running: RunningCheck = { actor, behavior, partition, startPending: true };
    this.checks.set(state.checkId, running);
    this.starts.add(running);
  }

  private readonly startActor = (running: RunningCheck): void => {
    running.startPending = false;
    if (!running.actor.isStopped) running.actor.tell({ type: 'started', at: this.config.clock.now() });
  };

  /**
   * One message per location's batch; a batch not sent leaves its locations silent (UNKNOWN at the
   * deadline, never DOWN). Fenced again as it leaves: a request decided while its partition was
   * ours, held in the batch while this process was stopped or its lease lapsed, is not sent.
   */
  private sendProbes(location: string, waiting: ProbeRequest[]): void {
    const requests = waiting.filter((request) => request.subjectKind !== 'uptime_check' || this.config.leases.mayAct(this.partitionOf(request.subjectId)));
    if (requests.length < waiting.length) fencedEvents().inc(waiting.length - requests.length);
    if (requests.length === 0) return;
    const batch: ProbeRequestBatch = { requests };
    this.config.bus.publish(probeSubject(location), batch).catch((error: unknown) => {
      probeBatchesNotSent().inc();
      this.config.logger.debug({ err: error, location, requests: requests.length }, 'probe request batch not sent');
    });
  }

  private tell(checkId: number, event: CheckEvent): boolean {
    const running = this.checks.get(checkId);
    running?.actor.tell(event);
    return running !== undefined;
  }

  /**
   * A batch of results (one partition's, as agents publish them) or, from an agent of an older
   * release, a single one. Fenced as a whole: while any of its checks' partitions is not ours to
   * act on, nothing of it is handled and it is not acknowledged, so that it waits for whoever acts
   * on the partition next. A redelivered batch decides nothing twice: the actors ignore answers
   * their cycles already hold.
   */
  private onResult(data: unknown): void {
    let results: ProbeResultMessage[];
    if (probeResultBatchCheck.Check(data)) results = data.results;
    else if (probeResultCheck.Check(data)) results = [data];
    else {
      this.config.logger.warn({ data }, 'dropping a probe result that does not match the message schema');
      return;
    }
    for (const message of results) {
      if (message.subjectKind === 'uptime_check' && !this.config.leases.mayAct(this.partitionOf(message.subjectId))) {
        throw new Error(`partition of check ${message.subjectId} is not ours to act on now`);
      }
    }
    const at = this.config.clock.now();
    for (const message of results) if (message.subjectKind === 'uptime_check') this.tell(message.subjectId, { type: 'probeResult', at, message });
  }

  /** Change notices and resyncs, one after the other. A failure waits for the next resync; a run of them is logged once. */
  private inOrder(task: () => Promise<void>): Promise<void> {
    const next = this.serial.then(task).then(
      () => {
        if (this.resyncFailing) this.config.logger.info('engine resync works again');
        this.resyncFailing = false;
      },
      (error: unknown) => {
        this.config.logger[this.resyncFailing ? 'debug' : 'warn']({ err: error }, 'engine resync failed; retried at the next resync');
        this.resyncFailing = true;
      },
    );
    this.serial = next;
    return next;
  }

  private onChange(data: unknown): Promise<void> {
    if (!changeNoticeCheck.Check(data)) {
      this.config.logger.warn({ data }, 'ignoring a change notice that does not match the message schema');
      return Promise.resolve();
    }
    return this.inOrder(async () => {
      if (this.stopping) return;
      switch (data.kind) {
        case 'uptime_check':
          await this.reloadChecks([data.id]);
          if (data.action === 'test_now') this.tell(data.id, { type: 'testNow', at: this.config.clock.now(), nonce: nonce() });
          return;
        case 'maintenance_window':
          await this.reloadMaintenance();
          return;
        case 'incident':
          await this.reloadIncidents([data.id]);
          return;
        default:
          return;
      }
    });
  }

  /** Brings the actors of the given checks in line with the database: spawn, reconfigure, pause, resume or delete. */
  private async reloadChecks(ids: number[]): Promise<void> {
    const mine = ids.filter((id) => this.owned.has(this.partitionOf(id)));
    if (mine.length === 0) return;
    const stored = await this.loader.load(mine);
    const at = this.config.clock.now();
    for (const id of mine) {
      const check = stored.get(id);
      const running = this.checks.get(id);
      if (!check) {
        running?.actor.tell({ type: 'deleted', at });
        continue;
      }
      if (!running) {
        this.spawn(check);
        continue;
      }
      const known = running.behavior.current.config;
      if (known.version !== check.config.version || known.paused !== check.config.paused) {
        running.actor.tell({ type: 'configChanged', at, config: check.config });
      }
    }
  }

  private async reloadMaintenance(): Promise<void> {
    const changed = new Set(await this.maintenance.reload(this.config.clock.now()));
    if (changed.size === 0) return;
    const at = this.config.clock.now();
    for (const running of this.checks.values()) {
      const workspaceId = running.behavior.current.config.workspaceId;
      if (changed.has(workspaceId)) running.actor.tell({ type: 'maintenanceChanged', at, windows: this.maintenance.windowsOf(workspaceId) });
    }
  }

  /** Incidents acknowledged or resolved through the API reach the actor of their check. */
  private async reloadIncidents(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.config.store.em
      .getConnection()
      .execute<Array<{ id: number; check_id: number; status: 'open' | 'acknowledged' | 'resolved' }>>(
        `select id, check_id, status from incidents where id in (${ids.map(() => '?').join(', ')})`,
        ids,
        'all',
      );
    const at = this.config.clock.now();
    for (const row of rows) this.tell(row.check_id, { type: 'incidentChanged', at, incidentId: row.id, status: row.status });
  }

  /**
   * Heals whatever change notices were missed: checks, maintenance windows and incident states.
   * Reads the checks a page at a time and yields between pages, so that comparing 100,000 checks
   * never holds the event loop (and with it every check's schedule) for long.
   */
  private async resync(): Promise<void> {
    if (this.stopping) return;
    await this.reloadMaintenance();
    const inDatabase = new Set<number>();
    const stale: number[] = [];
    for (let after = 0; ; ) {
      const page = await this.loader.listChecksAfter(after, resyncPage);
      for (const check of page) {
        inDatabase.add(check.id);
        if (!this.owned.has(this.partitionOf(check.id))) continue;
        const known = this.checks.get(check.id)?.behavior.current.config;
        if (!known || known.version !== check.version || known.paused !== check.paused) stale.push(check.id);
      }
      if (page.length < resyncPage || this.stopping) break;
      after = page[page.length - 1]!.id;
      await yieldToEventLoop();
    }
    if (this.stopping) return;
    for (const id of this.checks.keys()) if (!inDatabase.has(id)) stale.push(id);
    await this.reloadChecks(stale);
    const openIds: number[] = [];
    for (const running of this.checks.values()) {
      const id = running.behavior.current.openIncident?.id;
      if (id !== null && id !== undefined) openIds.push(id);
    }
    for (let i = 0; i < openIds.length; i += 1000) await this.reloadIncidents(openIds.slice(i, i + 1000));
  }

  private async runNow(checkId: number): Promise<RunSummary> {
    if (!this.checks.has(checkId)) await this.inOrder(() => this.reloadChecks([checkId]));
    const running = this.checks.get(checkId);
    if (!running) throw new CheckNotRunHere(`check ${checkId} is not run by this engine`);
    const at = this.config.clock.now();
    const tag = nonce();
    const waiting = this.replies.wait(onDemandCycleId(this.config.clusterName, checkId, at, tag), checkId);
    running.actor.tell({ type: 'testNow', at, nonce: tag });
    const run = await waiting;
    await this.runs.flush();
    const stored = await this.config.store.em
      .getConnection()
      .execute<Array<{ id: string | number }>>('select id from runs where check_id = ? and started_at = ? and cycle_key = ?', [checkId, new Date(run.startedAt), cycleKey(run.cycleId)], 'all');
    return {
      runId: stored[0] ? Number(stored[0].id) : null,
      state: run.state,
      startedAt: new Date(run.startedAt),
      finishedAt: new Date(run.finishedAt),
      failingLocations: run.failingLocations,
      latencyMs: run.latencyMs,
      results: run.results,
    };
  }
}

const changeFilter = 'vantage.changes.>';
const fencedEvents = () => counter('vantage_engine_fenced_events_total', 'Check actor events, and probe requests waiting in a batch, dropped because their partition lease window had closed');
/** Checks compared per page of a resync. */
const resyncPage = 5_000;
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
/** Compiled once: checking every probe result against the interpreted schema cost more than handling it. */
const probeResultCheck = TypeCompiler.Compile(ProbeResultMessage);
const probeResultBatchCheck = TypeCompiler.Compile(ProbeResultBatch);
const probeBatchesNotSent = () => counter('vantage_engine_probe_batches_unsent_total', 'Probe request batches the bus refused (NATS away): their locations are missing from those cycles');

const changeNoticeCheck = TypeCompiler.Compile(ChangeNotice);
/** Key of the single result consumer of a sole replica. */
const allPartitions = -1;
const nonce = (): string => randomBytes(4).toString('hex');
