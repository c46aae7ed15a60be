import { isDeepStrictEqual } from 'node:util';
import type { V1OwnerReference } from '@kubernetes/client-node';
import type { DesiredResource, SpecResource } from './plan.js';

export type DiscoveryAction =
  | { do: 'create'; desired: DesiredResource }
  | { do: 'update'; desired: DesiredResource; existing: SpecResource }
  | { do: 'delete'; existing: SpecResource };

/**
 * The writes that turn a source's existing discovered resources into its desired ones: missing
 * ones created, drifted ones (spec, labels or owner edited, or a recreated source) put back,
 * ones no longer wanted deleted. A resource already being deleted is left to finish first.
 */
export function diffResources(
  desired: readonly DesiredResource[],
  existing: readonly SpecResource[],
  labels: Readonly<Record<string, string>>,
  owner: V1OwnerReference,
): DiscoveryAction[] {
  const actions: DiscoveryAction[] = [];
  const byName = new Map(existing.map((resource) => [`${resource.kind}/${resource.metadata?.name}`, resource]));
  for (const wanted of desired) {
    const current = byName.get(`${wanted.kind}/${wanted.name}`);
    if (!current) actions.push({ do: 'create', desired: wanted });
    else if (!current.metadata?.deletionTimestamp && drifted(current, wanted, labels, owner)) actions.push({ do: 'update', desired: wanted, existing: current });
  }
  const wantedNames = new Set(desired.map((wanted) => `${wanted.kind}/${wanted.name}`));
  for (const [key, resource] of byName) if (!wantedNames.has(key) && !resource.metadata?.deletionTimestamp) actions.push({ do: 'delete', existing: resource });
  return actions;
}

function drifted(current: SpecResource, wanted: DesiredResource, labels: Readonly<Record<string, string>>, owner: V1OwnerReference): boolean {
  if (!isDeepStrictEqual(current.spec ?? {}, wanted.spec)) return true;
  if (Object.entries(labels).some(([key, value]) => current.metadata?.labels?.[key] !== value)) return true;
  const owners = current.metadata?.ownerReferences ?? [];
  return owners.length !== 1 || owners[0]!.uid !== owner.uid || owners[0]!.kind !== owner.kind || owners[0]!.name !== owner.name;
}
