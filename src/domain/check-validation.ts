import { isDeepStrictEqual } from 'node:util';
import { CHECK_TYPES, type CheckType } from '../store/entities/uptime-check.js';
import {
  BANNER_OPERATORS,
  CHECK_DEFAULTS,
  CHECK_FREQUENCIES,
  CHECK_LIMITS,
  DNS_RECORD_TYPES,
  PROTOCOLS,
  REQUEST_METHODS,
  RESPONSE_CLASSES,
  type BannerOperator,
  type DnsRecordType,
} from './check-options.js';
import { CONTROL_CLASS, WHITESPACE_CLASS } from './character-classes.js';
import { dnsExpectedValuesProblem } from './dns-expected-values.js';
import { isHostName, isIpAddress, parseAuthority } from './host-name.js';
import { isPrivateHost } from './private-address.js';

/** A check's configuration after validation, with every default applied. */
export interface CheckConfig {
  name: string;
  checkType: CheckType;
  hostname: string;
  protocol: 'http' | 'https' | null;
  path: string | null;
  checkFrequency: number;
  requestMethod: string | null;
  responseTimeout: number;
  triggerLocations: string[];
  minFailingLocations: number;
  responseClasses: string[];
  flagFollowRedirect: boolean;
  notificationGroupIds: number[];
  dnsRecordType: DnsRecordType | null;
  dnsExpectedValues: string[] | null;
  port: number | null;
  bannerMatchOperator: BannerOperator | null;
  bannerMatchValue: string | null;
}

/** Field name on the wire → why its value is refused. */
export type FieldErrors = Record<string, string>;

export interface CheckValidationContext {
  /** Locations this account may use, per check type (the options endpoint shows the same lists). */
  locations: Readonly<Record<CheckType, readonly string[]>>;
  allowPrivateTargets: boolean;
  /** On update: the saved type, which cannot change. */
  savedCheckType?: CheckType;
}

export type CheckValidation = { ok: true; config: CheckConfig } | { ok: false; fields: FieldErrors };

type Reason = string | null;
const bytes = (value: string): number => Buffer.byteLength(value, 'utf8');
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
const oneOf = (values: readonly (string | number)[]): string => values.join(', ');

/** Fields that belong to one check type only (the CRDs refuse them on other types with the same table). */
export const TYPE_FIELDS: Readonly<Record<string, readonly CheckType[]>> = {
  protocol: ['http'],
  path: ['http'],
  request_method: ['http'],
  response_classes: ['http'],
  flag_follow_redirect: ['http'],
  dns_record_type: ['dns'],
  dns_expected_values: ['dns'],
  port: ['tcp'],
  banner_match_operator: ['tcp'],
  banner_match_value: ['tcp'],
};

/** `request_method` → `requestMethod`: the key of a field in CHECK_DEFAULTS. */
const defaultsKey = (field: string): string => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The API's default of a field, if it has one. */
export const checkDefaultOf = (field: string): unknown => (CHECK_DEFAULTS as Readonly<Record<string, unknown>>)[defaultsKey(field)];

/**
 * Absent, null, empty or false (what a form sends for a field it does not use), or the field's
 * default (what a custom resource carries, as Kubernetes defaults a field whatever the check type).
 */
const isUnset = (field: string, value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0) ||
  isDeepStrictEqual(value, checkDefaultOf(field));

/** What a request path must not hold: spaces and control characters. */
export const NOT_IN_PATH_PATTERN = `[${WHITESPACE_CLASS}${CONTROL_CLASS}]`;
const NOT_IN_PATH = new RegExp(NOT_IN_PATH_PATTERN, 'u');

export function nameProblem(value: unknown): Reason {
  if (typeof value !== 'string' || value.trim().length === 0) return 'is required';
  if (value.trim().length > CHECK_LIMITS.nameMaxLength) return `must be at most ${CHECK_LIMITS.nameMaxLength} characters`;
  return null;
}

