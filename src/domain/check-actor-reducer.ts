import type { ProbeRequest, ProbeResultMessage } from '../bus/messages.js';
import type { Severity } from '../store/entities/incident.js';
import type { LocationResult, RunState } from '../store/entities/run.js';
import type { CheckState } from '../store/entities/uptime-check.js';
import type { CheckConfig } from './check-config.js';
import { decideRun } from './decide-run.js';
import { inMaintenance, type MaintenanceSpan } from './maintenance-coverage.js';
import { quorumFails } from './quorum.js';
import { minutes, phaseOffset, slotAfter, slotAtOrBefore } from './schedule.js';
import { severityOf } from './severity.js';

/**
 * The logic of one check, as a pure reducer: `decide(state, event) → { state, effects }`. The
 * actor runtime feeds it events and performs the effects; nothing here touches a clock, a
 * socket or the database, so every rule below is tested with plain data.
 *
 * Decisions where the spec is silent:
 * - Pausing during an incident keeps the incident open (acknowledgeable, resolvable by hand);
 *   no cycle runs, so nothing recovers it until the check is resumed.
 * - A recovery during maintenance resolves the open incident but sends no notification.
 * - After a manual resolve while the check still fails, no incident opens until a complete cycle
 *   has passed (the check recovered); that recovery still sends `uptime.check.recovered` to the
 *   groups that were told of the failure.
 * - On-demand cycles (test-now) are runs like any other, so they can open and resolve incidents;
 *   the open-incident state guards against a second incident. On a paused check they are stored
 *   and answered but decide nothing about incidents.
 */

/** Extra time after the probe timeout for answers to travel back. */
export const deadlineMarginMs = 5_000;
/** Runs closed recently enough that a late answer is still recorded on them. */
const recentlyClosedKept = 2;

export interface OpenIncident {
  /** Null between the decision to open and the transaction that gives it an id. */
  id: number | null;
  openedByCycle: string;
  status: 'open' | 'acknowledged';
}

export interface CycleInFlight {
  cycleId: string;
  startedAt: number;
  deadlineAt: number;
  onDemand: boolean;
  expected: readonly string[];
  answers: LocationResult[];
}

export interface ClosedCycle {
  cycleId: string;
  results: LocationResult[];
}

export interface CheckActorState {
  checkId: number;
  /** Prefix of cycle ids: keeps the cycles of separate clusters sharing one NATS apart. */
  cycleTag: string;
  /** Where agents answer this check's probes. */
  resultSubject: string;
  config: CheckConfig;
  maintenance: readonly MaintenanceSpan[];
  /** Start of the latest cycle known to have run (stored or closed here). */
  lastRunAt: number | null;
  openIncident: OpenIncident | null;
  /** A manually resolved incident while the check was still failing: no new incident until it recovers. */
  awaitingRecovery: { incidentId: number } | null;
  /** The latest closed cycle met the failure quorum. */
  lastFailing: boolean;
  cycles: CycleInFlight[];
  recentlyClosed: ClosedCycle[];
  deleted: boolean;
}

export type IncidentStatusChange = 'open' | 'acknowledged' | 'resolved';

export type CheckEvent =
  | { type: 'started'; at: number }
  | { type: 'tick'; at: number; slot: number }
  | { type: 'probeResult'; at: number; message: ProbeResultMessage }
  | { type: 'deadline'; at: number; cycleId: string }
  | { type: 'configChanged'; at: number; config: CheckConfig }
  | { type: 'paused'; at: number }
  | { type: 'resumed'; at: number }
  | { type: 'deleted'; at: number }
  | { type: 'testNow'; at: number; nonce: string }
  | { type: 'maintenanceChanged'; at: number; windows: readonly MaintenanceSpan[] }
  | { type: 'incidentOpened'; cycleId: string; incidentId: number }
  | { type: 'incidentChanged'; at: number; incidentId: number; status: IncidentStatusChange };

/** A run as stored: plain data for the write-behind batcher. */
export interface RunRecord {
  checkId: number;
  cycleId: string;
  startedAt: number;
  finishedAt: number;
  state: RunState;
  failingLocations: number;
  latencyMs: number | null;
  results: LocationResult[];
  inMaintenance: boolean;
  onDemand: boolean;
}

