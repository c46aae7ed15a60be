import type { ProbeRequest, ProbeResultMessage } from '../bus/messages.js';
import type { CheckActorState, CheckEvent } from '../domain/check-actor-reducer.js';
import type { CheckTimer } from '../domain/engine-liveness.js';
import { minutes } from '../domain/schedule.js';
import { counter } from '../metrics/registry.js';
import { Actor, type RestartBackoff } from './actor.js';
import { CheckActor, type CheckActorContext } from './check-actor.js';
import type { RunningChecks, VersionedCheck } from './resync-plan.js';
import { StartPacer } from './start-pacer.js';

interface RunningCheck {
  actor: Actor<CheckEvent>;
  behavior: CheckActor;
  partition: number;
  /** Its `started` event waits for its turn in the start pacing. */
  startPending: boolean;
}

export interface ActorRegistryOptions {
  /** What every actor shares; the registry adds how an actor is told and removed. */
  context: Omit<CheckActorContext, 'removed' | 'tell'>;
  partitionOf(checkId: number): number;
  /** Whether this replica may act on the partition at this instant: its lease window. */
  mayAct(partition: number): boolean;
  restartBackoff: RestartBackoff | undefined;
  /** Actors started per second at most, so that many starts at once spread their first cycles. */
  startRatePerSecond: number;
}

/**
 * Creates, finds and stops the check actors of this replica, and is the one place the partition
 * fence is applied: every message an actor handles goes through the fenced handler made here (the
 * first event of a restart too), probe requests are fenced again as they leave, and a batch of
 * results is refused whole while any of its checks is fenced. Whatever the lease protocol says,
 * an actor whose partition's lease window closed acts on nothing until it is dropped.
 */
export class ActorRegistry implements RunningChecks {
  private readonly checks = new Map<number, RunningCheck>();
  private readonly starts: StartPacer<RunningCheck>;
  private readonly context: CheckActorContext;

  constructor(private readonly options: ActorRegistryOptions) {
    this.context = {
      ...options.context,
      removed: (checkId) => this.checks.delete(checkId),
      tell: (checkId, event) => void this.tell(checkId, event),
    };
    this.starts = new StartPacer(options.startRatePerSecond, this.startActor);
  }

  get size(): number {
    return this.checks.size;
  }

  /** Actors waiting for their turn to start (see StartPacer): the catch-up still ahead after a start or a takeover. */
  get startsWaiting(): number {
    return this.starts.waiting;
  }

  has(checkId: number): boolean {
    return this.checks.has(checkId);
  }

  stateOf(checkId: number): CheckActorState | undefined {
    return this.checks.get(checkId)?.behavior.current;
  }

  *states(): Iterable<CheckActorState> {
    for (const running of this.checks.values()) yield running.behavior.current;
  }

  ids(): Iterable<number> {
    return this.checks.keys();
  }

  known(checkId: number): VersionedCheck | undefined {
    return this.checks.get(checkId)?.behavior.current.config;
  }

  openCycles(): number {
    let open = 0;
    for (const running of this.checks.values()) open += running.behavior.current.cycles.length;
    return open;
  }

  /** When each check's next tick fires, for the watchdog. A start waiting for its turn in the pacing counts as armed: the pacer holds it. */
  *timers(now: number): Iterable<CheckTimer> {
    for (const [checkId, running] of this.checks) {
      const { config } = running.behavior.current;
      const tickAt = running.actor.isStopped ? null : running.startPending ? now : running.behavior.armedTickAt;
      yield { checkId, paused: config.paused, periodMs: minutes(config.frequencyMinutes), tickAt };
    }
  }

  /** The fence: this replica may act for the check at this instant. */
  mayActOn(checkId: number): boolean {
    return this.options.mayAct(this.options.partitionOf(checkId));
  }

  /** Starts an actor for the check, its first cycle paced with the other starts. */
  spawn(state: CheckActorState): void {
    const behavior = new CheckActor(state, this.context);
    const partition = this.options.partitionOf(state.checkId);
    const fenced = {
      handle: (event: CheckEvent): void => {
        if (this.options.mayAct(partition)) behavior.handle(event);
        else fencedEvents().inc();
      },
      restart: () => behavior.restart(fenced.handle),
    };
    const actor = new Actor<CheckEvent>(`check-${state.checkId}`, fenced, this.context.logger, this.options.restartBackoff);
    behavior.bind(actor);
    const running: RunningCheck = { actor, behavior, partition, startPending: true };
    this.checks.set(state.checkId, running);
    this.starts.add(running);
  }

  /** A fresh actor for a check from what this replica knows of it; the old one (stuck, or stopped) is let go. */
  respawn(checkId: number): void {
    const running = this.checks.get(checkId);
    if (!running) return;
    running.behavior.detach();
    running.actor.stop();
    this.spawn({ ...running.behavior.current, cycles: [] });
  }

  /** Queues the event for whichever actor runs the check now; false when none does. */
  tell(checkId: number, event: CheckEvent): boolean {
    const running = this.checks.get(checkId);
    running?.actor.tell(event);
    return running !== undefined;
  }

  /**
   * A batch of results, all or none: while any of its checks is fenced, nothing of it is handled
   * and this throws, so that the batch is not acknowledged and waits in the stream for whoever
   * acts on the partition next. A redelivered batch decides nothing twice: the actors ignore
   * answers their cycles already hold.
   */
  deliverResults(results: readonly ProbeResultMessage[], at: number): void {
    const forChecks = results.filter((message) => message.subjectKind === 'uptime_check');
    for (const message of forChecks) {
      if (!this.mayActOn(message.subjectId)) throw new Error(`partition of check ${message.subjectId} is not ours to act on now`);
    }
    for (const message of forChecks) this.tell(message.subjectId, { type: 'probeResult', at, message });
  }

  /**
   * The requests of a probe batch that may still leave: one decided while its partition was ours,
   * held in the batch while this process was stopped or its lease lapsed, is not sent.
   */
  fenceRequests(requests: ProbeRequest[]): ProbeRequest[] {
    const allowed = requests.filter((request) => request.subjectKind !== 'uptime_check' || this.mayActOn(request.subjectId));
    if (allowed.length < requests.length) fencedEvents().inc(requests.length - allowed.length);
    return allowed;
  }

  /** Stops the actors of the given partitions, once the message each is handling is done. */
  async stopPartitions(partitions: ReadonlySet<number>): Promise<void> {
    const stopped: Array<Promise<void>> = [];
    for (const [checkId, running] of this.checks) {
      if (!partitions.has(running.partition)) continue;
      running.behavior.detach();
      stopped.push(running.actor.idle());
      running.actor.stop();
      this.checks.delete(checkId);
    }
    await Promise.all(stopped);
  }

  /** Forgets every start still waiting for its turn (the engine stops). */
  clearStarts(): void {
    this.starts.clear();
  }

  private readonly startActor = (running: RunningCheck): void => {
    running.startPending = false;
    if (!running.actor.isStopped) running.actor.tell({ type: 'started', at: this.context.clock.now() });
  };
}

const fencedEvents = () => counter('vantage_engine_fenced_events_total', 'Check actor events, and probe requests waiting in a batch, dropped because their partition lease window had closed');
