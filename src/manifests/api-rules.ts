import { resolveEntitlement } from '../domain/entitlement.js';
import type { MirrorContext } from '../../operator/mirror/kinds/mirrored-kind.js';
import { MIRRORED_KINDS } from '../../operator/mirror/kinds/registry.js';

/** The operator's one registry of kinds, by kind name: a manifest is read as the operator would read it. */
const KINDS = new Map(MIRRORED_KINDS.map((kind) => [kind.kind, kind]));

export const VANTAGE_KINDS: readonly string[] = [...KINDS.keys()];

export interface OfflineOptions {
  /** Locations the installation offers; null: any location id is accepted. */
  locations: readonly string[] | null;
  now: Date;
}

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * What the installation would know, assumed in the manifest's favour: every capability of the
 * best plan, the notification groups and the UptimeCheck it names exist, the locations it names are
 * offered (unless `locations` says which are), private targets allowed. What is left is every rule
 * of the API that needs no database.
 */
function offlineContext(spec: Record<string, unknown>, options: OfflineOptions): MirrorContext {
  const groups = stringList(spec.notificationGroups);
  return {
    workspace: {
      id: 1,
      clientId: 1,
      entitlement: resolveEntitlement({ plan: 'pro', trialEndsAt: null }, options.now),
      groupIdByName: new Map(groups.map((name, index) => [name, index + 1])),
      groupNameById: new Map(groups.map((name, index) => [index + 1, name])),
    },
    now: options.now,
    locations: options.locations ?? [...new Set(stringList(spec.triggerLocations))],
    allowPrivateTargets: true,
    rowIdOfResource: () => 1,
    resourceNameOfRow: () => null,
  };
}

/** The API's verdict on a spec, per spec field (empty when accepted), as the operator would apply it. */
export function apiProblems(kind: string, spec: Record<string, unknown>, resourceName: string, options: OfflineOptions): Record<string, string> {
  const mirrored = KINDS.get(kind);
  if (!mirrored) throw new Error(`${kind} is not a Vantage kind`);
  const verdict = mirrored.read(spec, resourceName, offlineContext(spec, options), null);
  return verdict.ok ? {} : verdict.problems;
}
