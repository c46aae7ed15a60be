import { CHECK_TYPES, type CheckType } from '../store/entities/uptime-check.js';

/** Every fixed value and bound of an uptime check's fields, in one place: validation and the options endpoint both read it. */
export const CHECK_FREQUENCIES = [1, 2, 5, 10, 15] as const;
export const REQUEST_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'] as const;
export const RESPONSE_CLASSES = ['1XX', '2XX', '3XX', '4XX', '5XX'] as const;
export const PROTOCOLS = ['http', 'https'] as const;
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];
export const BANNER_OPERATORS = ['none', 'contains', 'not_contains'] as const;
export type BannerOperator = (typeof BANNER_OPERATORS)[number];

export const CHECK_LIMITS = {
  nameMaxLength: 200,
  hostnameMaxLength: 300,
  pathMaxLength: 2048,
  responseTimeoutMinMs: 1000,
  responseTimeoutMaxMs: 30_000,
  dnsExpectedValuesMin: 1,
  dnsExpectedValuesMax: 20,
  dnsExpectedValueMaxBytes: 512,
  dnsExpectedValuesMaxTotalBytes: 8192,
  portMin: 1,
  portMax: 65_535,
  forbiddenPorts: [25],
  bannerMatchValueMaxBytes: 512,
  notificationGroupsMax: 50,
  triggerLocationsMax: 50,
  locationIdMaxLength: 63,
} as const;

export const CHECK_DEFAULTS = {
  checkFrequency: 5,
  requestMethod: 'get',
  responseTimeout: 10_000,
  responseClasses: ['2XX'],
  path: '/',
  flagFollowRedirect: false,
  minFailingLocations: 1,
  bannerMatchOperator: 'none',
} as const;

/** Whether a location's agents can run a check type; ping needs ICMP, which not every agent has. */
export type ProbeSupport = (location: string, checkType: CheckType) => boolean;

export const everyLocationSupportsEverything: ProbeSupport = () => true;

/** The locations a check of each type may use: the configured ones whose agents support the type. */
export function locationsByCheckType(locations: readonly string[], supports: ProbeSupport): Record<CheckType, string[]> {
  return Object.fromEntries(CHECK_TYPES.map((type) => [type, locations.filter((location) => supports(location, type))])) as Record<
    CheckType,
    string[]
  >;
}

/** `VANTAGE_LOCATIONS` as a list. */
export const parseLocationList = (value: string): string[] =>
  value
    .split(',')
    .map((location) => location.trim())
    .filter(Boolean);
