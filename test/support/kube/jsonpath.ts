import { isPlainObject } from './kube-object.js';

/**
 * The JSONPath forms printer columns use: `.a.b`, `.a['b.c']`, `.a[0]`, `.a[*].b` and
 * `.a[?(@.type=="Ready")].status`. Returns every value found, in order (a filter can find several).
 */
export function jsonPathValues(object: unknown, path: string): unknown[] {
  const tokens = path.replace(/^\{(.*)\}$/, '$1').match(/\.[^.[\]]+|\[\d+\]|\[\*\]|\[['"][^'"]*['"]\]|\[\?\(@\.[\w.-]+\s*==\s*["'][^"']*["']\)\]/g) ?? [];
  let nodes: unknown[] = [object];
  for (const token of tokens) {
    nodes = nodes.flatMap((node) => step(node, token)).filter((value) => value !== undefined);
  }
  return nodes;
}

function step(node: unknown, token: string): unknown[] {
  if (token.startsWith('.')) return isPlainObject(node) ? [node[token.slice(1)]] : [];
  if (token === '[*]') return Array.isArray(node) ? node : isPlainObject(node) ? Object.values(node) : [];
  if (/^\[\d+\]$/.test(token)) return Array.isArray(node) ? [node[Number(token.slice(1, -1))]] : [];
  const quoted = /^\[['"]([^'"]*)['"]\]$/.exec(token);
  if (quoted) return isPlainObject(node) ? [node[quoted[1]!]] : [];
  const [, field, value] = /@\.([\w.-]+)\s*==\s*["']([^"']*)["']/.exec(token)!;
  if (!Array.isArray(node)) return [];
  return node.filter((item) => String(jsonPathValues(item, `.${field}`)[0]) === value);
}
