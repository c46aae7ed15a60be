import { CHECK_DEFAULTS } from '../../src/domain/check-options.js';

/** Every discovery annotation, on a source object or (as a default for its objects) on its namespace. */
export const ANNOTATION = {
  enabled: 'monitoring.vantage.dev/enabled',
  path: 'monitoring.vantage.dev/path',
  checkFrequency: 'monitoring.vantage.dev/check-frequency',
  locations: 'monitoring.vantage.dev/locations',
  minFailingLocations: 'monitoring.vantage.dev/min-failing-locations',
  responseClasses: 'monitoring.vantage.dev/response-classes',
  notificationGroups: 'monitoring.vantage.dev/notification-groups',
  paused: 'monitoring.vantage.dev/paused',
  protocol: 'monitoring.vantage.dev/protocol',
} as const;

type Annotations = Readonly<Record<string, string>> | undefined;

/** A value refused, with the annotation that holds it and the rule it breaks. */
export interface Refusal {
  annotation: string;
  rule: string;
}

/** What a source's checks are made with: its annotations over its namespace's, over the API's defaults. */
export interface CheckSettings {
  /** Overrides the path a source gives (and is the path of a Service's HTTP checks). */
  path: string | null;
  checkFrequency: number;
  locations: string[];
  minFailingLocations: number;
  responseClasses: string[];
  notificationGroups: string[];
  paused: boolean;
  /** Services only: what a port is checked with. */
  protocol: 'tcp' | 'http' | 'https';
}

export type SettingsVerdict = { ok: true; settings: CheckSettings } | { ok: false; refusals: Refusal[] };

/**
 * Whether an object is discovered: its own `enabled` annotation decides, else its namespace's.
 * Anything but "true" or "false" is refused rather than guessed.
 */
export function optIn(own: Annotations, namespace: Annotations): { enabled: boolean } | { refusal: Refusal } {
  for (const value of [own?.[ANNOTATION.enabled], namespace?.[ANNOTATION.enabled]]) {
    if (value === undefined) continue;
    if (value === 'true' || value === 'false') return { enabled: value === 'true' };
    return { refusal: { annotation: ANNOTATION.enabled, rule: `must be "true" or "false", not ${JSON.stringify(value)}` } };
  }
  return { enabled: false };
}

const list = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** An integer written plainly; the API's rules judge its range. */
const wholeNumber = (value: string): number | null => (/^\s*[0-9]{1,9}\s*$/.test(value) ? Number(value) : null);

/**
 * Reads the annotations' values into settings: the syntax here (numbers, booleans, lists); the
 * values' rules are the API's, applied to each check built from them (check-validation.ts).
 */
export function readSettings(own: Annotations, namespace: Annotations, locations: readonly string[]): SettingsVerdict {
  const merged: Record<string, string> = { ...namespace, ...own };
  const refusals: Refusal[] = [];
  const number = (annotation: string, fallback: number): number => {
    const raw = merged[annotation];
    if (raw === undefined) return fallback;
    const value = wholeNumber(raw);
    if (value === null) refusals.push({ annotation, rule: `must be a whole number, not ${JSON.stringify(raw)}` });
    return value ?? fallback;
  };
  const names = (annotation: string, fallback: readonly string[]): string[] => {
    const raw = merged[annotation];
    return raw === undefined ? [...fallback] : list(raw);
  };
  const pausedRaw = merged[ANNOTATION.paused];
  if (pausedRaw !== undefined && pausedRaw !== 'true' && pausedRaw !== 'false') {
    refusals.push({ annotation: ANNOTATION.paused, rule: `must be "true" or "false", not ${JSON.stringify(pausedRaw)}` });
  }
  const protocol = merged[ANNOTATION.protocol] ?? 'tcp';
  if (protocol !== 'tcp' && protocol !== 'http' && protocol !== 'https') {
    refusals.push({ annotation: ANNOTATION.protocol, rule: `must be tcp, http or https, not ${JSON.stringify(protocol)}` });
  }
  const settings: CheckSettings = {
    path: merged[ANNOTATION.path] ?? null,
    checkFrequency: number(ANNOTATION.checkFrequency, CHECK_DEFAULTS.checkFrequency),
    locations: names(ANNOTATION.locations, locations),
    minFailingLocations: number(ANNOTATION.minFailingLocations, CHECK_DEFAULTS.minFailingLocations),
    responseClasses: names(ANNOTATION.responseClasses, CHECK_DEFAULTS.responseClasses).map((value) => value.toUpperCase()),
    notificationGroups: [...new Set(names(ANNOTATION.notificationGroups, []))],
    paused: pausedRaw === 'true',
    protocol: protocol as CheckSettings['protocol'],
  };
  return refusals.length > 0 ? { ok: false, refusals } : { ok: true, settings };
}
