import type { KubeObject } from './object-store.js';
import type { PrinterColumn, ResourceType } from './resource-types.js';

/** Evaluates the JSONPath forms printer columns use: `.a.b`, `.a[0]`, `.a[?(@.type=="Ready")].status`. */
export function jsonPathValue(object: unknown, path: string): unknown {
  const tokens = path.match(/\.[A-Za-z0-9_-]+|\[\d+\]|\[\?\(@\.[A-Za-z0-9_]+==["'][^"']*["']\)\]/g) ?? [];
  let nodes: unknown[] = [object];
  for (const token of tokens) {
    const next: unknown[] = [];
    for (const node of nodes) {
      if (node === null || typeof node !== 'object') continue;
      if (token.startsWith('.')) next.push((node as Record<string, unknown>)[token.slice(1)]);
      else if (/^\[\d+\]$/.test(token)) next.push((node as unknown[])[Number(token.slice(1, -1))]);
      else {
        const [, field, value] = /@\.([A-Za-z0-9_]+)==["']([^"']*)["']/.exec(token)!;
        if (Array.isArray(node)) next.push(...node.filter((item) => (item as Record<string, unknown>)?.[field!] === value));
      }
    }
    nodes = next.filter((value) => value !== undefined);
  }
  return nodes[0];
}

/** Date columns are shown as an age, as the API server's table converter does. */
function age(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const seconds = Math.max(0, Math.floor((Date.now() - new Date(value).getTime()) / 1000));
  if (Number.isNaN(seconds)) return value;
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 172_800) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

const cell = (column: PrinterColumn, object: KubeObject): unknown => {
  const value = jsonPathValue(object, column.jsonPath);
  if (value === undefined || value === null) return '<none>';
  return column.type === 'date' ? age(value) : value;
};

const AGE: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };

/** A meta.k8s.io/v1 Table, as the API server answers `kubectl get`: Name, then the printer columns (Age for built-ins). */
export function toTable(type: ResourceType, objects: KubeObject[], resourceVersion: string): Record<string, unknown> {
  const columns = type.printerColumns.length ? type.printerColumns : [AGE];
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions: [
      { name: 'Name', type: 'string', format: 'name', description: 'Name of the object', priority: 0 },
      ...columns.map((column) => ({ name: column.name, type: column.type, format: column.format ?? '', description: column.description ?? '', priority: column.priority ?? 0 })),
    ],
    rows: objects.map((object) => ({
      cells: [object.metadata.name, ...columns.map((column) => cell(column, object))],
      object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata },
    })),
  };
}
