import { isDeepStrictEqual } from 'node:util';
import { changedLeaves, fromFieldsV1, overlaps, ownableLeaves, removeAt, toFieldsV1, valueAt, type FieldPath } from './field-paths.js';
import { isPlainObject, timestamp, type KubeObject, type ManagedFieldsEntry } from './kube-object.js';

/**
 * Field ownership for metadata.managedFields and a simplified server-side apply. Lists are owned
 * whole (no per-item ownership of map lists), and a manager is its name: the same name applying and
 * updating does not conflict with itself.
 */

interface Ownership {
  manager: string;
  operation: 'Apply' | 'Update';
  subresource?: string;
  apiVersion: string;
  time: string;
  paths: FieldPath[];
}

export interface Manager {
  name: string;
  apiVersion: string;
  subresource?: string;
}

export interface Conflict {
  manager: string;
  path: FieldPath;
}

function ownershipsOf(object: KubeObject | undefined): Ownership[] {
  return (object?.metadata.managedFields ?? []).map((entry) => ({ ...entry, paths: fromFieldsV1(entry.fieldsV1) }));
}

function encode(ownerships: Ownership[]): ManagedFieldsEntry[] {
  return ownerships
    .filter((ownership) => ownership.paths.length > 0)
    .map(({ manager, operation, apiVersion, time, paths, subresource }) => ({ manager, operation, apiVersion, time, fieldsType: 'FieldsV1', fieldsV1: toFieldsV1(paths), ...(subresource ? { subresource } : {}) }));
}

const isEntryOf = (ownership: Ownership, manager: Manager, operation: Ownership['operation']) =>
  ownership.manager === manager.name && ownership.operation === operation && (ownership.subresource ?? '') === (manager.subresource ?? '');

function claim(ownerships: Ownership[], manager: Manager, operation: Ownership['operation'], paths: FieldPath[], replace: boolean): Ownership[] {
  const existing = ownerships.find((ownership) => isEntryOf(ownership, manager, operation));
  const kept = replace || !existing ? [] : existing.paths.filter((path) => !paths.some((claimed) => overlaps(claimed, path)));
  const entry: Ownership = { manager: manager.name, operation, apiVersion: manager.apiVersion, time: timestamp(), paths: [...kept, ...paths], ...(manager.subresource ? { subresource: manager.subresource } : {}) };
  return [...ownerships.filter((ownership) => ownership !== existing), entry];
}

/** After a create, update or non-apply patch: the writer owns the leaves it set, and removed leaves are no one's. */
export function recordUpdate(before: KubeObject | undefined, after: KubeObject, manager: Manager): ManagedFieldsEntry[] {
  const { set, removed } = changedLeaves(before ?? {}, after);
  if (set.length === 0 && removed.length === 0) return before?.metadata.managedFields ?? [];
  const taken = [...set, ...removed];
  const others = ownershipsOf(before).map((ownership) =>
    ownership.manager === manager.name ? ownership : { ...ownership, paths: ownership.paths.filter((path) => !taken.some((changed) => overlaps(changed, path))) },
  );
  const withoutRemoved = others.map((ownership) => ({ ...ownership, paths: ownership.paths.filter((path) => !removed.some((gone) => overlaps(gone, path))) }));
  return encode(set.length > 0 ? claim(withoutRemoved, manager, 'Update', set, false) : withoutRemoved);
}

/** Objects merge key by key; everything else in the applied configuration replaces. */
function applyMerge(target: unknown, applied: unknown): unknown {
  if (!isPlainObject(applied) || !isPlainObject(target)) return structuredClone(applied);
  const result: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(applied)) result[key] = applyMerge(result[key], value);
  return result;
}

export type ApplyOutcome = { object: KubeObject; managedFields: ManagedFieldsEntry[] } | { conflicts: Conflict[] };

/**
 * Server-side apply of `applied` by `manager`: the applied fields replace the current ones; fields
 * this manager applied before and now omits are removed unless another manager owns them; a field
 * another manager owns whose value would change is a conflict, unless `force` takes it over.
 */
export function serverSideApply(current: KubeObject | undefined, applied: Record<string, unknown>, manager: Manager, force: boolean): ApplyOutcome {
  const base = current ?? ({ metadata: {} } as KubeObject);
  const merged = applyMerge(base, applied) as KubeObject;
  const appliedLeaves = ownableLeaves(applied);
  const ownerships = ownershipsOf(current);
  const touched = (path: FieldPath) => appliedLeaves.some((leaf) => overlaps(leaf, path));
  const conflicts: Conflict[] = [];
  for (const ownership of ownerships) {
    if (ownership.manager === manager.name) continue;
    for (const path of ownership.paths) {
      if (touched(path) && !isDeepStrictEqual(valueAt(base, path), valueAt(merged, path))) conflicts.push({ manager: ownership.manager, path });
    }
  }
  if (conflicts.length > 0 && !force) return { conflicts };
  const previous = ownerships.find((ownership) => isEntryOf(ownership, manager, 'Apply'))?.paths ?? [];
  const ownedByOthers = (path: FieldPath) => ownerships.some((ownership) => ownership.manager !== manager.name && ownership.paths.some((owned) => overlaps(owned, path)));
  for (const path of previous) if (!touched(path) && !ownedByOthers(path)) removeAt(merged, path);
  const lost = (path: FieldPath) => conflicts.some((conflict) => conflict.path === path);
  const remaining = ownerships.map((ownership) => ({ ...ownership, paths: ownership.paths.filter((path) => !lost(path)) }));
  return { object: merged, managedFields: encode(claim(remaining, manager, 'Apply', appliedLeaves, true)) };
}
