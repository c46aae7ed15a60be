import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { RunSummary } from '../api/on-demand-probe.js';
import type { Bus, BusSubscription } from '../bus/bus.js';
import { Batcher, type BatchLimits } from '../bus/batcher.js';
import { ProbeResultBatch, ProbeResultMessage, type ProbeRequest, type ProbeRequestBatch } from '../bus/messages.js';
import { probeSubject, resultSubject } from '../bus/subjects.js';
import { onDemandCycleId, type CheckActorState } from '../domain/check-actor-reducer.js';
import type { Logger } from '../log.js';
import { counter, sampledGauge } from '../metrics/registry.js';
import { cycleStartLagSeconds } from '../metrics/vantage-metrics.js';
import type { Store } from '../store/orm.js';
import type { RestartBackoff } from './actor.js';
import { ActorRegistry } from './actor-registry.js';
import { serveTestNow } from './bus-on-demand.js';
import type { EngineObserver } from './check-actor.js';
import { CheckLoader, type StoredCheck } from './check-loader.js';
import { CheckSync } from './check-sync.js';
import type { Clock } from './clock.js';
import { IncidentDecisions } from './incident-decisions.js';
import { IncidentWriter } from './incident-writer.js';
import { MaintenanceCache } from './maintenance-cache.js';
import { CheckNotRunHere, OnDemandReplies, onDemandNonce } from './on-demand.js';
import type { PartitionLeases, PartitionListener } from './partition-leases.js';
import { PartitionRuntime } from './partition-runtime.js';
import { isEmbedded } from '../store/embedded.js';
import { EMBEDDED_RUN_BATCH, RunWriter } from './run-writer.js';
import { Scheduler } from './scheduler.js';
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
  /** How probe requests are gathered per location before they cross the bus (default 250 or 250 ms). */
  probeBatch?: BatchLimits | undefined;
  /**
   * Checks started per second at most when many start at once (adopting partitions at start,
   * a takeover, a restart): their first cycles are spread instead of fired together. Default 500.
   */
  startRatePerSecond?: number | undefined;
}

const defaultProbeBatch: BatchLimits = { maxItems: 250, windowMs: 250 };
const defaultStartRate = 500;

/**
 * Runs the checks of the partitions this replica leases: brings partitions up and down as the
 * leases tell (the partition runtime holds them, the actor registry their actors and the fence),
 * routes probe results and change notices to the actors, and heals missed notices by a periodic
 * resync.
 */
export class Engine implements PartitionListener {
  private readonly runtime: PartitionRuntime;
  private readonly actors: ActorRegistry;
  private testNowServer: BusSubscription | null = null;
  private readonly scheduler: Scheduler;
  private readonly runs: RunWriter;
  private readonly decisions: IncidentDecisions;
  private readonly loader: CheckLoader;
  private readonly maintenance: MaintenanceCache;
  private readonly replies = new OnDemandReplies();
  private changes: BusSubscription | null = null;
  private resyncTimer: NodeJS.Timeout | null = null;
  private readonly sync: CheckSync;
  private stopping = false;
  private readonly stopGauges: Array<() => void> = [];
  private readonly probeRequests: Batcher<ProbeRequest>;

