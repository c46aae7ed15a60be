import type { ResourceType } from './resource-types.js';

/** What a resource URL names. */
export interface Route {
  type: ResourceType;
  namespace?: string;
  name?: string;
  subresource?: string;
  watch: boolean;
}

const RESOURCE_PATH = /^\/(?:api\/(v1)|apis\/([^/]+)\/([^/]+))\/(.+)$/;

/**
 * Reads `/api/v1/...` and `/apis/<group>/<version>/...` paths: an optional `watch/` prefix, an
 * optional `namespaces/<ns>/`, the plural, a name and a subresource. Undefined when the path names
 * no served resource.
 */
export function routeOf(path: string, types: readonly ResourceType[], watchParameter: boolean): Route | undefined {
  const match = RESOURCE_PATH.exec(path);
  if (!match) return undefined;
  const group = match[2] ?? '';
  const version = match[1] ?? match[3]!;
  let segments = match[4]!.split('/').map(decodeURIComponent);
  const served = (plural: string | undefined) => types.find((type) => type.group === group && type.version === version && type.plural === plural);
  let watch = watchParameter;
  if (segments[0] === 'watch') {
    watch = true;
    segments = segments.slice(1);
  }
  let namespace: string | undefined;
  if (segments[0] === 'namespaces' && segments.length >= 3 && served(segments[2])?.namespaced) {
    namespace = segments[1];
    segments = segments.slice(2);
  }
  const type = served(segments[0]);
  if (!type || segments.length > 3 || segments.some((segment) => segment === '')) return undefined;
  if (namespace !== undefined && !type.namespaced) return undefined;
  return { type, namespace, name: segments[1], subresource: segments[2], watch };
}