export type CheckEffect =
  /** `scheduledAt`: the ideal start of a scheduled cycle; null for catch-up and on-demand cycles. */
  | { type: 'publishProbes'; requests: ProbeRequest[]; scheduledAt: number | null }
  | { type: 'armTick'; slot: number }
  | { type: 'disarm' }
  | { type: 'armDeadline'; cycleId: string; at: number }
  /** The cycle closed: its deadline, if still armed, has nothing left to close. */
  | { type: 'cancelDeadline'; cycleId: string }
  | { type: 'persistRun'; run: RunRecord }
  | { type: 'updateCheckState'; state: CheckState; runStartedAt: number }
  | { type: 'recordLateResults'; cycleId: string; results: LocationResult[] }
  | {
      type: 'openIncident';
      cycleId: string;
      at: number;
      severity: Severity;
      failures: Array<{ location: string; reason: string | null }>;
      compatibleLocations: number;
    }
  | { type: 'resolveIncident'; incidentId: number | null; openedByCycle: string | null; at: number; notify: boolean }
  | { type: 'replyOnDemand'; cycleId: string; run: RunRecord }
  | { type: 'stop' };

export interface Decision {
  state: CheckActorState;
  effects: CheckEffect[];
}

const periodOf = (config: CheckConfig): number => minutes(config.frequencyMinutes);

/** Answers may take the probe timeout plus a margin, but a cycle closes before the next one starts. */
export const cycleDeadlineMs = (config: CheckConfig): number =>
  Math.min(config.responseTimeoutMs + deadlineMarginMs, periodOf(config) - 1_000);

const nextSlot = (state: CheckActorState, at: number): number =>
  slotAfter(at, periodOf(state.config), phaseOffset(state.checkId, periodOf(state.config)));

const currentSlot = (state: CheckActorState, at: number): number =>
  slotAtOrBefore(at, periodOf(state.config), phaseOffset(state.checkId, periodOf(state.config)));

export const scheduledCycleId = (tag: string, checkId: number, slot: number): string => `${tag}.${checkId}.${slot}`;
export const onDemandCycleId = (tag: string, checkId: number, at: number, nonce: string): string => `${tag}.${checkId}.${at}.${nonce}`;

function startCycle(state: CheckActorState, at: number, cycleId: string, onDemand: boolean, scheduledAt: number | null, startedAt = at): Decision {
  const { config } = state;
  const deadlineAt = at + cycleDeadlineMs(config);
  const deadlineIso = new Date(deadlineAt).toISOString();
  const requests: ProbeRequest[] = config.triggerLocations.map((location) => ({
    requestId: `${cycleId}.${location}`,
    subjectId: state.checkId,
    subjectKind: 'uptime_check',
    cycleId,
    location,
    spec: config.spec,
    resultSubject: state.resultSubject,
    deadlineAt: deadlineIso,
    ...(onDemand ? { urgent: true as const } : {}),
  }));
  const cycle: CycleInFlight = { cycleId, startedAt, deadlineAt, onDemand, expected: config.triggerLocations, answers: [] };
  const others = state.cycles.filter((c) => c.cycleId !== cycleId);
  return {
    state: { ...state, cycles: [...others, cycle] },
    effects: [
      { type: 'publishProbes', requests, scheduledAt },
      { type: 'armDeadline', cycleId, at: deadlineAt },
    ],
  };
}

/** Runs the current slot now when it has not run yet (first start, takeover, resume), then arms the next. */
function catchUpAndArm(state: CheckActorState, at: number): Decision {
  const slot = currentSlot(state, at);
  const arm: CheckEffect = { type: 'armTick', slot: nextSlot(state, at) };
  const alreadyRan = state.lastRunAt !== null && state.lastRunAt >= slot;
  const inFlight = state.cycles.some((c) => c.cycleId === scheduledCycleId(state.cycleTag, state.checkId, slot));
  if (alreadyRan || inFlight) return { state, effects: [arm] };
  // Within the slot's deadline a previous owner may have started this very cycle (its answers wait in the stream):
  // the run adopted from it started at the slot, not when it was taken over.
  const startedAt = at - slot < cycleDeadlineMs(state.config) ? slot : at;
  const started = startCycle(state, at, scheduledCycleId(state.cycleTag, state.checkId, slot), false, null, startedAt);
  return { state: started.state, effects: [...started.effects, arm] };
}

