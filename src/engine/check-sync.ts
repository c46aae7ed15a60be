import { TypeCompiler } from '@sinclair/typebox/compiler';
import { ChangeNotice } from '../bus/messages.js';
import type { CheckActorState } from '../domain/check-actor-reducer.js';
import type { Logger } from '../log.js';
import type { ActorRegistry } from './actor-registry.js';
import type { CheckLoader, StoredCheck } from './check-loader.js';
import type { Clock } from './clock.js';
import type { MaintenanceCache } from './maintenance-cache.js';
import { onDemandNonce } from './on-demand.js';
import type { PartitionRuntime } from './partition-runtime.js';
import { planResync, type StoredCheckVersion } from './resync-plan.js';
import { nextEventLoopTurn } from '../store/event-loop-turn.js';

export interface CheckSyncOptions {
  actors: ActorRegistry;
  runtime: PartitionRuntime;
  loader: CheckLoader;
  maintenance: MaintenanceCache;
  clock: Clock;
  logger: Logger;
  stateOf(stored: StoredCheck): CheckActorState;
}

/**
 * Keeps the actors in line with the database: change notices as they arrive, and a periodic
 * resync that heals the notices missed. One task at a time, so that reloads of one check never
 * interleave; a failure waits for the next resync, and a run of them is logged once.
 */
export class CheckSync {
  private serial: Promise<void> = Promise.resolve();
  private failing = false;
  private stopping = false;
  /** Checks noticed since the last reload of noticed checks began, with whether a test-now was asked. */
  private noticed = new Map<number, boolean>();
  private noticedReload: Promise<void> | null = null;

  constructor(private readonly options: CheckSyncOptions) {}

  onChange(data: unknown): Promise<void> {
    if (!changeNoticeCheck.Check(data)) {
      this.options.logger.warn({ data }, 'ignoring a change notice that does not match the message schema');
      return Promise.resolve();
    }
    if (data.kind === 'uptime_check') return this.reloadNoticed(data.id, data.action === 'test_now');
    return this.inOrder(async () => {
      switch (data.kind) {
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

  /**
   * Check notices that arrive while a task runs share one reload: a bulk change of 10,000 checks
   * sends 10,000 notices, which one by one were 10,000 turns of two or three queries each, with
   * every other notice waiting behind them. Reloading reads what is stored now, so one reload
   * answers every notice of the check that came before it.
   */
  private reloadNoticed(checkId: number, testNow: boolean): Promise<void> {
    this.noticed.set(checkId, this.noticed.get(checkId) === true || testNow);
    this.noticedReload ??= this.inOrder(async () => {
      const noticed = this.noticed;
      this.noticed = new Map();
      this.noticedReload = null;
      await this.reloadChecks([...noticed.keys()]);
      for (const [id, testNowAsked] of noticed) {
        if (testNowAsked) this.options.actors.tell(id, { type: 'testNow', at: this.options.clock.now(), nonce: onDemandNonce() });
      }
    });
    return this.noticedReload;
  }

  /** Heals whatever change notices were missed: maintenance windows, checks (by the resync plan) and incident states. */
  resync(): Promise<void> {
    return this.inOrder(async () => {
      await this.reloadMaintenance();
      const stored = await this.listStoredChecks();
      if (this.stopping) return;
      const { actors, runtime } = this.options;
      const plan = planResync(actors, stored, (checkId) => runtime.ownsCheck(checkId));
      // Reloaded rather than acted on from the listing: a check changed since its page was read is judged by what is stored now.
      await this.reloadChecks([...plan.start, ...plan.reload, ...plan.stop]);
      const openIds: number[] = [];
      for (const state of actors.states()) {
        const id = state.openIncident?.id;
        if (id !== null && id !== undefined) openIds.push(id);
      }
      for (let i = 0; i < openIds.length; i += 1000) await this.reloadIncidents(openIds.slice(i, i + 1000));
    });
  }

  /** Brings one check in line with the database, in turn with the notices and resyncs. */
  reload(checkId: number): Promise<void> {
    return this.inOrder(() => this.reloadChecks([checkId]));
  }

  /** From now on, queued tasks do nothing. */
  stop(): void {
    this.stopping = true;
  }

  /** Resolves once every task queued so far is done. */
  idle(): Promise<void> {
    return this.serial;
  }

  private inOrder(task: () => Promise<void>): Promise<void> {
    const next = this.serial
      .then(() => (this.stopping ? undefined : task()))
      .then(
        () => {
          if (this.failing) this.options.logger.info('engine resync works again');
          this.failing = false;
        },
        (error: unknown) => {
          this.options.logger[this.failing ? 'debug' : 'warn']({ err: error }, 'engine resync failed; retried at the next resync');
          this.failing = true;
        },
      );
    this.serial = next;
    return next;
  }

  /** Brings the actors of the given checks in line with the database: spawn, reconfigure, pause, resume or delete. */
  private async reloadChecks(ids: number[]): Promise<void> {
    const { actors, runtime, loader, clock, stateOf } = this.options;
    const mine = ids.filter((id) => runtime.ownsCheck(id));
    if (mine.length === 0) return;
    const stored = await loader.load(mine);
    const at = clock.now();
    for (const id of mine) {
      const check = stored.get(id);
      const known = actors.known(id);
      if (!check) actors.tell(id, { type: 'deleted', at });
      else if (!known) actors.spawn(stateOf(check));
      else if (known.version !== check.config.version || known.paused !== check.config.paused) actors.tell(id, { type: 'configChanged', at, config: check.config });
    }
  }

  private async reloadMaintenance(): Promise<void> {
    const { actors, maintenance, clock } = this.options;
    const changed = new Set(await maintenance.reload(clock.now()));
    if (changed.size === 0) return;
    const at = clock.now();
    for (const { checkId, config } of actors.states()) {
      if (changed.has(config.workspaceId)) actors.tell(checkId, { type: 'maintenanceChanged', at, windows: maintenance.windowsOf(config.workspaceId) });
    }
  }

  /** Incidents acknowledged or resolved through the API reach the actor of their check. */
  private async reloadIncidents(ids: number[]): Promise<void> {
    const incidents = await this.options.loader.incidentStatuses(ids);
    const at = this.options.clock.now();
    for (const { id, checkId, status } of incidents) this.options.actors.tell(checkId, { type: 'incidentChanged', at, incidentId: id, status });
  }

  /**
   * Every check's id, version and paused flag, a page at a time, yielding between pages, so that
   * reading 100,000 checks never holds the event loop (and with it every check's schedule) for long.
   */
  private async listStoredChecks(): Promise<StoredCheckVersion[]> {
    const stored: StoredCheckVersion[] = [];
    for (let after = 0; !this.stopping; ) {
      const page = await this.options.loader.listChecksAfter(after, resyncPage);
      stored.push(...page);
      if (page.length < resyncPage) break;
      after = page[page.length - 1]!.id;
      await nextEventLoopTurn();
    }
    return stored;
  }
}

const changeNoticeCheck = TypeCompiler.Compile(ChangeNotice);
/**
 * Checks listed per page of a resync: on the embedded database a page holds its one connection
 * while it is read, and a page of 5,000 held every request in flight for 20-26 ms every 30 s.
 */
const resyncPage = 1_000;
