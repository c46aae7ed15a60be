import { isDeepStrictEqual } from 'node:util';
import { isPlainObject } from './kube-object.js';

/** A JSON patch that cannot be applied; the API server answers 422. */
export class PatchError extends Error {}

type Container = Record<string, unknown> | unknown[];

function tokensOf(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PatchError(`the path "${pointer}" is not a JSON pointer`);
  return pointer.slice(1).split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function arrayIndex(array: unknown[], token: string, pointer: string, forInsert: boolean): number {
  if (forInsert && token === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw new PatchError(`the path "${pointer}" has a bad array index "${token}"`);
  const index = Number(token);
  if (index > array.length || (!forInsert && index === array.length)) throw new PatchError(`the path "${pointer}" is out of range`);
  return index;
}

/** The container of the last token of a pointer, and that token. */
function locate(document: unknown, pointer: string): { container: Container; token: string } {
  const tokens = tokensOf(pointer);
  if (tokens.length === 0) throw new PatchError('the whole document cannot be the target of this operation');
  const token = tokens.pop()!;
  let node = document;
  for (const step of tokens) {
    if (Array.isArray(node)) node = node[arrayIndex(node, step, pointer, false)];
    else if (isPlainObject(node) && step in node) node = node[step];
    else throw new PatchError(`the path "${pointer}" does not exist`);
  }
  if (!Array.isArray(node) && !isPlainObject(node)) throw new PatchError(`the path "${pointer}" does not exist`);
  return { container: node, token };
}

function read(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  const { container, token } = locate(document, pointer);
  if (Array.isArray(container)) return container[arrayIndex(container, token, pointer, false)];
  if (!(token in container)) throw new PatchError(`the path "${pointer}" does not exist`);
  return container[token];
}

function remove(document: unknown, pointer: string): unknown {
  const { container, token } = locate(document, pointer);
  if (Array.isArray(container)) return container.splice(arrayIndex(container, token, pointer, false), 1)[0];
  if (!(token in container)) throw new PatchError(`the path "${pointer}" does not exist`);
  const value = container[token];
  delete container[token];
  return value;
}

function add(document: unknown, pointer: string, value: unknown): void {
  const { container, token } = locate(document, pointer);
  if (Array.isArray(container)) container.splice(arrayIndex(container, token, pointer, true), 0, structuredClone(value));
  else container[token] = structuredClone(value);
}

/** RFC 6902 JSON patch (add, remove, replace, move, copy, test); one failing operation fails the patch. */
export function jsonPatch(target: unknown, operations: unknown): unknown {
  if (!Array.isArray(operations)) throw new PatchError('a JSON patch is a list of operations');
  const document = structuredClone(target);
  for (const operation of operations) {
    if (!isPlainObject(operation) || typeof operation.path !== 'string') throw new PatchError('every JSON patch operation needs op and path');
    const { op, path } = operation;
    const needsValue = op === 'add' || op === 'replace' || op === 'test';
    if (needsValue && !('value' in operation)) throw new PatchError(`the ${String(op)} operation at "${path}" has no value`);
    switch (op) {
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
        if (!isDeepStrictEqual(read(document, path), operation.value)) throw new PatchError(`testing value ${path} failed`);
        break;
      default:
        throw new PatchError(`unknown JSON patch operation "${String(op)}"`);
    }
  }
  return document;
}
