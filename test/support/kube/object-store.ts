import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { ResourceType } from './resource-types.js';

export type KubeObject = Record<string, unknown> & {
  metadata: Record<string, unknown> & {
    name: string;
    namespace?: string;
    uid: string;
    resourceVersion: string;
    labels?: Record<string, string>;
    finalizers?: string[];
    deletionTimestamp?: string;
    ownerReferences?: Array<{ uid: string }>;
    generation?: number;
  };
};

export interface WatchEvent {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
  resourceVersion: number;
  typeKey: string;
}

export type Listener = (event: WatchEvent) => void;

/** Thrown with the HTTP status and Status reason the API server would answer. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly causes?: Array<{ field: string; message: string; reason: string }>,
  ) {
    super(message);
  }
}

export const typeKey = (type: ResourceType): string => `${type.group}/${type.plural}`;
const objectKey = (type: ResourceType, namespace: string | undefined, name: string) => `${typeKey(type)}/${namespace ?? ''}/${name}`;
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** What generation tracks: everything but metadata and status. */
const specPart = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).filter(([key]) => !['metadata', 'status', 'apiVersion', 'kind'].includes(key)));

/**
 * Objects, one global resourceVersion counter, and the history of changes that watches replay
 * from. History older than `oldestKept` is gone: a watch from there gets 410 Gone.
 */
export class ObjectStore {
  private readonly objects = new Map<string, KubeObject>();
  private readonly types = new Map<string, ResourceType>();
  private history: WatchEvent[] = [];
  private readonly listeners = new Set<Listener>();
  private version = 1;
  oldestKept = 1;

  get resourceVersion(): number {
    return this.version;
  }

  expireHistory(): void {
    this.history = [];
    this.oldestKept = this.version + 1;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Changes after `resourceVersion` for a type; throws 410 when they are no longer kept. */
  since(type: ResourceType, resourceVersion: number): WatchEvent[] {
    if (resourceVersion + 1 < this.oldestKept) throw new ApiError(410, 'Expired', `too old resource version: ${resourceVersion} (${this.oldestKept - 1})`);
    return this.history.filter((event) => event.typeKey === typeKey(type) && event.resourceVersion > resourceVersion);
  }

  list(type: ResourceType, namespace?: string): KubeObject[] {
    const prefix = `${typeKey(type)}/`;
    return [...this.objects.entries()]
      .filter(([key, object]) => key.startsWith(prefix) && (namespace === undefined || object.metadata.namespace === namespace))
      .map(([, object]) => structuredClone(object))
      .sort((a, b) => `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace}/${b.metadata.name}`));
  }

  get(type: ResourceType, namespace: string | undefined, name: string): KubeObject {
    const object = this.objects.get(objectKey(type, namespace, name));
    if (!object) throw new ApiError(404, 'NotFound', `${type.plural}${type.group ? `.${type.group}` : ''} "${name}" not found`);
    return structuredClone(object);
  }

  has(type: ResourceType, namespace: string | undefined, name: string): boolean {
    return this.objects.has(objectKey(type, namespace, name));
  }

  private record(type: ResourceType, eventType: WatchEvent['type'], object: KubeObject): void {
    this.types.set(typeKey(type), type);
    const event: WatchEvent = { type: eventType, object: structuredClone(object), resourceVersion: this.version, typeKey: typeKey(type) };
    this.history.push(event);
    for (const listener of this.listeners) listener(event);
  }

  private stamp(object: KubeObject): void {
    this.version++;
    object.metadata.resourceVersion = String(this.version);
  }

  create(type: ResourceType, object: KubeObject): KubeObject {
    const metadata = object.metadata;
    if (!metadata.name && typeof metadata.generateName === 'string') metadata.name = `${metadata.generateName}${randomUUID().slice(0, 5)}`;
    if (!metadata.name) throw new ApiError(422, 'Invalid', 'metadata.name: Required value: name or generateName is required');
    const key = objectKey(type, metadata.namespace, metadata.name);
    if (this.objects.has(key)) throw new ApiError(409, 'AlreadyExists', `${type.plural}${type.group ? `.${type.group}` : ''} "${metadata.name}" already exists`);
    Object.assign(metadata, { uid: randomUUID(), creationTimestamp: now(), ...(type.tracksGeneration ? { generation: 1 } : {}) });
    delete metadata.deletionTimestamp;
    this.stamp(object);
    this.objects.set(key, object);
    this.record(type, 'ADDED', object);
    return structuredClone(object);
  }

