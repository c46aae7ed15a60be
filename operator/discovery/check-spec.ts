import { CHECK_DEFAULTS } from '../../src/domain/check-options.js';
import type { CheckSettings } from './annotations.js';
import type { SourceRef } from './source.js';
import { checkHostname, targetUrl, type Target } from './targets.js';
import { shortHash } from './source.js';

const NAME_MAX = 200;

/** The display name: the URL and where it was found, which keeps it unique in the workspace. */
export function checkDisplayName(source: SourceRef, target: Target): string {
  const name = `${targetUrl(target)} (${source.kind} ${source.namespace}/${source.name})`;
  return name.length <= NAME_MAX ? name : `${name.slice(0, NAME_MAX - 10)}… ${shortHash(name)}`;
}

/**
 * The UptimeCheck spec of a target: every field the CRD defaults is written out, so the stored
 * spec equals this one and a hand edit shows as a difference.
 */
export function checkSpec(source: SourceRef, target: Target, settings: CheckSettings): Record<string, unknown> {
  const http = target.checkType === 'http';
  return {
    name: checkDisplayName(source, target),
    checkType: target.checkType,
    hostname: checkHostname(target),
    ...(http ? { protocol: target.protocol } : { port: target.port }),
    path: http ? target.path : CHECK_DEFAULTS.path,
    checkFrequency: settings.checkFrequency,
    requestMethod: CHECK_DEFAULTS.requestMethod,
    responseTimeout: CHECK_DEFAULTS.responseTimeout,
    triggerLocations: [...settings.locations],
    minFailingLocations: settings.minFailingLocations,
    responseClasses: http ? [...settings.responseClasses] : [...CHECK_DEFAULTS.responseClasses],
    flagFollowRedirect: CHECK_DEFAULTS.flagFollowRedirect,
    ...(settings.notificationGroups.length > 0 ? { notificationGroups: [...settings.notificationGroups] } : {}),
    bannerMatchOperator: CHECK_DEFAULTS.bannerMatchOperator,
    paused: settings.paused,
  };
}

/** The Domain spec of a TLS host; a paused source's domains are inactive. */
export function domainSpec(host: string, settings: CheckSettings): Record<string, unknown> {
  return {
    name: host,
    ...(settings.notificationGroups.length > 0 ? { notificationGroups: [...settings.notificationGroups] } : {}),
    active: !settings.paused,
  };
}
