import { isDeepStrictEqual } from 'node:util';
import { withSpecDefaults } from '../resources/spec-defaults.js';
import { isApiOrigin, resourceRef, ROW_FINALIZER, type CustomResource } from './custom-resource.js';
import type { MirrorContext, MirroredKind, MirroredRow } from './kinds/mirrored-kind.js';

/** Why a custom resource is not (or no longer) mirrored: the Synced condition's reason and a message a person can act on. */
export interface NotSynced {
  reason: string;
  message: string;
}

/** A spec that names a resource with no row yet is read again after this, besides when that resource changes. */
export const PENDING_RETRY_MS = 5_000;

/** Where a resource's namespace leads: the workspace it maps to (with what reading a spec needs), or why none. */
export type Placement = { context: MirrorContext } | { unmapped: NotSynced };

/** What one resource key (`namespace/name`) needs, as read from the caches and the database. */
export interface ResourceSnapshot<R extends MirroredRow = MirroredRow> {
  /** The resource at the key; null once it is gone. */
  resource: CustomResource | null;
  /** Null when the resource is gone or being deleted: then nothing reads its spec. */
  placement: Placement | null;
  /** The row the resource mirrors in its namespace's workspace (by uid, or by its row-id label for an API-made one), if any. */
  row: R | null;
  /** The row holding the resource's uid, in whichever workspace: what deleting the resource deletes. */
  uidRow: R | null;
  /** Rows made from a resource at this key that no longer exists (their uid is not the live one's). */
  stale: R[];
}

/** One step towards a converged resource, in the order the plan lists them. */
export type ResourceAction<R extends MirroredRow = MirroredRow> =
  | { do: 'forgetResource' }
  | { do: 'deleteRow'; row: R; why: 'resourceDeleted' | 'resourceGone' }
  | { do: 'removeFinalizer' }
  | { do: 'addFinalizer' }
  | { do: 'deleteResource' }
  | { do: 'adoptRow'; row: R }
  | { do: 'restoreSpec'; row: R; spec: Record<string, unknown> }
  | { do: 'saveRow'; existing: R | null; input: unknown }
  | { do: 'writeStatus'; row: R; problem: null }
  | { do: 'writeStatus'; row: null; problem: NotSynced }
  | { do: 'requeueAfter'; ms: number };

export const deleting = (resource: CustomResource): boolean => Boolean(resource.metadata?.deletionTimestamp);
export const hasFinalizer = (resource: CustomResource): boolean => (resource.metadata?.finalizers ?? []).includes(ROW_FINALIZER);
export const problemsMessage = (problems: Record<string, string>): string =>
  Object.entries(problems)
    .map(([field, reason]) => `spec.${field} ${reason}`)
    .join('; ');

/**
 * What converging one resource key takes (DESIGN.md, Kubernetes). Rows a resource at this key
 * made before it went away go with it; a deleted resource takes its row with it; in a namespace
 * that maps to no workspace a resource only says why it waits. Pure: no I/O.
 */
export function planResource<R extends MirroredRow>(kind: MirroredKind<R>, snapshot: ResourceSnapshot<R>): ResourceAction<R>[] {
  const { resource, placement } = snapshot;
  const orphans: ResourceAction<R>[] = snapshot.stale
    .filter((row) => row.managedBy === 'kubernetes')
    .map((row) => ({ do: 'deleteRow', row, why: 'resourceGone' }));
  if (!resource) return [{ do: 'forgetResource' }, ...orphans];
  if (deleting(resource)) {
    return [...orphans, ...(snapshot.uidRow ? [{ do: 'deleteRow', row: snapshot.uidRow, why: 'resourceDeleted' } as const] : []), ...(hasFinalizer(resource) ? [{ do: 'removeFinalizer' } as const] : [])];
  }
  if (!placement) return orphans;
  if ('unmapped' in placement) return isApiOrigin(resource) ? orphans : [...orphans, { do: 'writeStatus', row: null, problem: placement.unmapped }];
  return [...orphans, ...planMapped(kind, resource, snapshot.row, placement.context)];
}

/**
 * A live resource in a namespace that maps to a workspace: an API-made row is the truth for its
 * resource (a hand edit is put back, a deleted row takes the resource with it); a resource
 * applied with kubectl or GitOps is the truth for its row (created or updated through its
 * service, or the status says why not, and a spec waiting for a resource it names is read again).
 */
function planMapped<R extends MirroredRow>(kind: MirroredKind<R>, resource: CustomResource, row: R | null, context: MirrorContext): ResourceAction<R>[] {
  const actions: ResourceAction<R>[] = hasFinalizer(resource) ? [] : [{ do: 'addFinalizer' }];
  if (isApiOrigin(resource)) {
    if (!row) return [...actions, { do: 'deleteResource' }];
    if (row.kubernetesUid !== resource.metadata!.uid) actions.push({ do: 'adoptRow', row });
    const desired = kind.specOf(row, context);
    if (desired && !meansRow(kind, resource, row, context)) return [...actions, { do: 'restoreSpec', row, spec: desired }];
    return [...actions, { do: 'writeStatus', row, problem: null }];
  }
  const verdict = kind.read(resource.spec ?? {}, resource.metadata!.name!, context, row);
  if (!verdict.ok) {
    const refused: ResourceAction<R>[] = [...actions, { do: 'writeStatus', row: null, problem: { reason: 'InvalidSpec', message: problemsMessage(verdict.problems) } }];
    return verdict.pending ? [...refused, { do: 'requeueAfter', ms: PENDING_RETRY_MS }] : refused;
  }
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
