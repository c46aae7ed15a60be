import type { MirrorContext, MirroredKind, MirroredRow } from './kinds/mirrored-kind.js';
import { PENDING_RETRY_MS } from './resource-plan.js';
import { resourceNameForRow } from './resource-name.js';

/** What one row key (`row:<id>`) needs, as read from the database and the caches. */
export interface RowSnapshot<R extends MirroredRow = MirroredRow> {
  /** The row; null once it is gone (its resource's own key then deletes the resource). */
  row: R | null;
  /** Whether the custom resource the row's uid names exists. */
  resourceLive: boolean;
  /** Whether an API-made resource labelled with the row's id exists: that resource's own reconcile adopts the row. */
  labelled: boolean;
  /** The namespace the row's workspace mirrors API-made rows into, with what spelling a spec needs; null when none maps to it. */
  home: { namespace: string; context: MirrorContext } | null;
}

export type RowAction<R extends MirroredRow = MirroredRow> =
  | { do: 'deleteRow'; row: R; why: 'resourceGone' }
  | { do: 'createResource'; row: R; namespace: string; name: string; spec: Record<string, unknown> }
  | { do: 'requeueAfter'; ms: number };

/**
 * A row without a live custom resource: a Kubernetes-managed one lost its resource while the
 * operator was away and goes too; an API-made one gets its resource in its workspace's home
 * namespace, once it can be spelled (a window waits for its check's resource). Pure: no I/O.
 */
export function planRow<R extends MirroredRow>(kind: MirroredKind<R>, snapshot: RowSnapshot<R>): RowAction<R>[] {
  const { row, home } = snapshot;
  if (!row || snapshot.resourceLive) return [];
  if (row.managedBy === 'kubernetes') return [{ do: 'deleteRow', row, why: 'resourceGone' }];
  if (snapshot.labelled || !home) return [];
  const spec = kind.specOf(row, home.context);
  if (!spec) return [{ do: 'requeueAfter', ms: PENDING_RETRY_MS }];
  return [{ do: 'createResource', row, namespace: home.namespace, name: resourceNameForRow(kind.kind, row), spec }];
}
