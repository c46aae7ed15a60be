import type { KubeObject } from './kube-object.js';

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One change, as watches replay it: the object after the change (before it, for selectors). */
export interface StoreEvent {
  type: EventType;
  storage: string;
  object: KubeObject;
  previous?: KubeObject;
  resourceVersion: number;
}

/** How many changes are kept for watches to resume from; older resourceVersions get 410 Gone. */
const HISTORY_LIMIT = 10_000;

const keyOf = (storage: string, namespace: string | undefined, name: string) => `${storage}|${namespace ?? ''}|${name}`;

/**
 * Objects by storage, namespace and name; one global resourceVersion counter; the history of
 * changes watches resume from. Knows nothing of Kubernetes semantics beyond that: the lifecycle
 * module decides what a write means. Every object in or out is a copy.
 */
export class ObjectStore {
  private readonly objects = new Map<string, KubeObject>();
  private readonly keyByUid = new Map<string, string>();
  private readonly listeners = new Set<(event: StoreEvent) => void>();
  private history: StoreEvent[] = [];
  private counter = 0;
  /** Watches may resume from this resourceVersion or any later one. */
  private oldestResumable = 0;

  get resourceVersion(): string {
    return String(this.counter);
  }

  get(storage: string, namespace: string | undefined, name: string): KubeObject | undefined {
    const object = this.objects.get(keyOf(storage, namespace, name));
    return object && structuredClone(object);
  }

  byUid(uid: string): { storage: string; object: KubeObject } | undefined {
    const key = this.keyByUid.get(uid);
    const object = key === undefined ? undefined : this.objects.get(key);
    return object && { storage: key!.split('|')[0]!, object: structuredClone(object) };
  }

  list(storage: string, namespace?: string): KubeObject[] {
    const found: KubeObject[] = [];
    for (const [key, object] of this.objects) {
      if (key.startsWith(`${storage}|`) && (namespace === undefined || object.metadata.namespace === namespace)) found.push(structuredClone(object));
    }
    return found.sort((a, b) => `${a.metadata.namespace ?? ''}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace ?? ''}/${b.metadata.name}`));
  }

  /** Every object of every storage, with its storage: for namespace clean-up and garbage collection. */
  all(): Array<{ storage: string; object: KubeObject }> {
    return [...this.objects].map(([key, object]) => ({ storage: key.split('|')[0]!, object: structuredClone(object) }));
  }

  /** Stores a change under a fresh resourceVersion and tells the watchers; returns the stored copy. */
  commit(storage: string, type: EventType, object: KubeObject, previous?: KubeObject): KubeObject {
    this.counter++;
    const stored = structuredClone(object);
    stored.metadata.resourceVersion = String(this.counter);
    const key = keyOf(storage, stored.metadata.namespace, stored.metadata.name);
    if (type === 'DELETED') {
      this.objects.delete(key);
      this.keyByUid.delete(stored.metadata.uid);
    } else {
      this.objects.set(key, stored);
      this.keyByUid.set(stored.metadata.uid, key);
    }
    const event: StoreEvent = { type, storage, object: stored, ...(previous ? { previous: structuredClone(previous) } : {}), resourceVersion: this.counter };
    this.history.push(event);
    if (this.history.length > HISTORY_LIMIT) this.oldestResumable = this.history.splice(0, this.history.length - HISTORY_LIMIT).at(-1)!.resourceVersion;
    for (const listener of this.listeners) listener(event);
    return structuredClone(stored);
  }

  /** The changes of a storage after `resourceVersion`, or undefined when they are no longer kept. */
  eventsSince(storage: string, resourceVersion: number): StoreEvent[] | undefined {
    if (resourceVersion < this.oldestResumable) return undefined;
    return this.history.filter((event) => event.storage === storage && event.resourceVersion > resourceVersion);
  }

  /** The oldest resourceVersion a watch may still start from. */
  get oldestResourceVersion(): number {
    return this.oldestResumable;
  }

  /** Forgets the history: every resourceVersion issued so far becomes too old to watch from. */
  expireHistory(): void {
    this.counter++;
    this.history = [];
    this.oldestResumable = this.counter;
  }

  subscribe(listener: (event: StoreEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