function closeCycle(state: CheckActorState, cycle: CycleInFlight, at: number): Decision {
  const verdict = decideRun(cycle.expected, cycle.answers);
  const maintenance = inMaintenance(state.maintenance, state.config.workspaceId, state.checkId, at);
  const run: RunRecord = {
    checkId: state.checkId,
    cycleId: cycle.cycleId,
    startedAt: cycle.startedAt,
    finishedAt: at,
    state: verdict.state,
    failingLocations: verdict.failing,
    latencyMs: verdict.latencyMs,
    results: verdict.results,
    inMaintenance: maintenance,
    onDemand: cycle.onDemand,
  };
  const effects: CheckEffect[] = [
    { type: 'cancelDeadline', cycleId: cycle.cycleId },
    { type: 'persistRun', run },
    { type: 'updateCheckState', state: verdict.state.toLowerCase() as CheckState, runStartedAt: cycle.startedAt },
  ];
  if (cycle.onDemand) effects.push({ type: 'replyOnDemand', cycleId: cycle.cycleId, run });
  let next: CheckActorState = {
    ...state,
    cycles: state.cycles.filter((c) => c !== cycle),
    // Only a run with a silent location can still get an answer; keeping complete runs would cost memory for nothing.
    recentlyClosed: verdict.results.some((r) => r.state === 'missing')
      ? [...state.recentlyClosed, { cycleId: cycle.cycleId, results: verdict.results }].slice(-recentlyClosedKept)
      : state.recentlyClosed,
    lastRunAt: Math.max(state.lastRunAt ?? 0, cycle.startedAt),
  };
  if (next.config.paused) return { state: next, effects };

  const failing = quorumFails(verdict.failing, next.config.minFailingLocations, verdict.compatible);
  next = { ...next, lastFailing: failing };
  if (failing) {
    if (!next.openIncident && !next.awaitingRecovery && !maintenance) {
      effects.push({
        type: 'openIncident',
        cycleId: cycle.cycleId,
        at,
        severity: severityOf(verdict.failing, verdict.compatible),
        failures: verdict.results.filter((r) => r.state === 'down').map((r) => ({ location: r.location, reason: r.reason })),
        compatibleLocations: verdict.compatible,
      });
      next = { ...next, openIncident: { id: null, openedByCycle: cycle.cycleId, status: 'open' } };
    }
  } else if (verdict.complete) {
    if (next.openIncident) {
      const { id, openedByCycle } = next.openIncident;
      effects.push({ type: 'resolveIncident', incidentId: id, openedByCycle, at, notify: !maintenance });
      next = { ...next, openIncident: null };
    } else if (next.awaitingRecovery) {
      const { incidentId } = next.awaitingRecovery;
      effects.push({ type: 'resolveIncident', incidentId, openedByCycle: null, at, notify: !maintenance });
      next = { ...next, awaitingRecovery: null };
    }
  }
  return { state: next, effects };
}

function onProbeResult(state: CheckActorState, message: ProbeResultMessage, at: number): Decision {
  // A probe the agent could not run in time leaves its location missing, with the agent's reason instead of silence.
  const dropped = message.result.state === 'dropped';
  const answer: LocationResult = {
    location: message.location,
    state: message.result.state === 'dropped' ? 'missing' : message.result.state,
    reason: dropped ? `not probed: ${message.result.reason ?? 'dropped by the agent'}` : message.result.reason,
    latencyMs: message.result.latencyMs,
    phases: message.result.phases,
    late: false,
  };
  const cycle = state.cycles.find((c) => c.cycleId === message.cycleId);
  if (cycle) {
    if (!cycle.expected.includes(answer.location) || cycle.answers.some((a) => a.location === answer.location)) return { state, effects: [] };
    const answered: CycleInFlight = { ...cycle, answers: [...cycle.answers, answer] };
    const cycles = state.cycles.map((c) => (c === cycle ? answered : c));
    const next = { ...state, cycles };
    if (answered.answers.length < answered.expected.length) return { state: next, effects: [] };
    return closeCycle(next, answered, at);
  }
  const closed = state.recentlyClosed.find((c) => c.cycleId === message.cycleId);
  const slot = closed?.results.findIndex((r) => r.location === answer.location && r.state === 'missing') ?? -1;
  if (!closed || slot < 0) return { state, effects: [] };
  const results = closed.results.map((r, i) => (i === slot ? { ...answer, late: true } : r));
  const recentlyClosed = state.recentlyClosed.map((c) => (c === closed ? { ...c, results } : c));
  return { state: { ...state, recentlyClosed }, effects: [{ type: 'recordLateResults', cycleId: closed.cycleId, results }] };
}