export function checkTypeProblem(value: unknown, saved: CheckType | undefined): Reason {
  if (saved !== undefined) return value === undefined || value === saved ? null : `cannot be changed after the check is saved (it is ${saved})`;
  if (typeof value !== 'string' || !(CHECK_TYPES as readonly string[]).includes(value)) return `must be one of ${oneOf(CHECK_TYPES)}`;
  return null;
}

export const frequencyProblem = (value: unknown): Reason =>
  isInteger(value) && (CHECK_FREQUENCIES as readonly number[]).includes(value) ? null : `must be one of ${oneOf(CHECK_FREQUENCIES)} (minutes)`;

export const requestMethodProblem = (value: unknown): Reason =>
  typeof value === 'string' && (REQUEST_METHODS as readonly string[]).includes(value) ? null : `must be one of ${oneOf(REQUEST_METHODS)} (lower case)`;

export function responseTimeoutProblem(value: unknown): Reason {
  const { responseTimeoutMinMs: min, responseTimeoutMaxMs: max } = CHECK_LIMITS;
  return isInteger(value) && value >= min && value <= max ? null : `must be an integer from ${min} to ${max} (milliseconds)`;
}

export function responseClassesProblem(value: unknown): Reason {
  if (!isStringArray(value) || value.length === 0) return `must be a non-empty list of ${oneOf(RESPONSE_CLASSES)}`;
  const unknown = value.find((v) => !(RESPONSE_CLASSES as readonly string[]).includes(v));
  if (unknown !== undefined) return `"${unknown}" is not one of ${oneOf(RESPONSE_CLASSES)}`;
  if (new Set(value).size !== value.length) return 'must not repeat a class';
  return null;
}

export const protocolProblem = (value: unknown): Reason =>
  typeof value === 'string' && (PROTOCOLS as readonly string[]).includes(value) ? null : `is required for http checks: ${oneOf(PROTOCOLS)}`;

/** HTTP targets may carry a port as in a URL authority; the other types name a bare host (DNS: a name, not an address). */
export function hostnameProblem(checkType: CheckType, value: unknown, allowPrivateTargets: boolean): Reason {
  if (typeof value !== 'string' || value.length === 0) return 'is required';
  if (value.length > CHECK_LIMITS.hostnameMaxLength) return `must be at most ${CHECK_LIMITS.hostnameMaxLength} characters`;
  let host = value;
  if (checkType === 'http') {
    const authority = parseAuthority(value);
    if (!authority) return 'must be a host name or IP address, optionally with :port';
    if (authority.port !== null && (authority.port < 1 || authority.port > 65_535)) return 'port must be from 1 to 65535';
    host = authority.bareHost;
  }
  if (!allowPrivateTargets && isPrivateHost(host)) return 'private, loopback and reserved addresses are not allowed as targets';
  if (checkType === 'dns') return isHostName(host, { allowUnderscore: true }) ? null : 'must be a host name';
  if (isIpAddress(host)) return null;
  return isHostName(host) ? null : checkType === 'http' ? 'must be a host name or IP address, optionally with :port' : 'must be a host name or IP address';
}

export function pathProblem(value: unknown): Reason {
  if (typeof value !== 'string' || !value.startsWith('/')) return 'must start with /';
  if (value.length > CHECK_LIMITS.pathMaxLength) return `must be at most ${CHECK_LIMITS.pathMaxLength} characters`;
  if (NOT_IN_PATH.test(value)) return 'must not contain spaces or control characters';
  return null;
}

export function triggerLocationsProblem(value: unknown, usable: readonly string[]): Reason {
  if (!isStringArray(value) || value.length === 0) return `must be a non-empty list of locations: ${oneOf(usable)}`;
  if (value.length > CHECK_LIMITS.triggerLocationsMax) return `must hold at most ${CHECK_LIMITS.triggerLocationsMax} locations`;
  if (new Set(value).size !== value.length) return 'must not repeat a location';
  const unknown = value.find((location) => !usable.includes(location));
  if (unknown !== undefined) return `"${unknown}" is not a location this check can use (${oneOf(usable)})`;
  return null;
}

