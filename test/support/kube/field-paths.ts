import { isDeepStrictEqual } from 'node:util';
import { isPlainObject } from './kube-object.js';

/** A field of an object as a list of keys; lists and scalars are leaves (owned whole). */
export type FieldPath = string[];

/** Metadata the server manages: never owned by a field manager. */
const SERVER_METADATA = new Set(['name', 'namespace', 'generateName', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'managedFields', 'selfLink']);

/** The leaves of an object that field managers can own: everything but apiVersion, kind and server-managed metadata. */
export function ownableLeaves(object: Record<string, unknown>): FieldPath[] {
  const leaves: FieldPath[] = [];
  const walk = (value: unknown, path: FieldPath) => {
    if (isPlainObject(value) && Object.keys(value).length > 0) {
      for (const [key, child] of Object.entries(value)) walk(child, [...path, key]);
    } else if (path.length > 0) {
      leaves.push(path);
    }
  };
  for (const [key, value] of Object.entries(object)) {
    if (key === 'apiVersion' || key === 'kind') continue;
    if (key === 'metadata' && isPlainObject(value)) {
      for (const [field, child] of Object.entries(value)) if (!SERVER_METADATA.has(field)) walk(child, ['metadata', field]);
    } else {
      walk(value, [key]);
    }
  }
  return leaves;
}

export function valueAt(object: unknown, path: FieldPath): unknown {
  let node = object;
  for (const key of path) {
    if (!isPlainObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

/** Removes a field, and the objects it leaves empty on the way up. */
export function removeAt(object: unknown, path: FieldPath): void {
  const [key, ...rest] = path;
  if (!isPlainObject(object) || key === undefined || !(key in object)) return;
  if (rest.length === 0) {
    delete object[key];
    return;
  }
  const child = object[key];
  removeAt(child, rest);
  if (isPlainObject(child) && Object.keys(child).length === 0) delete object[key];
}

export const samePath = (a: FieldPath, b: FieldPath): boolean => a.length === b.length && a.every((key, index) => key === b[index]);

/** Whether one path is the other or lies inside it. */
export const overlaps = (a: FieldPath, b: FieldPath): boolean => {
  const shorter = a.length <= b.length ? a : b;
  const longer = shorter === a ? b : a;
  return shorter.every((key, index) => key === longer[index]);
};

/** The leaves whose value differs between two objects, added and removed ones included. */
export function changedLeaves(before: Record<string, unknown>, after: Record<string, unknown>): { set: FieldPath[]; removed: FieldPath[] } {
  const set = ownableLeaves(after).filter((path) => !isDeepStrictEqual(valueAt(before, path), valueAt(after, path)));
  const removed = ownableLeaves(before).filter((path) => valueAt(after, path) === undefined);
  return { set, removed };
}

/** FieldsV1 as Kubernetes writes it in managedFields: `{"f:spec":{"f:port":{}}}`. */
export function toFieldsV1(paths: FieldPath[]): Record<string, unknown> {
  const root: Record<string, Record<string, unknown>> = {};
  for (const path of paths) {
    let node: Record<string, unknown> = root;
    for (const key of path) node = (node[`f:${key}`] ??= {}) as Record<string, unknown>;
  }
  return root;
}

export function fromFieldsV1(fields: unknown, prefix: FieldPath = []): FieldPath[] {
  if (!isPlainObject(fields)) return [];
  const entries = Object.entries(fields).filter(([key]) => key.startsWith('f:'));
  if (entries.length === 0) return prefix.length > 0 ? [prefix] : [];
  return entries.flatMap(([key, child]) => fromFieldsV1(child, [...prefix, key.slice(2)]));
}