  constructor(private readonly config: EngineConfig) {
    this.scheduler = new Scheduler(config.clock);
    // Embedded, a statement holds the database's one connection: after a start, the first cycles' runs went 1,000 a statement, each holding every request in flight for 17-25 ms.
    this.runs = new RunWriter(config.store, config.logger.child({ component: 'run-writer' }), isEmbedded(config.store) ? { maxBatch: EMBEDDED_RUN_BATCH } : {});
    this.loader = new CheckLoader(config.store);
    this.decisions = new IncidentDecisions(
      new IncidentWriter(config.store, { amqp: config.publishToAmqp ?? false }, config.logger.child({ component: 'incidents' })),
      config.logger.child({ component: 'incident-decisions' }),
    );
    this.maintenance = new MaintenanceCache(config.store);
    this.probeRequests = new Batcher<ProbeRequest>(config.probeBatch ?? defaultProbeBatch, (location, requests) => this.sendProbes(location, requests));
    this.runtime = new PartitionRuntime({
      bus: config.bus,
      clusterName: config.clusterName,
      partitions: config.partitions,
      soleReplica: config.leases.soleReplica,
      onResult: (_subject, data) => this.onResult(data),
    });
    // Created with the engine, so that the series shows (empty) before the first scheduled cycle.
    const cycleLag = cycleStartLagSeconds();
    this.actors = new ActorRegistry({
      context: {
        clock: config.clock,
        scheduler: this.scheduler,
        sendProbe: (request) => this.probeRequests.add(request.location, request, request.urgent),
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
      },
      partitionOf: (checkId) => this.runtime.partitionOf(checkId),
      mayAct: (partition) => config.leases.mayAct(partition),
      restartBackoff: config.actorRestartBackoff,
      startRatePerSecond: config.startRatePerSecond ?? defaultStartRate,
    });
    this.sync = new CheckSync({
      actors: this.actors,
      runtime: this.runtime,
      loader: this.loader,
      maintenance: this.maintenance,
      clock: config.clock,
      logger: config.logger,
      stateOf: (stored) => this.stateOf(stored),
    });
  }

  /** Checks this replica runs now. */
  get runningChecks(): number {
    return this.actors.size;
  }

  get ownedPartitions(): number[] {
    return [...this.runtime.ownedPartitions].sort((a, b) => a - b);
  }

  /** The actor state of a check, for tests and diagnostics. */
  stateOfCheck(checkId: number): CheckActorState | undefined {
    return this.actors.stateOf(checkId);
  }

  async start(): Promise<void> {
    // Maintenance windows read now if the database answers, else at the first resync that finds it back.
    await this.maintenance.reload(this.config.clock.now()).catch((error: unknown) => this.config.logger.warn({ err: error }, 'maintenance windows not read yet; the resync retries'));
    const onChange = (_subject: string, data: unknown): Promise<void> => this.sync.onChange(data);
    this.changes = this.config.leases.soleReplica
      ? this.config.bus.consumeDurable({ durable: `${this.config.clusterName}-engine-changes`, filter: changeFilter }, onChange)
      : this.config.bus.subscribe(changeFilter, onChange);
    this.testNowServer = serveTestNow(this.config.bus, (checkId) => this.answersFor(checkId), this.onDemand);
    this.stopGauges.push(
      sampledGauge('vantage_engine_actors', 'Check actors this engine runs', 'sum', () => this.actors.size),
      sampledGauge('vantage_engine_open_cycles', 'Cycles started and not yet closed', 'sum', () => this.actors.openCycles()),
      sampledGauge('vantage_engine_starts_waiting', 'Check actors waiting for their turn to start at VANTAGE_ENGINE_START_RATE', 'sum', () => this.actors.startsWaiting),
    );
    await this.config.leases.start(this);
    const interval = this.config.resyncIntervalMs ?? 30_000;
    this.resyncTimer = setInterval(() => {
      // The watchdog needs no database for what it re-arms, so it does not queue behind a resync that waits for one.
      this.watchdog();
      void this.sync.resync();
    }, interval);
    this.resyncTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.sync.stop();
    for (const stop of this.stopGauges) stop();
    if (this.resyncTimer) clearInterval(this.resyncTimer);
    await this.changes?.stop();
    await this.testNowServer?.stop();
    await this.sync.idle();
    await this.drop([...this.runtime.ownedPartitions]);
    this.actors.clearStarts();
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
    const fresh = this.runtime.claim(partitions);
    if (fresh.length === 0) return;
    try {
      await this.bringUp(fresh);
    } catch (error) {
      // Owned without checks or consumer: the watchdog brings them up at its next round.
      this.config.logger.error({ err: error, partitions: fresh }, 'loading the checks of acquired partitions failed; the watchdog retries');
    }
  }

