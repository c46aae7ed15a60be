/** A custom resource's key, as its informer names it. */
export const resourceKey = (namespace: string, name: string): string => `${namespace}/${name}`;

/** A row's key: Kubernetes names hold no colon, so it never meets a resource's. */
export const rowKey = (id: number): string => `row:${id}`;

export type ReconcileKey = { namespace: string; name: string } | { rowId: number };

export function parseKey(key: string): ReconcileKey {
  if (key.startsWith('row:')) return { rowId: Number(key.slice('row:'.length)) };
  const slash = key.indexOf('/');
  return { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}
