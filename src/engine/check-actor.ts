import type { ProbeRequest } from '../bus/messages.js';
import { decide, type CheckActorState, type CheckEffect, type CheckEvent } from '../domain/check-actor-reducer.js';
import type { Logger } from '../log.js';
import type { Actor, ActorBehavior } from './actor.js';
import type { CheckLoader, StoredCheck } from './check-loader.js';
import type { Clock } from './clock.js';
import type { IncidentDecisions } from './incident-decisions.js';
import type { OnDemandReplies } from './on-demand.js';
import type { RunWriter } from './run-writer.js';
import type { ScheduledEntry, Scheduler } from './scheduler.js';

// Shared by every actor: a closure per armed tick or deadline would be garbage of a period's lifetime.
const fireTick = (actor: CheckActor, slot: number): void => actor.tickDue(slot);
const fireDeadline = (actor: CheckActor, at: number): void => actor.deadlineDue(at);

/** Watches the engine's timing from outside (the benchmark); never changes what it does. */
export interface EngineObserver {
  /** A scheduled cycle, ideally starting at `scheduledAt`, published its probe requests `lagMs` after it. */
  cycleStarted?(lagMs: number, scheduledAt: number): void;
}

/** What every check actor shares: the engine's ports and how to build a state from stored facts. */
export interface CheckActorContext {
  clock: Clock;
  scheduler: Scheduler;
  /** Hands a probe request to its location's next batch. */
  sendProbe(request: ProbeRequest): void;
  runs: RunWriter;
  incidents: IncidentDecisions;
  loader: CheckLoader;
  onDemand: OnDemandReplies;
  logger: Logger;
  observer: EngineObserver | undefined;
  stateOf(stored: StoredCheck): CheckActorState;
  /** The actor stopped for good (its check was deleted). */
  removed(checkId: number): void;
  /** Tells whichever actor runs the check now (it may have been replaced since a decision was made), through the fence. */
  tell(checkId: number, event: CheckEvent): void;
}

/**
 * The shell around the pure reducer: feeds it events and performs exactly the effects it states
 * (publish, arm and cancel timers, persist, incident transactions). What an effect learns later
 * (an incident's id) comes back as a new message through the actor registry.
 */
export class CheckActor implements ActorBehavior<CheckEvent> {
  private tick: ScheduledEntry | null = null;
  /** Deadlines of cycles in flight, by cycle, so that the reducer's `cancelDeadline` finds its timer. */
  private deadlines: Array<{ cycleId: string; entry: ScheduledEntry }> | null = null;
  private actor!: Actor<CheckEvent>;
  /** Replaced by a fresh actor (the watchdog) or stopped: a restart still under way must not arm or publish anything. */
  private detached = false;

  constructor(
    private state: CheckActorState,
    private readonly context: CheckActorContext,
  ) {}

  get checkId(): number {
    return this.state.checkId;
  }

  get current(): CheckActorState {
    return this.state;
  }

  /** When the next tick fires; null when none is armed. What the watchdog reads. */
  get armedTickAt(): number | null {
    return this.tick && !this.tick.cancelled ? this.tick.at : null;
  }

  bind(actor: Actor<CheckEvent>): void {
    this.actor = actor;
  }

  /**
   * Synchronous: every effect is performed at once or handed to a writer's queue (runs, incident
   * transactions), so a message is handled without a promise.
   */
  handle(event: CheckEvent): void {
    const decision = decide(this.state, event);
    this.state = decision.state;
    for (const effect of decision.effects) this.perform(effect);
  }

  /**
   * Reloads the check and starts it again. `handle` is how the reloaded actor takes its first
   * event: the actor registry passes its fenced handler, so that a restart while the partition's
   * lease window is closed acts on nothing, as any other event then would.
   */
  async restart(handle: (event: CheckEvent) => void): Promise<void> {
    this.context.scheduler.cancel(this.tick);
    this.tick = null;
    // What is reloaded must include every decision this check has made.
    await this.context.incidents.settled(this.state.checkId);
    const stored = (await this.context.loader.load([this.state.checkId])).get(this.state.checkId);
    if (this.detached) return;
    if (!stored) {
      handle({ type: 'deleted', at: this.context.clock.now() });
      return;
    }
    this.state = this.context.stateOf(stored);
    handle({ type: 'started', at: this.context.clock.now() });
  }