  /** Loads the checks of owned partitions that are not running yet; the runtime then binds their result consumers. */
  private bringUp(partitions: number[]): Promise<void> {
    return this.runtime.bringUp(partitions, async (wanted) => {
      const ids = (await this.loader.listChecks()).map((c) => c.id).filter((id) => wanted.has(this.runtime.partitionOf(id)) && !this.actors.has(id));
      const stored = await this.loader.load(ids);
      // A lease may have been lost while loading: only what is still owned starts.
      for (const check of stored.values()) if (this.runtime.ownsCheck(check.config.id) && !this.actors.has(check.config.id)) this.actors.spawn(this.stateOf(check));
      this.config.logger.info({ partitions: [...wanted], checks: stored.size }, 'partitions acquired');
    });
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
    checkTimers: () => this.actors.timers(this.config.clock.now()),
    ownedPartitions: () => this.runtime.ownedPartitions,
    consumedPartitions: () => this.runtime.consumedPartitions,
    partitionsComingUp: () => this.runtime.partitionsComingUp,
    rearmScheduler: () => this.scheduler.ensureArmed(),
    respawn: (checkId) => this.actors.respawn(checkId),
    bringUp: (partitions) => this.bringUp(partitions),
  };

  async lost(partitions: number[]): Promise<void> {
    await this.drop(partitions);
    this.config.logger.info({ partitions }, 'partitions lost');
  }

  readonly onDemand = {
    runNow: (checkId: number): Promise<RunSummary> => this.runNow(checkId),
  };

  private async drop(partitions: number[]): Promise<void> {
    await this.actors.stopPartitions(await this.runtime.release(partitions));
  }

  /** This replica owns the check's partition and may act on it now: it answers the check's test-now requests. */
  private answersFor(checkId: number): boolean {
    return this.runtime.ownsCheck(checkId) && this.actors.mayActOn(checkId);
  }

  private stateOf(stored: StoredCheck): CheckActorState {
    const { config } = stored;
    return {
      checkId: config.id,
      cycleTag: this.config.clusterName,
      resultSubject: resultSubject(this.runtime.partitionOf(config.id)),
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

  /** One message per location's batch, fenced as it leaves; a batch not sent leaves its locations silent (UNKNOWN at the deadline, never DOWN). */
  private sendProbes(location: string, waiting: ProbeRequest[]): void {
    const requests = this.actors.fenceRequests(waiting);
    if (requests.length === 0) return;
    const batch: ProbeRequestBatch = { requests };
    this.config.bus.publish(probeSubject(location), batch).catch((error: unknown) => {
      probeBatchesNotSent().inc();
      this.config.logger.debug({ err: error, location, requests: requests.length }, 'probe request batch not sent');
    });
  }

  /** A batch of results (one partition's, as agents publish them) or, from an agent of an older release, a single one. */
  private onResult(data: unknown): void {
    let results: ProbeResultMessage[];
    if (probeResultBatchCheck.Check(data)) results = data.results;
    else if (probeResultCheck.Check(data)) results = [data];
    else {
      this.config.logger.warn({ data }, 'dropping a probe result that does not match the message schema');
      return;
    }
    this.actors.deliverResults(results, this.config.clock.now());
  }

  private async runNow(checkId: number): Promise<RunSummary> {
    if (!this.actors.has(checkId)) await this.sync.reload(checkId);
    if (!this.actors.has(checkId)) throw new CheckNotRunHere(`check ${checkId} is not run by this engine`);
    const at = this.config.clock.now();
    const tag = onDemandNonce();
    const waiting = this.replies.wait(onDemandCycleId(this.config.clusterName, checkId, at, tag), checkId);
    this.actors.tell(checkId, { type: 'testNow', at, nonce: tag });
    const run = await waiting;
    await this.runs.flush();
    return {
      runId: await this.runs.storedRunId(checkId, run.startedAt, run.cycleId),
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
/** Compiled once: checking every probe result against the interpreted schema cost more than handling it. */
const probeResultCheck = TypeCompiler.Compile(ProbeResultMessage);
const probeResultBatchCheck = TypeCompiler.Compile(ProbeResultBatch);
const probeBatchesNotSent = () => counter('vantage_engine_probe_batches_unsent_total', 'Probe request batches the bus refused (NATS away): their locations are missing from those cycles');

