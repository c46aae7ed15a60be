import type { KubeObject } from './kube-object.js';
import type { ResourceType } from './resource-types.js';

/** Whether the client asked for a meta.k8s.io/v1 Table (what `kubectl get` asks for). */
export const wantsTable = (accept: string | undefined): boolean => /as=Table/.test(accept ?? '') && /g=meta\.k8s\.io/.test(accept ?? '');

/** An age as `kubectl get` shows it (the API server's table converter renders dates this way). */
export function age(value: unknown, now = Date.now()): unknown {
  if (typeof value !== 'string') return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const seconds = Math.max(0, Math.floor((now - time) / 1000));
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 600) return `${Math.floor(seconds / 60)}m${seconds % 60}s`;
  if (seconds < 3 * 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 8 * 3600) return `${Math.floor(seconds / 3600)}h${Math.floor((seconds % 3600) / 60)}m`;
  if (seconds < 2 * 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

function cellOf(type: string, format: string | undefined, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (type === 'date') return format === 'date-time-absolute' ? value : age(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

export type IncludeObject = 'None' | 'Metadata' | 'Object';

/**
 * A meta.k8s.io/v1 Table, as the API server answers `kubectl get`: Name, then the kind's columns
 * (a CRD's additionalPrinterColumns, or the built-in ones); each row carries the object's metadata,
 * the whole object or nothing, per includeObject.
 */
export function toTable(type: ResourceType, objects: KubeObject[], resourceVersion: string, includeObject: IncludeObject = 'Metadata'): Record<string, unknown> {
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions: [
      { name: 'Name', type: 'string', format: 'name', description: 'Name must be unique within a namespace.', priority: 0 },
      ...type.columns.map((column) => ({ name: column.name, type: column.type === 'date' ? 'string' : column.type, format: column.format ?? '', description: column.description ?? '', priority: column.priority ?? 0 })),
    ],
    rows: objects.map((object) => ({
      cells: [object.metadata.name, ...type.columns.map((column) => cellOf(column.type, column.format, column.cell(object)))],
      ...(includeObject === 'None'
        ? {}
        : { object: includeObject === 'Object' ? object : { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: object.metadata } }),
    })),
  };
}