  /** Stops timers; the actor itself is stopped by the actor registry. */
  detach(): void {
    this.detached = true;
    this.context.scheduler.cancel(this.tick);
    this.tick = null;
    for (const { entry } of this.deadlines ?? []) this.context.scheduler.cancel(entry);
    this.deadlines = null;
    this.context.onDemand.abandon(this.state.checkId);
  }

  private perform(effect: CheckEffect): void {
    // A behaviour let go (partition lost, replaced by the watchdog) finishes its message without acting on it.
    if (this.detached) return;
    const { context } = this;
    switch (effect.type) {
      case 'publishProbes':
        this.publish(effect.requests, effect.scheduledAt);
        return;
      case 'armTick':
        context.scheduler.cancel(this.tick);
        this.tick = context.scheduler.at(effect.slot, fireTick, this);
        return;
      case 'disarm':
        context.scheduler.cancel(this.tick);
        this.tick = null;
        return;
      case 'armDeadline': {
        const entry = context.scheduler.at(effect.at, fireDeadline, this);
        (this.deadlines ??= []).push({ cycleId: effect.cycleId, entry });
        return;
      }
      case 'cancelDeadline':
        context.scheduler.cancel(this.forgetDeadline(effect.cycleId));
        return;
      case 'persistRun':
        context.runs.addRun(effect.run);
        return;
      case 'updateCheckState':
        context.runs.setCheckState(this.state.checkId, effect.state, effect.runStartedAt);
        return;
      case 'recordLateResults':
        context.runs.recordLate(effect.cycleId, effect.results);
        return;
      case 'openIncident':
        this.openIncident(effect);
        return;
      case 'resolveIncident':
        context.incidents.resolve({ checkId: this.state.checkId, ...effect });
        return;
      case 'replyOnDemand':
        context.onDemand.settle(effect.cycleId, effect.run);
        return;
      case 'stop':
        this.detach();
        this.actor.stop();
        context.removed(this.state.checkId);
        return;
    }
  }

  /** The tick armed for `slot` is due. */
  tickDue(slot: number): void {
    this.actor.tell({ type: 'tick', at: this.context.clock.now(), slot });
  }

  /** A deadline armed for `at` is due: the cycle it belongs to closes now. */
  deadlineDue(at: number): void {
    const index = this.deadlines?.findIndex((d) => d.entry.at === at && !d.entry.cancelled) ?? -1;
    if (index < 0) return;
    const { cycleId } = this.deadlines!.splice(index, 1)[0]!;
    if (this.deadlines!.length === 0) this.deadlines = null;
    this.actor.tell({ type: 'deadline', at: this.context.clock.now(), cycleId });
  }

  private forgetDeadline(cycleId: string): ScheduledEntry | null {
    const index = this.deadlines?.findIndex((d) => d.cycleId === cycleId) ?? -1;
    if (index < 0) return null;
    const { entry } = this.deadlines!.splice(index, 1)[0]!;
    if (this.deadlines!.length === 0) this.deadlines = null;
    return entry;
  }

  /**
   * Hands the requests to their locations' batches; a batch that cannot be sent (NATS away) is
   * not the actor's failure: its locations stay silent and the cycle closes UNKNOWN at its deadline.
   */
  private publish(requests: readonly ProbeRequest[], scheduledAt: number | null): void {
    for (const request of requests) this.context.sendProbe(request);
    if (scheduledAt !== null) this.context.observer?.cycleStarted?.(this.context.clock.now() - scheduledAt, scheduledAt);
  }

  /** Handed to the decisions queue: the actor goes on, and learns the incident's id (or that its check is gone) once it is written. */
  private openIncident(effect: Extract<CheckEffect, { type: 'openIncident' }>): void {
    const opening = {
      checkId: this.state.checkId,
      cycleId: effect.cycleId,
      at: effect.at,
      severity: effect.severity,
      failures: effect.failures,
      compatibleLocations: effect.compatibleLocations,
    };
    const { checkId } = this.state;
    this.context.incidents.open(opening, (incidentId) => {
      const at = this.context.clock.now();
      this.context.tell(checkId, incidentId === null ? { type: 'deleted', at } : { type: 'incidentOpened', cycleId: effect.cycleId, incidentId });
    });
  }
}
