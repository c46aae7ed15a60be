import type { Logger } from '../../src/log.js';
import { setCondition, type Condition, type ConditionUpdate } from './conditions.js';
import { isApiOrigin, resourceRef, type CustomResource } from './custom-resource.js';
import type { EventRecorder } from './event-recorder.js';
import type { AnyKind } from './mirror-caches.js';
import type { MirroredRow } from './kinds/mirrored-kind.js';
import type { NotSynced } from './resource-plan.js';
import type { ResourceWriter } from './resource-writer.js';
import { decideStatusWrite } from './status-decision.js';

export interface StatusWriterOptions {
  kind: AnyKind;
  writer: ResourceWriter;
  events: EventRecorder;
  logger: Logger;
  minIntervalMs: number;
  now: () => Date;
}

/** A refused spec changes no row: the status keeps showing the row the last good spec made. */
const keptRowFields = (current: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(current).filter(([key]) => key !== 'conditions' && key !== 'observedGeneration'));

/**
 * Writes the status of one kind's resources: the row's fields, the Synced and Ready conditions,
 * and the generation they describe; a Warning Event when a resource stops being synced. Knows
 * when it last wrote each resource (by `namespace/name`, with the uid it wrote), to hold back
 * writes of only the last-run time; that is forgotten when the resource goes.
 */
export class StatusWriter {
  private readonly lastWrite = new Map<string, { uid: string; atMs: number }>();

  constructor(private readonly options: StatusWriterOptions) {}

  /** How many resources it remembers a write of: as many as exist, once the gone ones are forgotten. */
  get remembered(): number {
    return this.lastWrite.size;
  }

  forget(ref: string): void {
    this.lastWrite.delete(ref);
  }

  /** Writes the status the resource should show now; returns when to come back when the write is held back for the interval. */
  async write(resource: CustomResource, row: MirroredRow | null, rowStatus: Record<string, unknown> | null, problem: NotSynced | null): Promise<number | undefined> {
    const { kind } = this.options;
    const at = this.options.now();
    const generation = resource.metadata?.generation;
    const current = resource.status ?? {};
    const synced: ConditionUpdate = problem
      ? { type: 'Synced', status: 'False', reason: problem.reason, message: problem.message }
      : { type: 'Synced', status: 'True', reason: isApiOrigin(resource) ? 'MirroredFromApi' : 'Applied', message: `row ${row!.id} matches the spec` };
    const ready: ConditionUpdate = problem
      ? { type: 'Ready', status: 'False', reason: problem.reason, message: problem.message }
      : { type: 'Ready', status: 'True', reason: 'Monitoring', message: `monitored as ${kind.notice} ${row!.id}` };
    if (generation !== undefined) {
      synced.observedGeneration = generation;
      ready.observedGeneration = generation;
    }
    const conditions = setCondition(setCondition(current.conditions as Condition[] | undefined, synced, at), ready, at);
    const desired: Record<string, unknown> = {
      ...(rowStatus ?? {}),
      ...(row ? { id: row.id } : {}),
      ...(generation !== undefined ? { observedGeneration: generation } : {}),
      conditions,
    };
    if (!row && current.id !== undefined && problem) Object.assign(desired, keptRowFields(current));
    const ref = resourceRef(resource);
    const uid = resource.metadata!.uid!;
    const last = this.lastWrite.get(ref);
    const decision = decideStatusWrite(current, desired, last?.uid === uid ? last.atMs : undefined, at.getTime(), this.options.minIntervalMs);
    if (decision.write === 'later') return decision.atMs;
    if (decision.write === 'none') return undefined;
    const previousSynced = (current.conditions as Condition[] | undefined)?.find((c) => c.type === 'Synced');
    await this.options.writer.writeStatus(kind.plural, resource, desired);
    this.lastWrite.set(ref, { uid, atMs: at.getTime() });
    if (problem && (previousSynced?.status !== 'False' || previousSynced.message !== problem.message)) {
      await this.record(resource, 'Warning', problem.reason, problem.message);
    }
    return undefined;
  }

  /** An Event on the resource; one that cannot be written is logged, never fails the reconcile. */
  async record(resource: CustomResource, type: 'Normal' | 'Warning', reason: string, message: string): Promise<void> {
    await this.options.events
      .record(this.options.kind.kind, resource, type, reason, message)
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not record a Kubernetes Event'));
  }
}
