import { everyLocationSupportsEverything, locationsByCheckType } from '../../src/domain/check-options.js';
import { validateCheck } from '../../src/domain/check-validation.js';
import { ANNOTATION, type CheckSettings, type Refusal } from './annotations.js';

export interface RuleContext {
  /** Locations this installation offers. */
  locations: readonly string[];
  allowPrivateTargets: boolean;
  /** The namespace's workspace's notification groups by name; null when the namespace maps to no workspace. */
  groupIdByName: ReadonlyMap<string, number> | null;
}

/** The API's field → the annotation that set it, for the fields annotations set. */
const ANNOTATION_OF_FIELD: Record<string, string> = {
  check_frequency: ANNOTATION.checkFrequency,
  trigger_locations: ANNOTATION.locations,
  min_failing_locations: ANNOTATION.minFailingLocations,
  response_classes: ANNOTATION.responseClasses,
  notification_group_ids: ANNOTATION.notificationGroups,
};

export interface CheckVerdict {
  /** Refusals of annotation values: the source gets no check at all. */
  refusals: Refusal[];
  /** Refusals of what the source itself says (its host, port or path): only this check is left out. */
  problems: string[];
}

/** The groups named, as ids; unknown names (or a namespace without a workspace) are a refusal. */
function groupIds(names: readonly string[], context: RuleContext): { ids: number[] } | { refusal: Refusal } {
  if (names.length === 0) return { ids: [] };
  const annotation = ANNOTATION.notificationGroups;
  if (context.groupIdByName === null) return { refusal: { annotation, rule: 'the namespace maps to no workspace (label vantage.dev/workspace-id), so no group can be named' } };
  const unknown = names.filter((name) => !context.groupIdByName!.has(name));
  if (unknown.length > 0) return { refusal: { annotation, rule: `no notification group named ${unknown.map((name) => JSON.stringify(name)).join(', ')} in the workspace` } };
  return { ids: names.map((name) => context.groupIdByName!.get(name)!) };
}

/**
 * Judges a check's spec with the API's own rules (src/domain/check-validation.ts), as the mirror
 * will when it writes the row: what breaks a rule is caught here, before a resource exists, and
 * each refusal names the annotation (or the source's field) it comes from.
 */
export function judgeCheck(spec: Record<string, unknown>, settings: CheckSettings, context: RuleContext): CheckVerdict {
  const groups = groupIds(settings.notificationGroups, context);
  const body = {
    name: spec.name,
    check_type: spec.checkType,
    hostname: spec.hostname,
    protocol: spec.protocol,
    path: spec.checkType === 'http' ? spec.path : undefined,
    check_frequency: spec.checkFrequency,
    trigger_locations: spec.triggerLocations,
    min_failing_locations: spec.minFailingLocations,
    response_classes: spec.checkType === 'http' ? spec.responseClasses : undefined,
    notification_group_ids: 'ids' in groups ? groups.ids : [],
    port: spec.port,
  };
  const result = validateCheck(body, { locations: locationsByCheckType(context.locations, everyLocationSupportsEverything), allowPrivateTargets: context.allowPrivateTargets });
  const refusals: Refusal[] = 'refusal' in groups ? [groups.refusal] : [];
  const problems: string[] = [];
  if (!result.ok) {
    for (const [field, rule] of Object.entries(result.fields)) {
      const annotation = field === 'path' && settings.path !== null ? ANNOTATION.path : ANNOTATION_OF_FIELD[field];
      if (annotation) refusals.push({ annotation, rule });
      else problems.push(`${field} ${rule}`);
    }
  }
  return { refusals, problems };
}