export const minFailingLocationsProblem = (value: unknown, locationCount: number): Reason =>
  isInteger(value) && value >= 1 && value <= Math.max(locationCount, 1)
    ? null
    : `must be an integer from 1 to the number of trigger locations (${locationCount})`;

export const dnsRecordTypeProblem = (value: unknown): Reason =>
  typeof value === 'string' && (DNS_RECORD_TYPES as readonly string[]).includes(value) ? null : `is required for dns checks: ${oneOf(DNS_RECORD_TYPES)}`;

export function dnsValuesProblem(recordType: DnsRecordType, value: unknown): Reason {
  if (!isStringArray(value)) return 'must be a list of strings';
  return dnsExpectedValuesProblem(recordType, value);
}

export function portProblem(value: unknown): Reason {
  const { portMin, portMax, forbiddenPorts } = CHECK_LIMITS;
  if (!isInteger(value) || value < portMin || value > portMax) return `must be an integer from ${portMin} to ${portMax}`;
  if ((forbiddenPorts as readonly number[]).includes(value)) return `port ${value} (SMTP) cannot be monitored`;
  return null;
}

export const bannerOperatorProblem = (value: unknown): Reason =>
  typeof value === 'string' && (BANNER_OPERATORS as readonly string[]).includes(value) ? null : `must be one of ${oneOf(BANNER_OPERATORS)}`;

export function bannerValueProblem(operator: BannerOperator, value: unknown): Reason {
  if (value !== undefined && value !== null && typeof value !== 'string') return 'must be a string';
  const text = typeof value === 'string' ? value : '';
  if (bytes(text) > CHECK_LIMITS.bannerMatchValueMaxBytes) return `must be at most ${CHECK_LIMITS.bannerMatchValueMaxBytes} bytes`;
  if (operator === 'none' && text !== '') return 'must be empty when banner_match_operator is none';
  if (operator !== 'none' && text === '') return `is required when banner_match_operator is ${operator}`;
  return null;
}

export function notificationGroupIdsProblem(value: unknown): Reason {
  if (!Array.isArray(value) || !value.every((id) => isInteger(id) && id > 0)) return 'must be a list of notification group ids';
  if (new Set(value).size !== value.length) return 'must not repeat a group';
  if (value.length > CHECK_LIMITS.notificationGroupsMax) return `must hold at most ${CHECK_LIMITS.notificationGroupsMax} groups`;
  return null;
}

/** An HTTP check has no `port` field: the port goes into `hostname`, as in a URL's authority. */
const HTTP_PORT_HINT = 'applies only to tcp checks; an http check takes its port in hostname as host:port (example.com:8443, [2001:db8::1]:8443)';

/** Fields of another check type: tolerated when unset (blank or at their default), refused otherwise. */
export function foreignFieldProblems(checkType: CheckType, input: Readonly<Record<string, unknown>>): FieldErrors {
  const fields: FieldErrors = {};
  for (const [field, types] of Object.entries(TYPE_FIELDS)) {
    if (types.includes(checkType) || isUnset(field, input[field])) continue;
    fields[field] = checkType === 'http' && field === 'port' ? HTTP_PORT_HINT : `applies only to ${types.join(', ')} checks`;
  }
  return fields;
}

/**
 * Validates a check's fields as sent on create or (full replacement) update, applies the
 * defaults, and answers the configuration or every refused field with its reason.
 */
