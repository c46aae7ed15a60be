import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { admit, invalid, type FieldValidation } from './admission.js';
import { ApiError } from './api-error.js';
import { Deletion, type PropagationPolicy } from './deletion.js';
import { timestamp, type KubeObject, type ManagedFieldsEntry } from './kube-object.js';
import { recordUpdate } from './managed-fields.js';
import type { ObjectStore } from './object-store.js';
import { groupVersion, type ResourceType } from './resource-types.js';

/** Who writes and how: the field manager, field validation, dry run, and the warnings to send back. */
export interface WriteContext {
  manager: string;
  validation: FieldValidation;
  dryRun: boolean;
  warnings: string[];
}

export interface DeleteOptions {
  propagationPolicy?: PropagationPolicy;
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun: boolean;
}

/** Metadata only the server sets: a client's value is replaced by the stored one. */
const SERVER_METADATA = ['uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation', 'managedFields', 'generateName'] as const;

const GENERATE_NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

export const resourceName = (type: ResourceType): string => (type.group ? `${type.plural}.${type.group}` : type.plural);

export const notFound = (type: ResourceType, name: string) => new ApiError(404, 'NotFound', `${resourceName(type)} "${name}" not found`, { name, group: type.group, kind: type.plural });

const conflict = (type: ResourceType, name: string, detail: string) =>
  new ApiError(409, 'Conflict', `Operation cannot be fulfilled on ${resourceName(type)} "${name}": ${detail}`, { name, group: type.group, kind: type.plural });

/** Everything generation follows: the object without metadata (and without status when status is a subresource). */
function specOf(type: ResourceType, object: KubeObject): Record<string, unknown> {
  const { metadata: _metadata, apiVersion: _apiVersion, kind: _kind, ...rest } = object;
  if (type.statusSubresource) delete rest.status;
  return rest;
}

/** An object as a no-op write leaves it: resourceVersion aside, and field ownership without its times. */
const comparable = (object: KubeObject) => ({
  ...object,
  metadata: { ...object.metadata, resourceVersion: '', managedFields: (object.metadata.managedFields ?? []).map(({ time: _time, ...entry }) => entry) },
});

/**
 * The write semantics of the API server over the object store: names, uids and timestamps,
 * resourceVersion preconditions (409 Conflict), AlreadyExists, generation on spec changes only, the
 * status subresource, finalizers and deletion, namespaces that must exist, admission, and field
 * ownership. Objects in and out are in the form of the type asked for (apiVersion, kind, conversion).
 */
export class Resources {
  readonly deletion: Deletion;

  constructor(private readonly store: ObjectStore) {
    this.deletion = new Deletion(store);
  }

  view(type: ResourceType, stored: KubeObject): KubeObject {
    const { apiVersion: _apiVersion, kind: _kind, ...rest } = type.conversion ? type.conversion.fromStorage(stored) : structuredClone(stored);
    return { apiVersion: groupVersion(type), kind: type.kind, ...rest } as KubeObject;
  }

  private stored(type: ResourceType, object: KubeObject): KubeObject {
    return type.conversion ? type.conversion.toStorage(object) : object;
  }

  find(type: ResourceType, namespace: string | undefined, name: string): KubeObject | undefined {
    const stored = this.store.get(type.storage, namespace, name);
    return stored && this.view(type, stored);
  }

  get(type: ResourceType, namespace: string | undefined, name: string): KubeObject {
    const found = this.find(type, namespace, name);
    if (!found) throw notFound(type, name);
    return found;
  }

  list(type: ResourceType, namespace: string | undefined): KubeObject[] {
    return this.store.list(type.storage, namespace).map((object) => this.view(type, object));
  }

  private requireNamespace(type: ResourceType, namespace: string | undefined): void {
    if (!type.namespaced) return;
    if (!namespace) throw new ApiError(400, 'BadRequest', 'the namespace of the object is missing');
    if (!this.store.get('/namespaces', undefined, namespace)) throw new ApiError(404, 'NotFound', `namespaces "${namespace}" not found`, { name: namespace, kind: 'namespaces' });
    if (this.deletion.isTerminating(namespace)) {
      throw new ApiError(403, 'Forbidden', `unable to create new content in namespace ${namespace} because it is being terminated`, { name: namespace, kind: 'namespaces' });
    }
  }

  create(type: ResourceType, body: KubeObject, context: WriteContext & { managedFields?: ManagedFieldsEntry[] }): KubeObject {
    const object = structuredClone(body);
    const metadata = object.metadata;
    if (!metadata.name && metadata.generateName) {
      metadata.name = `${metadata.generateName}${Array.from({ length: 5 }, () => GENERATE_NAME_ALPHABET[Math.floor(Math.random() * GENERATE_NAME_ALPHABET.length)]).join('')}`;
    }
    if (!metadata.name) throw invalid(type, '', [{ field: 'metadata.name', reason: 'FieldValueRequired', message: 'Required value: name or generateName is required' }]);
    if (!type.namespaced) delete metadata.namespace;
    this.requireNamespace(type, metadata.namespace);
    for (const field of [...SERVER_METADATA, 'resourceVersion', 'selfLink']) if (field !== 'generateName') delete metadata[field];
    if (type.statusSubresource) delete object.status;
    prepareBuiltIn(type, object, undefined);
    Object.assign(metadata, { uid: randomUUID(), creationTimestamp: timestamp(), ...(type.tracksGeneration ? { generation: 1 } : {}) });
    const admitted = admit(type, object, undefined, context.validation, context.warnings);
    if (this.store.get(type.storage, admitted.metadata.namespace, admitted.metadata.name)) {
      throw new ApiError(409, 'AlreadyExists', `${resourceName(type)} "${admitted.metadata.name}" already exists`, { name: admitted.metadata.name, group: type.group, kind: type.plural });
    }
    admitted.metadata.managedFields = context.managedFields ?? recordUpdate(undefined, admitted, { name: context.manager, apiVersion: groupVersion(type) });
    if (context.dryRun) return admitted;
    return this.view(type, this.store.commit(type.storage, 'ADDED', this.stored(type, admitted)));
  }

