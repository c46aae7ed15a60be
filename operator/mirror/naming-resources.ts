import { resourceRef, type CustomResource } from './custom-resource.js';
import type { AnyKind } from './mirror-caches.js';

/**
 * The resources, of every kind, whose spec names the resource `name` of kind `named` in the same
 * namespace (a window naming a check): they are reconciled again when it changes. Pure.
 */
export function resourcesNaming(kinds: readonly AnyKind[], named: AnyKind, name: string, inNamespace: (kind: AnyKind) => CustomResource[]): Array<{ kind: AnyKind; key: string }> {
  const found: Array<{ kind: AnyKind; key: string }> = [];
  for (const kind of kinds) {
    for (const reference of kind.references) {
      if (reference.kind !== named) continue;
      for (const resource of inNamespace(kind)) if (reference.namesIn(resource.spec ?? {}).includes(name)) found.push({ kind, key: resourceRef(resource) });
    }
  }
  return found;
}