export function validateCheck(input: Readonly<Record<string, unknown>>, context: CheckValidationContext): CheckValidation {
  const fields: FieldErrors = {};
  const note = (field: string, reason: Reason): void => {
    if (reason !== null && fields[field] === undefined) fields[field] = reason;
  };
  const value = (field: string, fallback: unknown): unknown => (input[field] === undefined || input[field] === null ? fallback : input[field]);

  note('name', nameProblem(input.name));
  note('check_type', checkTypeProblem(input.check_type, context.savedCheckType));
  if (fields.check_type) return { ok: false, fields };
  const checkType = (context.savedCheckType ?? input.check_type) as CheckType;
  Object.assign(fields, foreignFieldProblems(checkType, input));

  const usable = context.locations[checkType];
  const triggerLocations = value('trigger_locations', usable);
  const minFailing = value('min_failing_locations', CHECK_DEFAULTS.minFailingLocations);
  const frequency = value('check_frequency', CHECK_DEFAULTS.checkFrequency);
  const timeout = value('response_timeout', CHECK_DEFAULTS.responseTimeout);
  const groupIds = value('notification_group_ids', []);
  note('hostname', hostnameProblem(checkType, input.hostname, context.allowPrivateTargets));
  note('check_frequency', frequencyProblem(frequency));
  note('response_timeout', responseTimeoutProblem(timeout));
  note('trigger_locations', triggerLocationsProblem(triggerLocations, usable));
  const locationCount = isStringArray(triggerLocations) ? triggerLocations.length : 0;
  note('min_failing_locations', minFailingLocationsProblem(minFailing, locationCount));
  note('notification_group_ids', notificationGroupIdsProblem(groupIds));

  const config: CheckConfig = {
    name: typeof input.name === 'string' ? input.name.trim() : '',
    checkType,
    hostname: typeof input.hostname === 'string' ? input.hostname.toLowerCase().replace(/\.$/, '') : '',
    protocol: null,
    path: null,
    checkFrequency: frequency as number,
    requestMethod: null,
    responseTimeout: timeout as number,
    triggerLocations: triggerLocations as string[],
    minFailingLocations: minFailing as number,
    responseClasses: [],
    flagFollowRedirect: false,
    notificationGroupIds: groupIds as number[],
    dnsRecordType: null,
    dnsExpectedValues: null,
    port: null,
    bannerMatchOperator: null,
    bannerMatchValue: null,
  };

  if (checkType === 'http') {
    const method = value('request_method', CHECK_DEFAULTS.requestMethod);
    const path = value('path', CHECK_DEFAULTS.path);
    const classes = value('response_classes', CHECK_DEFAULTS.responseClasses);
    const follow = value('flag_follow_redirect', CHECK_DEFAULTS.flagFollowRedirect);
    note('protocol', protocolProblem(input.protocol));
    note('request_method', requestMethodProblem(method));
    note('path', pathProblem(path));
    note('response_classes', responseClassesProblem(classes));
    note('flag_follow_redirect', typeof follow === 'boolean' ? null : 'must be true or false');
    Object.assign(config, { protocol: input.protocol, requestMethod: method, path, responseClasses: classes, flagFollowRedirect: follow });
  }
  if (checkType === 'dns') {
    note('dns_record_type', dnsRecordTypeProblem(input.dns_record_type));
    if (!fields.dns_record_type) note('dns_expected_values', dnsValuesProblem(input.dns_record_type as DnsRecordType, input.dns_expected_values));
    config.dnsRecordType = input.dns_record_type as DnsRecordType;
    config.dnsExpectedValues = input.dns_expected_values as string[];
  }
  if (checkType === 'tcp') {
    const operator = value('banner_match_operator', CHECK_DEFAULTS.bannerMatchOperator);
    note('port', portProblem(input.port));
    note('banner_match_operator', bannerOperatorProblem(operator));
    if (!fields.banner_match_operator) note('banner_match_value', bannerValueProblem(operator as BannerOperator, input.banner_match_value));
    Object.assign(config, { port: input.port, bannerMatchOperator: operator, bannerMatchValue: (input.banner_match_value as string | null) ?? '' });
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, config };
}
