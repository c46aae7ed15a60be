type Json = unknown;
type JsonObject = Record<string, Json>;

const isObject = (value: Json): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** RFC 7386 JSON merge patch: objects merge, null removes, everything else (lists too) replaces. */
export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return structuredClone(patch);
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

export class PatchError extends Error {}

const unescape = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

function parent(document: Json, path: string): { container: JsonObject | Json[]; key: string } {
  if (!path.startsWith('/')) throw new PatchError(`path "${path}" does not start with /`);
  const tokens = path.slice(1).split('/').map(unescape);
  const key = tokens.pop()!;
  let node: Json = document;
  for (const token of tokens) {
    node = Array.isArray(node) ? node[Number(token)] : isObject(node) ? node[token] : undefined;
    if (node === undefined) throw new PatchError(`path "${path}" does not exist`);
  }
  if (!Array.isArray(node) && !isObject(node)) throw new PatchError(`path "${path}" does not exist`);
  return { container: node, key };
}

function read(document: Json, path: string): Json {
  if (path === '') return document;
  const { container, key } = parent(document, path);
  const value = Array.isArray(container) ? container[Number(key)] : container[key];
  if (value === undefined) throw new PatchError(`path "${path}" does not exist`);
  return value;
}

function remove(document: Json, path: string): Json {
  const { container, key } = parent(document, path);
  if (Array.isArray(container)) {
    const index = Number(key);
    if (!(index >= 0 && index < container.length)) throw new PatchError(`path "${path}" does not exist`);
    return container.splice(index, 1)[0];
  }
  if (!(key in container)) throw new PatchError(`path "${path}" does not exist`);
  const value = container[key];
  delete container[key];
  return value;
}

function add(document: Json, path: string, value: Json): void {
  const { container, key } = parent(document, path);
  if (Array.isArray(container)) {
    const index = key === '-' ? container.length : Number(key);
    if (!(index >= 0 && index <= container.length)) throw new PatchError(`path "${path}" is out of range`);
    container.splice(index, 0, structuredClone(value));
  } else container[key] = structuredClone(value);
}

/** RFC 6902 JSON patch, with `test`; a failing operation fails the whole patch. */
export function jsonPatch(target: Json, operations: Json): Json {
  if (!Array.isArray(operations)) throw new PatchError('a JSON patch is a list of operations');
  const document = structuredClone(target);
  for (const operation of operations as JsonObject[]) {
    const path = String(operation.path);
    switch (operation.op) {
      case 'add':
        add(document, path, operation.value);
        break;
      case 'remove':
        remove(document, path);
        break;
      case 'replace':
        remove(document, path);
        add(document, path, operation.value);
        break;
      case 'move':
        add(document, path, remove(document, String(operation.from)));
        break;
      case 'copy':
        add(document, path, read(document, String(operation.from)));
        break;
      case 'test':
        if (JSON.stringify(read(document, path)) !== JSON.stringify(operation.value)) throw new PatchError(`test of "${path}" failed`);
        break;
      default:
        throw new PatchError(`unknown operation "${String(operation.op)}"`);
    }
  }
  return document;
}

/** Paths of every leaf (scalars and lists) in an object: what an applier claims as its fields. */
export function leafPaths(value: Json, prefix: string[] = []): string[][] {
  if (!isObject(value) || Object.keys(value).length === 0) return prefix.length ? [prefix] : [];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
}

export function removePath(value: Json, path: readonly string[]): void {
  let node = value;
  for (const key of path.slice(0, -1)) {
    if (!isObject(node)) return;
    node = node[key];
  }
  if (isObject(node)) delete node[path[path.length - 1]!];
}
