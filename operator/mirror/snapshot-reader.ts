import type { EntityManager } from '@mikro-orm/postgresql';
import type { Store } from '../../src/store/orm.js';
import { isApiOrigin, type CustomResource } from './custom-resource.js';
import type { MirrorContext, MirroredRow, WorkspaceView } from './kinds/mirrored-kind.js';
import type { AnyKind, MirrorCaches } from './mirror-caches.js';
import { deleting, type Placement, type ResourceSnapshot } from './resource-plan.js';
import { resourceKey } from './reconcile-key.js';
import { ROW_ID_LABEL } from './resource-name.js';
import type { RowSnapshot } from './row-plan.js';
import { loadWorkspaceView } from './workspace-view.js';

export interface SnapshotReaderOptions {
  store: Store;
  caches: MirrorCaches;
  /** Locations this installation offers. */
  locations: readonly string[];
  allowPrivateTargets: boolean;
  now: () => Date;
}

/** What applying a plan needs besides the plan: the unit of work the snapshot was read in, its time, and its workspace. */
export interface ReadScope {
  em: EntityManager;
  at: Date;
  view: WorkspaceView | null;
  /** A row's status fields as of the read (a row saved from the plan keeps its open incident). */
  statusOf(row: MirroredRow): Record<string, unknown>;
}

/** Reads what one key of one kind needs from the informer caches and the database: nothing else is read for it. */
export class SnapshotReader {
  constructor(private readonly options: SnapshotReaderOptions) {}

  /** A resource key: the resource (or its absence), where its namespace leads, the rows made from it. */
  async readResource(kind: AnyKind, namespace: string, name: string): Promise<{ snapshot: ResourceSnapshot; scope: ReadScope }> {
    const { caches } = this.options;
    const resource = caches.resourcesOf(kind).get(namespace, name) ?? null;
    const em = this.options.store.em.fork() as EntityManager;
    const at = this.options.now();
    const key = resourceKey(namespace, name);
    const uid = resource?.metadata?.uid;
    const labelId = resource && isApiOrigin(resource) ? Number(resource.metadata?.labels?.[ROW_ID_LABEL]) : Number.NaN;
    const workspaceId = caches.workspaceOf(namespace);
    // Each branch is served by an index: rows made from this key are looked for in the namespace's workspace.
    const branches = [
      ...(workspaceId !== null ? [{ workspace: workspaceId, kubernetesRef: key }] : []),
      ...(uid ? [{ kubernetesUid: uid }] : []),
      ...(Number.isSafeInteger(labelId) && labelId > 0 ? [{ id: labelId }] : []),
    ];
    const candidates = branches.length > 0 ? await kind.findRows(em, { $or: branches }) : [];
    const uidRow = (uid && candidates.find((row) => row.kubernetesUid === uid)) || null;
    const stale = candidates.filter((row) => row.kubernetesRef === key && !caches.holds(kind, row));
    const { placement, view } = resource && !deleting(resource) ? await this.place(kind, em, namespace, workspaceId, at) : { placement: null, view: null };
    const row = view ? this.mirrorOf(kind, resource!, candidates, view.id) : null;
    const snapshot: ResourceSnapshot = { resource, placement, row, uidRow, stale };
    return { snapshot, scope: await this.scope(kind, em, at, view, row) };
  }

  /** A row key: the row, whether its resource exists, and where its workspace mirrors API-made rows. */
  async readRow(kind: AnyKind, id: number): Promise<{ snapshot: RowSnapshot; scope: ReadScope }> {
    const { caches } = this.options;
    const em = this.options.store.em.fork() as EntityManager;
    const at = this.options.now();
    const [row] = await kind.findRows(em, { id });
    if (!row) return { snapshot: { row: null, resourceLive: false, labelled: false, home: null }, scope: await this.scope(kind, em, at, null, null) };
    const namespace = caches.homeNamespace(row.workspace.id);
    const view = namespace === null ? null : await loadWorkspaceView(em, row.workspace.id, at);
    const snapshot: RowSnapshot = {
      row,
      resourceLive: caches.holds(kind, row),
      labelled: caches.labelledWith(kind, id).length > 0,
      home: view && namespace !== null ? { namespace, context: await this.context(kind, em, view, namespace, at) } : null,
    };
    return { snapshot, scope: await this.scope(kind, em, at, view, row) };
  }

