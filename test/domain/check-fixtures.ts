import type { ProbeResultMessage } from '../../src/bus/messages.js';
import { decide, type CheckActorState, type CheckEffect, type CheckEvent } from '../../src/domain/check-actor-reducer.js';
import type { CheckConfig } from '../../src/domain/check-config.js';
import type { MaintenanceSpan } from '../../src/domain/maintenance-coverage.js';

export const locations = ['eu-west', 'us-east', 'ap-south'];
export const minute = 60_000;

export function config(overrides: Partial<CheckConfig> = {}): CheckConfig {
  return {
    id: 42,
    workspaceId: 7,
    version: 1,
    paused: false,
    frequencyMinutes: 1,
    responseTimeoutMs: 10_000,
    triggerLocations: locations,
    minFailingLocations: 1,
    spec: { type: 'http', protocol: 'https', hostname: 'example.com', path: '/', method: 'get', timeoutMs: 10_000, responseClasses: ['2XX'], followRedirects: false },
    ...overrides,
  };
}

export function initialState(overrides: Partial<CheckActorState> = {}, configOverrides: Partial<CheckConfig> = {}): CheckActorState {
  const c = config(configOverrides);
  return {
    checkId: c.id,
    cycleTag: 'test',
    resultSubject: `vantage.result.3.${c.id}`,
    config: c,
    maintenance: [],
    lastRunAt: null,
    openIncident: null,
    awaitingRecovery: null,
    lastFailing: false,
    cycles: [],
    recentlyClosed: [],
    deleted: false,
    ...overrides,
  };
}

export type Answer = 'up' | 'down' | 'unsupported';

export function result(cycleId: string, location: string, state: Answer, checkId = 42): ProbeResultMessage {
  return {
    requestId: `${cycleId}.${location}`,
    subjectId: checkId,
    subjectKind: 'uptime_check',
    cycleId,
    location,
    agentId: `agent-${location}`,
    startedAt: new Date(0).toISOString(),
    finishedAt: new Date(0).toISOString(),
    result: { state, reason: state === 'down' ? 'connection refused' : null, latencyMs: state === 'up' ? 30 : 5, phases: {} },
  };
}

export function window(overrides: Partial<MaintenanceSpan> = {}): MaintenanceSpan {
  return { id: 1, workspaceId: 7, checkId: null, startsAt: 0, endsAt: Number.MAX_SAFE_INTEGER, enabled: true, ...overrides };
}

/** Feeds events one after the other, collecting every effect; a small driver for scenario tests. */
export class Driver {
  effects: CheckEffect[] = [];

  constructor(public state: CheckActorState) {}

  send(event: CheckEvent): CheckEffect[] {
    const decision = decide(this.state, event);
    this.state = decision.state;
    this.effects.push(...decision.effects);
    return decision.effects;
  }

  /** Runs one scheduled cycle at `slot` whose locations answer as given (absent: silent, closed by the deadline). */
  cycle(slot: number, answers: Partial<Record<string, Answer>>, at = slot): CheckEffect[] {
    const effects = this.send({ type: 'tick', at, slot });
    const cycleId = `test.${this.state.checkId}.${slot}`;
    for (const [location, answer] of Object.entries(answers)) {
      effects.push(...this.send({ type: 'probeResult', at: at + 100, message: result(cycleId, location, answer!, this.state.checkId) }));
    }
    if (this.state.cycles.some((c) => c.cycleId === cycleId)) {
      effects.push(...this.send({ type: 'deadline', at: at + 15_000, cycleId }));
    }
    return effects;
  }

  /** Feeds back the id an incident transaction would give. */
  opened(incidentId: number): void {
    const pending = this.state.openIncident;
    if (pending) this.send({ type: 'incidentOpened', cycleId: pending.openedByCycle, incidentId });
  }
}

export const ofType = <T extends CheckEffect['type']>(effects: CheckEffect[], type: T): Array<Extract<CheckEffect, { type: T }>> =>
  effects.filter((e): e is Extract<CheckEffect, { type: T }> => e.type === type);

export const allUp = { 'eu-west': 'up', 'us-east': 'up', 'ap-south': 'up' } as const;
export const allDown = { 'eu-west': 'down', 'us-east': 'down', 'ap-south': 'down' } as const;
