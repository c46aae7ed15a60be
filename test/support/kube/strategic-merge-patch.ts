import { isPlainObject } from './kube-object.js';

/**
 * Strategic merge patch for the built-in kinds here, simplified: a merge patch whose object lists
 * named below merge item by item on their merge key (as the Go struct tags declare), finalizers
 * merge as a set, every other list is replaced. Directives: `$patch: replace|delete` (objects and
 * list items), `$deleteFromPrimitiveList/<field>`, `$retainKeys`; `$setElementOrder/<field>` is
 * accepted and ignored (items keep their order, new ones are appended).
 */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  env: 'name',
  ports: 'containerPort',
  volumeMounts: 'mountPath',
  volumeDevices: 'devicePath',
  volumes: 'name',
  imagePullSecrets: 'name',
  conditions: 'type',
  ownerReferences: 'uid',
  hostAliases: 'ip',
  topologySpreadConstraints: 'topologyKey',
};

const SET_LISTS = new Set(['finalizers']);

const DELETE_FROM = '$deleteFromPrimitiveList/';

export function strategicMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return structuredClone(patch);
  if (patch.$patch === 'replace') return strategicMergePatch(undefined, withoutDirective(patch));
  const result: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) continue;
    if (value === null) delete result[key];
    else if (isPlainObject(value) && value.$patch === 'delete') delete result[key];
    else if (Array.isArray(value) && MERGE_KEYS[key] && Array.isArray(result[key])) result[key] = mergeList(result[key] as unknown[], value, MERGE_KEYS[key]!);
    else if (Array.isArray(value) && SET_LISTS.has(key) && Array.isArray(result[key])) result[key] = [...new Set([...(result[key] as unknown[]), ...value])];
    else if (Array.isArray(value)) result[key] = value.filter((item) => !(isPlainObject(item) && item.$patch)).map((item) => strategicMergePatch(undefined, item));
    else result[key] = strategicMergePatch(result[key], value);
  }
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith(DELETE_FROM) && Array.isArray(value)) {
      const field = key.slice(DELETE_FROM.length);
      if (Array.isArray(result[field])) result[field] = (result[field] as unknown[]).filter((item) => !value.includes(item));
    }
  }
  if (Array.isArray(patch.$retainKeys)) {
    for (const key of Object.keys(result)) if (!patch.$retainKeys.includes(key)) delete result[key];
  }
  return result;
}

function withoutDirective(patch: Record<string, unknown>): Record<string, unknown> {
  const { $patch: _directive, ...rest } = patch;
  return rest;
}

function mergeList(current: unknown[], patch: unknown[], key: string): unknown[] {
  if (patch.some((item) => isPlainObject(item) && item.$patch === 'replace')) {
    return patch.filter((item) => !(isPlainObject(item) && item.$patch === 'replace')).map((item) => strategicMergePatch(undefined, item));
  }
  const result = [...current];
  for (const item of patch) {
    if (!isPlainObject(item)) continue;
    const index = result.findIndex((existing) => isPlainObject(existing) && existing[key] === item[key]);
    if (item.$patch === 'delete') {
      if (index >= 0) result.splice(index, 1);
    } else if (index >= 0) {
      result[index] = strategicMergePatch(result[index], item);
    } else {
      result.push(strategicMergePatch(undefined, item));
    }
  }
  return result;
}