  /** The workspace a live resource's namespace maps to, with the context its spec is read in; or why it maps to none. */
  private async place(kind: AnyKind, em: EntityManager, namespace: string, workspaceId: number | null, at: Date): Promise<{ placement: Placement; view: WorkspaceView | null }> {
    if (workspaceId === null) {
      return { placement: { unmapped: { reason: 'NamespaceNotMapped', message: `namespace ${namespace} has no vantage.dev/workspace-id label naming a workspace` } }, view: null };
    }
    const view = await loadWorkspaceView(em, workspaceId, at);
    if (!view) return { placement: { unmapped: { reason: 'WorkspaceNotFound', message: `namespace ${namespace} names workspace ${workspaceId}, which does not exist` } }, view: null };
    return { placement: { context: await this.context(kind, em, view, namespace, at) }, view };
  }

  /** The row a live resource mirrors in its workspace: by uid; for an API-made resource whose uid never reached its row (the write was cut off), by its row-id label. */
  private mirrorOf(kind: AnyKind, resource: CustomResource, candidates: MirroredRow[], workspaceId: number): MirroredRow | null {
    const inWorkspace = candidates.filter((row) => row.workspace.id === workspaceId);
    const byUid = inWorkspace.find((row) => row.kubernetesUid === resource.metadata!.uid);
    if (byUid || !isApiOrigin(resource)) return byUid ?? null;
    const id = Number(resource.metadata?.labels?.[ROW_ID_LABEL]);
    return inWorkspace.find((row) => row.id === id && row.managedBy === 'api' && !this.options.caches.holds(kind, row)) ?? null;
  }

  /**
   * What reading a spec in this namespace needs: the workspace, and for each kind this kind's
   * specs name, its rows' ids and resources (a window's `uptimeCheck` is a check's resource name).
   */
  private async context(kind: AnyKind, em: EntityManager, view: WorkspaceView, namespace: string, at: Date): Promise<MirrorContext> {
    const { caches } = this.options;
    const named = new Map<AnyKind, Pick<MirroredRow, 'id' | 'kubernetesRef' | 'kubernetesUid'>[]>();
    for (const reference of kind.references) {
      const rows = await em.fork().find(reference.kind.entity, { workspace: view.id }, { fields: ['id', 'kubernetesRef', 'kubernetesUid'] });
      named.set(reference.kind, rows);
    }
    return {
      workspace: view,
      now: at,
      locations: this.options.locations,
      allowPrivateTargets: this.options.allowPrivateTargets,
      rowIdOfResource: (other, name) => {
        const uid = caches.resourcesOf(other).get(namespace, name)?.metadata?.uid;
        return (uid && named.get(other)?.find((row) => row.kubernetesUid === uid)?.id) || null;
      },
      resourceNameOfRow: (other, id) => {
        const row = named.get(other)?.find((candidate) => candidate.id === id);
        if (!row?.kubernetesRef?.startsWith(`${namespace}/`) || !caches.holds(other, row)) return null;
        return row.kubernetesRef.slice(namespace.length + 1);
      },
    };
  }

  private async scope(kind: AnyKind, em: EntityManager, at: Date, view: WorkspaceView | null, row: MirroredRow | null): Promise<ReadScope> {
    const openIncidentId = row && kind.openIncidentOf ? await kind.openIncidentOf(em, row.id) : null;
    return { em, at, view, statusOf: (of) => kind.statusOf(of, at, of.id === row?.id ? openIncidentId : null) };
  }
}