  /**
   * Replaces an object through its main endpoint or /status. `candidate` carries the client's
   * resourceVersion as a precondition; `managedFields`, when given, is what server-side apply decided.
   */
  update(type: ResourceType, current: KubeObject, candidate: KubeObject, context: WriteContext & { subresource?: string; managedFields?: ManagedFieldsEntry[] }): KubeObject {
    const next = endpointView(type, current, candidate, context.subresource);
    const asked = candidate.metadata.resourceVersion;
    if (!asked && !type.unconditionalUpdate) {
      throw invalid(type, current.metadata.name, [{ field: 'metadata.resourceVersion', reason: 'FieldValueInvalid', message: 'Invalid value: 0x0: must be specified for an update' }]);
    }
    if (asked && asked !== current.metadata.resourceVersion) throw conflict(type, current.metadata.name, 'the object has been modified; please apply your changes to the latest version and try again');
    if (candidate.metadata.uid && candidate.metadata.uid !== current.metadata.uid) {
      throw conflict(type, current.metadata.name, `Precondition failed: UID in precondition: ${candidate.metadata.uid}, UID in object meta: ${current.metadata.uid}`);
    }
    const added = (next.metadata.finalizers ?? []).filter((finalizer) => !(current.metadata.finalizers ?? []).includes(finalizer));
    if (current.metadata.deletionTimestamp && added.length > 0) {
      throw invalid(type, current.metadata.name, [{ field: 'metadata.finalizers', reason: 'FieldValueForbidden', message: `Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers ${JSON.stringify(added)}` }]);
    }
    prepareBuiltIn(type, next, current);
    const admitted = admit(type, next, current, context.validation, context.warnings);
    if (type.tracksGeneration && !isDeepStrictEqual(specOf(type, admitted), specOf(type, current))) admitted.metadata.generation = (current.metadata.generation ?? 0) + 1;
    admitted.metadata.managedFields = context.managedFields ?? recordUpdate(current, admitted, { name: context.manager, apiVersion: groupVersion(type), subresource: context.subresource });
    if (isDeepStrictEqual(comparable(admitted), comparable(current))) return current;
    if (context.dryRun) return admitted;
    const stored = this.store.commit(type.storage, 'MODIFIED', this.stored(type, admitted), this.stored(type, current));
    this.deletion.settle(type.storage, stored);
    return this.view(type, stored);
  }

  delete(type: ResourceType, namespace: string | undefined, name: string, options: DeleteOptions): { object: KubeObject; gone: boolean } {
    const current = this.get(type, namespace, name);
    const { uid, resourceVersion } = options.preconditions ?? {};
    if (uid && uid !== current.metadata.uid) throw conflict(type, name, `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${current.metadata.uid}`);
    if (resourceVersion && resourceVersion !== current.metadata.resourceVersion) {
      throw conflict(type, name, `Precondition failed: ResourceVersion in precondition: ${resourceVersion}, ResourceVersion in object meta: ${current.metadata.resourceVersion}`);
    }
    if (options.dryRun) return { object: current, gone: (current.metadata.finalizers ?? []).length === 0 };
    const result = this.deletion.delete(type.storage, this.stored(type, current), options.propagationPolicy, options.gracePeriodSeconds);
    return { object: this.view(type, result.object), gone: result.gone };
  }
}

/** What an endpoint may change: /status only the status, the main endpoint everything but status (with a status subresource); server metadata stays. */
function endpointView(type: ResourceType, current: KubeObject, candidate: KubeObject, subresource: string | undefined): KubeObject {
  let next: KubeObject;
  if (subresource === 'status') {
    next = { ...structuredClone(current), status: structuredClone(candidate.status) };
    if (candidate.status === undefined) delete next.status;
  } else {
    next = structuredClone(candidate);
    if (type.statusSubresource) {
      if (current.status === undefined) delete next.status;
      else next.status = structuredClone(current.status);
    }
    next.metadata = { ...next.metadata, name: current.metadata.name, ...(current.metadata.namespace ? { namespace: current.metadata.namespace } : {}) };
    for (const field of SERVER_METADATA) {
      if (current.metadata[field] === undefined) delete next.metadata[field];
      else next.metadata[field] = structuredClone(current.metadata[field]) as never;
    }
  }
  next.metadata.resourceVersion = current.metadata.resourceVersion;
  return next;
}

/** The few built-in kinds with write rules of their own. */
function prepareBuiltIn(type: ResourceType, object: KubeObject, current: KubeObject | undefined): void {
  if (type.crd) return;
  if (type.kind === 'Namespace') {
    object.spec = current ? current.spec : { finalizers: ['kubernetes'] };
    object.status = current ? current.status : { phase: 'Active' };
  }
  if (type.kind === 'Secret') {
    const stringData = object.stringData as Record<string, string> | undefined;
    if (stringData) {
      object.data = { ...((object.data as object) ?? {}), ...Object.fromEntries(Object.entries(stringData).map(([key, value]) => [key, Buffer.from(String(value)).toString('base64')])) };
      delete object.stringData;
    }
    object.type ??= 'Opaque';
  }
}
