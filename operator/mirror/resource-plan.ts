import { isDeepStrictEqual } from 'node:util';
import { withSpecDefaults } from '../resources/spec-defaults.js';
import { isApiOrigin, resourceRef, ROW_FINALIZER, type CustomResource } from './custom-resource.js';
import type { MirrorContext, MirroredKind, MirroredRow } from './kinds/mirrored-kind.js';

/** Why a custom resource is not (or no longer) mirrored: the Synced condition's reason and a message a person can act on. */
export interface NotSynced {
  reason: string;
  message: string;
}

/** What one custom resource of a mapped namespace and its row need, as read from the caches and the database. */
export interface ResourceSnapshot<R extends MirroredRow = MirroredRow> {
  resource: CustomResource;
  /** The row the resource mirrors (by uid, or by its row-id label for an API-made one), if any. */
  row: R | null;
  context: MirrorContext;
}

/** One step towards a converged resource, in the order the plan lists them. */
export type ResourceAction<R extends MirroredRow = MirroredRow> =
  | { do: 'finishDeletion' }
  | { do: 'addFinalizer' }
  | { do: 'deleteResource' }
  | { do: 'adoptRow'; row: R }
  | { do: 'restoreSpec'; row: R; spec: Record<string, unknown> }
  | { do: 'saveRow'; existing: R | null; input: unknown }
  | { do: 'writeStatus'; row: R; problem: null }
  | { do: 'writeStatus'; row: null; problem: NotSynced };

export const deleting = (resource: CustomResource): boolean => Boolean(resource.metadata?.deletionTimestamp);
export const hasFinalizer = (resource: CustomResource): boolean => (resource.metadata?.finalizers ?? []).includes(ROW_FINALIZER);
export const problemsMessage = (problems: Record<string, string>): string =>
  Object.entries(problems)
    .map(([field, reason]) => `spec.${field} ${reason}`)
    .join('; ');

/**
 * What converging one resource with its row takes (DESIGN.md, Kubernetes): a deleted resource
 * takes its row with it; an API-made row is the truth for its resource (a hand edit is put back,
 * a deleted row takes the resource with it); a resource applied with kubectl or GitOps is the
 * truth for its row (created or updated through its service, or the status says why not).
 * Pure: the kind's reading and spelling of specs, no I/O.
 */
export function planResource<R extends MirroredRow>(kind: MirroredKind<R>, snapshot: ResourceSnapshot<R>): ResourceAction<R>[] {
  const { resource, row, context } = snapshot;
  if (deleting(resource)) return [{ do: 'finishDeletion' }];
  const actions: ResourceAction<R>[] = hasFinalizer(resource) ? [] : [{ do: 'addFinalizer' }];
  if (isApiOrigin(resource)) {
    if (!row) return [...actions, { do: 'deleteResource' }];
    if (row.kubernetesUid !== resource.metadata!.uid) actions.push({ do: 'adoptRow', row });
    const desired = kind.specOf(row, context);
    if (desired && !meansRow(kind, resource, row, context)) return [...actions, { do: 'restoreSpec', row, spec: desired }];
    return [...actions, { do: 'writeStatus', row, problem: null }];
  }
  const verdict = kind.read(resource.spec ?? {}, resource.metadata!.name!, context, row);
  if (!verdict.ok) return [...actions, { do: 'writeStatus', row: null, problem: { reason: 'InvalidSpec', message: problemsMessage(verdict.problems) } }];
  const unchanged =
    row !== null &&
    isDeepStrictEqual(kind.specOf(row, context), kind.specOfInput(verdict.input, context)) &&
    row.kubernetesRef === resourceRef(resource) &&
    row.managedBy === 'kubernetes';
  if (unchanged) return [...actions, { do: 'writeStatus', row, problem: null }];
  return [...actions, { do: 'saveRow', existing: row, input: verdict.input }];
}

/** Whether the resource's spec, read with the API's rules, means exactly the row as it is. */
function meansRow<R extends MirroredRow>(kind: MirroredKind<R>, resource: CustomResource, row: R, context: MirrorContext): boolean {
  const verdict = kind.read(resource.spec ?? {}, resource.metadata!.name!, context, row);
  // A row the rules refuse today (a plan that lost a capability, a location no longer offered)
  // is still the truth: its resource then matches when it spells the row out exactly.
  if (!verdict.ok) {
    const desired = kind.specOf(row, context);
    return desired !== null && isDeepStrictEqual(resource.spec ?? {}, withSpecDefaults(kind.resource, desired));
  }
  return isDeepStrictEqual(kind.specOfInput(verdict.input, context), kind.specOf(row, context));
}
