import type { V1Namespace } from '@kubernetes/client-node';
import type { SupervisedInformer } from '../kube/supervised-informer.js';
import { isApiOrigin, workspaceIdOf, type CustomResource } from './custom-resource.js';
import type { MirroredKind, MirroredRow } from './kinds/mirrored-kind.js';
import { ROW_ID_LABEL } from './resource-name.js';

export type AnyKind = MirroredKind<MirroredRow>;

/** The informer caches the mirror reads: namespaces, and the custom resources of every kind. */
export class MirrorCaches {
  constructor(
    readonly namespaces: SupervisedInformer<V1Namespace>,
    private readonly resources: ReadonlyMap<AnyKind, SupervisedInformer<CustomResource>>,
  ) {}

  /** True once every cache has listed: before that, absence from one means nothing. */
  synced(): boolean {
    return this.namespaces.synced && [...this.resources.values()].every((informer) => informer.synced);
  }

  resourcesOf(kind: AnyKind): SupervisedInformer<CustomResource> {
    const informer = this.resources.get(kind);
    if (!informer) throw new Error(`${kind.kind} has no cache: it is not in the kinds registry`);
    return informer;
  }

  /** The workspace a namespace's label names, or null. */
  workspaceOf(namespace: string): number | null {
    return workspaceIdOf(this.namespaces.get('', namespace)?.metadata?.labels);
  }

  /** The namespace API-made rows of a workspace get their custom resources in: the oldest one labelled with it. */
  homeNamespace(workspaceId: number): string | null {
    const labelled = this.namespaces
      .list()
      .filter((ns) => workspaceIdOf(ns.metadata?.labels) === workspaceId && !ns.metadata?.deletionTimestamp)
      .sort((a, b) => String(a.metadata?.creationTimestamp ?? '').localeCompare(String(b.metadata?.creationTimestamp ?? '')) || a.metadata!.name!.localeCompare(b.metadata!.name!));
    return labelled[0]?.metadata?.name ?? null;
  }

  /** Whether the custom resource a row names (its `kubernetes_ref`, with its uid) exists: a row's uid and ref are written together. */
  holds(kind: AnyKind, row: Pick<MirroredRow, 'kubernetesRef' | 'kubernetesUid'>): boolean {
    if (!row.kubernetesRef || !row.kubernetesUid) return false;
    const slash = row.kubernetesRef.indexOf('/');
    return this.resourcesOf(kind).get(row.kubernetesRef.slice(0, slash), row.kubernetesRef.slice(slash + 1))?.metadata?.uid === row.kubernetesUid;
  }

  /** The API-made resources labelled with a row's id (normally one; its uid may not have reached the row). */
  labelledWith(kind: AnyKind, id: number): CustomResource[] {
    return this.resourcesOf(kind)
      .list()
      .filter((resource) => isApiOrigin(resource) && resource.metadata?.labels?.[ROW_ID_LABEL] === String(id));
  }
}
