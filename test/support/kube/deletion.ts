import type { ObjectStore } from './object-store.js';
import { timestamp, type KubeObject } from './kube-object.js';

export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

const NAMESPACES = '/namespaces';

/**
 * Deletion as the API server and its controllers carry it out, on stored objects of any kind: an
 * object with finalizers is only marked (deletionTimestamp, deletionGracePeriodSeconds, generation
 * bumped) until they are gone; a removed owner takes its dependents with it (background garbage
 * collection through ownerReferences; Foreground is treated as Background, Orphan removes the
 * references at once); a deleted namespace deletes its content and goes when it is empty.
 */
export class Deletion {
  /** Off, owners take no dependents with them: a cluster whose garbage collector is behind or down. */
  garbageCollection = true;

  constructor(private readonly store: ObjectStore) {}

  /** Deletes a stored object: marks it while finalizers remain, else removes it. Returns the object as it now is. */
  delete(storage: string, object: KubeObject, policy: PropagationPolicy = 'Background', gracePeriodSeconds = 0): { object: KubeObject; gone: boolean } {
    if (policy === 'Orphan') this.orphanDependentsOf(object.metadata.uid);
    if (storage === NAMESPACES) return { object: this.terminateNamespace(object), gone: false };
    if ((object.metadata.finalizers ?? []).length > 0) {
      if (object.metadata.deletionTimestamp) return { object, gone: false };
      return { object: this.store.commit(storage, 'MODIFIED', this.marked(object, gracePeriodSeconds), object), gone: false };
    }
    return { object: this.remove(storage, object), gone: true };
  }

  /** What a write leaves behind: a marked object whose last finalizer went is removed (a namespace, once empty). */
  settle(storage: string, object: KubeObject): boolean {
    if (!object.metadata.deletionTimestamp || (object.metadata.finalizers ?? []).length > 0) return false;
    if (storage === NAMESPACES) return this.settleNamespace(object.metadata.name);
    this.remove(storage, object);
    return true;
  }

  isTerminating(namespace: string): boolean {
    return this.store.get(NAMESPACES, undefined, namespace)?.metadata.deletionTimestamp !== undefined;
  }

  private marked(object: KubeObject, gracePeriodSeconds: number): KubeObject {
    const next = structuredClone(object);
    next.metadata.deletionTimestamp = timestamp();
    next.metadata.deletionGracePeriodSeconds = gracePeriodSeconds;
    if (next.metadata.generation !== undefined) next.metadata.generation += 1;
    return next;
  }

  private remove(storage: string, object: KubeObject): KubeObject {
    const removed = this.store.commit(storage, 'DELETED', object);
    if (this.garbageCollection) this.collectDependentsOf(object.metadata.uid);
    if (object.metadata.namespace) this.settleNamespace(object.metadata.namespace);
    return removed;
  }

  /** Dependents whose owners are all gone are deleted; the others just lose the dangling reference. */
  private collectDependentsOf(uid: string): void {
    for (const { storage, object } of this.store.all()) {
      const owners = object.metadata.ownerReferences ?? [];
      if (!owners.some((owner) => owner.uid === uid)) continue;
      const remaining = owners.filter((owner) => owner.uid !== uid && this.store.byUid(owner.uid) !== undefined);
      if (remaining.length > 0) {
        this.store.commit(storage, 'MODIFIED', { ...object, metadata: { ...object.metadata, ownerReferences: remaining } }, object);
      } else {
        const current = this.store.get(storage, object.metadata.namespace, object.metadata.name);
        if (current) this.delete(storage, current);
      }
    }
  }

  private orphanDependentsOf(uid: string): void {
    for (const { storage, object } of this.store.all()) {
      const owners = object.metadata.ownerReferences ?? [];
      if (!owners.some((owner) => owner.uid === uid)) continue;
      const remaining = owners.filter((owner) => owner.uid !== uid);
      const metadata: KubeObject['metadata'] = { ...object.metadata, ownerReferences: remaining };
      if (remaining.length === 0) delete metadata.ownerReferences;
      this.store.commit(storage, 'MODIFIED', { ...object, metadata }, object);
    }
  }

  private terminateNamespace(namespace: KubeObject): KubeObject {
    let current = namespace;
    if (!namespace.metadata.deletionTimestamp) {
      const next = this.marked(namespace, 0);
      next.status = { ...(next.status as object), phase: 'Terminating' };
      current = this.store.commit(NAMESPACES, 'MODIFIED', next, namespace);
    }
    for (const { storage, object } of this.store.all()) {
      if (object.metadata.namespace === namespace.metadata.name) this.delete(storage, object);
    }
    this.settleNamespace(namespace.metadata.name);
    return this.store.get(NAMESPACES, undefined, namespace.metadata.name) ?? current;
  }

  /** A terminating namespace without finalizers or content is removed. */
  private settleNamespace(name: string): boolean {
    const namespace = this.store.get(NAMESPACES, undefined, name);
    if (!namespace?.metadata.deletionTimestamp || (namespace.metadata.finalizers ?? []).length > 0) return false;
    if (this.store.all().some(({ object }) => object.metadata.namespace === name)) return false;
    this.store.commit(NAMESPACES, 'DELETED', namespace);
    return true;
  }
}
