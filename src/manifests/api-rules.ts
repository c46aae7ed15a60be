import { resolveEntitlement } from '../domain/entitlement.js';
import { domainKind } from '../../operator/mirror/kinds/domain-kind.js';
import { maintenanceWindowKind } from '../../operator/mirror/kinds/maintenance-window-kind.js';
import type { MirrorContext, MirroredKind, MirroredRow } from '../../operator/mirror/kinds/mirrored-kind.js';
import { uptimeCheckKind } from '../../operator/mirror/kinds/uptime-check-kind.js';

export type VantageKind = 'UptimeCheck' | 'Domain' | 'MaintenanceWindow';

const KINDS: Record<VantageKind, MirroredKind<MirroredRow>> = {
  UptimeCheck: uptimeCheckKind as unknown as MirroredKind<MirroredRow>,
  Domain: domainKind as unknown as MirroredKind<MirroredRow>,
  MaintenanceWindow: maintenanceWindowKind as unknown as MirroredKind<MirroredRow>,
};

export const VANTAGE_KINDS = Object.keys(KINDS) as VantageKind[];

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
    checkIdByResourceName: () => 1,
    resourceNameOfCheck: () => null,
  };
}

/** The API's verdict on a spec, per spec field (empty when accepted), as the operator would apply it. */
export function apiProblems(kind: VantageKind, spec: Record<string, unknown>, resourceName: string, options: OfflineOptions): Record<string, string> {
  const verdict = KINDS[kind].read(spec, resourceName, offlineContext(spec, options), null);
  return verdict.ok ? {} : verdict.problems;
}