function onTick(state: CheckActorState, at: number, slot: number): Decision {
  if (state.config.paused) return { state, effects: [] };
  const arm: CheckEffect = { type: 'armTick', slot: nextSlot(state, Math.max(at, slot)) };
  // The deadline is capped below the period, so a cycle left over is one whose deadline timer lost the race.
  let current: Decision = { state, effects: [] };
  for (const overdue of state.cycles.filter((c) => !c.onDemand && c.deadlineAt <= at)) {
    const closed = closeCycle(current.state, overdue, at);
    current = { state: closed.state, effects: [...current.effects, ...closed.effects] };
  }
  const started = startCycle(current.state, at, scheduledCycleId(state.cycleTag, state.checkId, slot), false, slot);
  return { state: started.state, effects: [...current.effects, ...started.effects, arm] };
}

function onPaused(state: CheckActorState): Decision {
  if (state.config.paused) return { state, effects: [] };
  return {
    state: { ...state, config: { ...state.config, paused: true }, cycles: state.cycles.filter((c) => c.onDemand) },
    effects: [{ type: 'disarm' }],
  };
}

function onResumed(state: CheckActorState, at: number): Decision {
  if (!state.config.paused) return { state, effects: [] };
  return catchUpAndArm({ ...state, config: { ...state.config, paused: false } }, at);
}

function onConfigChanged(state: CheckActorState, config: CheckConfig, at: number): Decision {
  const periodChanged = config.frequencyMinutes !== state.config.frequencyMinutes;
  const pausedBefore = state.config.paused;
  const next = { ...state, config: { ...config, paused: pausedBefore } };
  if (config.paused !== pausedBefore) return config.paused ? onPaused(next) : onResumed(next, at);
  if (periodChanged && !config.paused) return { state: next, effects: [{ type: 'armTick', slot: nextSlot(next, at) }] };
  return { state: next, effects: [] };
}

function onIncidentChanged(state: CheckActorState, incidentId: number, status: IncidentStatusChange): Decision {
  const open = state.openIncident;
  if (!open || open.id !== incidentId) return { state, effects: [] };
  if (status === 'resolved') {
    return { state: { ...state, openIncident: null, awaitingRecovery: state.lastFailing ? { incidentId } : null }, effects: [] };
  }
  return { state: { ...state, openIncident: { ...open, status } }, effects: [] };
}

export function decide(state: CheckActorState, event: CheckEvent): Decision {
  if (state.deleted) return { state, effects: [] };
  switch (event.type) {
    case 'started':
      return state.config.paused ? { state, effects: [{ type: 'disarm' }] } : catchUpAndArm(state, event.at);
    case 'tick':
      return onTick(state, event.at, event.slot);
    case 'probeResult':
      return onProbeResult(state, event.message, event.at);
    case 'deadline': {
      const cycle = state.cycles.find((c) => c.cycleId === event.cycleId);
      return cycle ? closeCycle(state, cycle, event.at) : { state, effects: [] };
    }
    case 'configChanged':
      return onConfigChanged(state, event.config, event.at);
    case 'paused':
      return onPaused(state);
    case 'resumed':
      return onResumed(state, event.at);
    case 'deleted':
      return { state: { ...state, deleted: true, cycles: [] }, effects: [{ type: 'disarm' }, { type: 'stop' }] };
    case 'testNow':
      return startCycle(state, event.at, onDemandCycleId(state.cycleTag, state.checkId, event.at, event.nonce), true, null);
    case 'maintenanceChanged':
      return { state: { ...state, maintenance: event.windows }, effects: [] };
    case 'incidentOpened': {
      const open = state.openIncident;
      // The id may be of an incident another replica opened for an earlier cycle: it is the open one either way.
      if (!open || open.id !== null) return { state, effects: [] };
      return { state: { ...state, openIncident: { ...open, id: event.incidentId } }, effects: [] };
    }
    case 'incidentChanged':
      return onIncidentChanged(state, event.incidentId, event.status);
  }
}