  /** Replaces an object; a resourceVersion in the new one must be the current one. */
  update(type: ResourceType, next: KubeObject): KubeObject {
    const key = objectKey(type, next.metadata.namespace, next.metadata.name);
    const current = this.objects.get(key);
    if (!current) throw new ApiError(404, 'NotFound', `${type.plural} "${next.metadata.name}" not found`);
    const asked = next.metadata.resourceVersion;
    if (asked && asked !== current.metadata.resourceVersion) {
      throw new ApiError(409, 'Conflict', `Operation cannot be fulfilled on ${type.plural}${type.group ? `.${type.group}` : ''} "${next.metadata.name}": the object has been modified; please apply your changes to the latest version and try again`);
    }
    for (const field of ['uid', 'creationTimestamp', 'generation', 'deletionTimestamp'] as const) {
      if (current.metadata[field] !== undefined) next.metadata[field] = current.metadata[field] as never;
      else delete next.metadata[field];
    }
    if (current.metadata.deletionTimestamp && (next.metadata.finalizers ?? []).some((f) => !(current.metadata.finalizers ?? []).includes(f))) {
      throw new ApiError(422, 'Invalid', 'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted');
    }
    if (isDeepStrictEqual({ ...next, metadata: { ...next.metadata, resourceVersion: '' } }, { ...current, metadata: { ...current.metadata, resourceVersion: '' } })) {
      return structuredClone(current);
    }
    if (type.tracksGeneration && !isDeepStrictEqual(specPart(next), specPart(current))) next.metadata.generation = (current.metadata.generation ?? 1) + 1;
    this.stamp(next);
    if (next.metadata.deletionTimestamp && (next.metadata.finalizers ?? []).length === 0) {
      this.objects.delete(key);
      this.record(type, 'DELETED', next);
      this.collectGarbage(next.metadata.uid);
      return structuredClone(next);
    }
    this.objects.set(key, next);
    this.record(type, 'MODIFIED', next);
    return structuredClone(next);
  }

  /** Deletes at once, or marks for deletion while finalizers remain. */
  delete(type: ResourceType, namespace: string | undefined, name: string): KubeObject {
    const key = objectKey(type, namespace, name);
    const current = this.objects.get(key);
    if (!current) throw new ApiError(404, 'NotFound', `${type.plural}${type.group ? `.${type.group}` : ''} "${name}" not found`);
    if ((current.metadata.finalizers ?? []).length > 0) {
      if (current.metadata.deletionTimestamp) return structuredClone(current);
      current.metadata.deletionTimestamp = now();
      current.metadata.deletionGracePeriodSeconds = 0;
      if (type.tracksGeneration) current.metadata.generation = (current.metadata.generation ?? 1) + 1;
      this.stamp(current);
      this.record(type, 'MODIFIED', current);
      return structuredClone(current);
    }
    this.objects.delete(key);
    this.stamp(current);
    this.record(type, 'DELETED', current);
    this.collectGarbage(current.metadata.uid);
    return structuredClone(current);
  }

  /** Background garbage collection: dependents of a deleted owner go too. */
  private collectGarbage(ownerUid: string): void {
    for (const [key, object] of [...this.objects]) {
      if (!(object.metadata.ownerReferences ?? []).some((owner) => owner.uid === ownerUid)) continue;
      const type = this.types.get(key.split('/').slice(0, 2).join('/'));
      if (type) this.delete(type, object.metadata.namespace, object.metadata.name);
    }
  }

  registerType(type: ResourceType): void {
    this.types.set(typeKey(type), type);
  }
}
