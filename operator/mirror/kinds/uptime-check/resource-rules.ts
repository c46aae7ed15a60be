import { CHECK_LIMITS, DNS_RECORD_TYPES, PROTOCOLS } from '../../../../src/domain/check-options.js';
import { checkDefaultOf, TYPE_FIELDS } from '../../../../src/domain/check-validation.js';
import { ADDRESS_PATTERNS } from '../../../../src/domain/host-name.js';
import type { CheckType } from '../../../../src/store/entities/uptime-check.js';
import { specField } from '../mirrored-kind.js';
import { celHostName, celIpv4, celIpv6, celLiteral, celString, matchesWhole, type ValidationRule } from '../../../resources/cel.js';

const isType = (types: readonly CheckType[]): string =>
  types.length === 1 ? `self.checkType == ${celString(types[0]!)}` : `self.checkType in ${celLiteral(types)}`;
const notType = (types: readonly CheckType[]): string =>
  types.length === 1 ? `self.checkType != ${celString(types[0]!)}` : `!(self.checkType in ${celLiteral(types)})`;

/**
 * A field of another check type may be absent or unset (empty, false, or its default: Kubernetes
 * defaults a field whatever the type), as the API's foreignFieldProblems tolerates.
 */
function foreignFieldRule(apiField: string, types: readonly CheckType[]): ValidationRule {
  const field = `self.${specField(apiField)}`;
  const unset = [`!has(${field})`];
  const fallback = checkDefaultOf(apiField);
  if (fallback !== undefined) unset.push(`${field} == ${celLiteral(fallback)}`);
  // The one field of another type whose own schema admits an empty value; the others' enums,
  // patterns and minItems refuse '' and [] before any rule runs.
  if (apiField === 'banner_match_value') unset.push(`${field} == ''`);
  return {
    rule: `${isType(types)} || ${unset.join(' || ')}`,
    message: `${specField(apiField)} applies only to ${types.join(', ')} checks`,
    fieldPath: `.${specField(apiField)}`,
    reason: 'FieldValueForbidden',
  };
}

const required = (type: CheckType, field: string, message: string): ValidationRule => ({
  rule: `self.checkType != ${celString(type)} || has(self.${field})`,
  message,
  fieldPath: `.${field}`,
  reason: 'FieldValueRequired',
});

const PORT_SUFFIX = '(?::[0-9]{1,5})?';
const hostname = 'self.hostname';
const portOf = `int(${hostname}.substring(${hostname}.lastIndexOf(':') + 1))`;

/** The hostname per check type, as hostnameProblem judges it (private addresses are the operator's: that is an installation setting). */
const hostnameRules: ValidationRule[] = [
  {
    rule: `${notType(['http'])} || ${celIpv6(hostname)} || ${celHostName(hostname, { suffix: PORT_SUFFIX })} || ${celIpv4(hostname, PORT_SUFFIX)} || ${matchesWhole(hostname, `\\[${ADDRESS_PATTERNS.ipv6}\\]${PORT_SUFFIX}`)}`,
    message: 'hostname must be a host name or IP address, optionally with :port (an IPv6 address with a port in brackets: [2001:db8::1]:8443)',
    fieldPath: '.hostname',
  },
  {
    rule: `${notType(['http'])} || ${celIpv6(hostname)} || !${hostname}.matches(':[0-9]{1,5}$') || (${portOf} >= ${CHECK_LIMITS.portMin} && ${portOf} <= ${CHECK_LIMITS.portMax})`,
    message: `hostname port must be from ${CHECK_LIMITS.portMin} to ${CHECK_LIMITS.portMax}`,
    fieldPath: '.hostname',
  },
  {
    rule: `${notType(['ping', 'tcp'])} || ${celHostName(hostname)} || ${celIpv4(hostname)} || ${celIpv6(hostname)}`,
    message: 'hostname must be a host name or IP address (no port: a TCP check takes it in port)',
    fieldPath: '.hostname',
  },
  {
    rule: `${notType(['dns'])} || ${celHostName(hostname, { underscore: true })}`,
    message: 'hostname must be a host name (a DNS check queries a name, not an address)',
    fieldPath: '.hostname',
  },
];

const MX_PRIORITY = '(?:(?:[0-9]{1,4}|[0-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]) )?';

/** What each expected value of a record type must look like, as dnsValueProblem judges it (TXT: not empty, which minLength says). */
const DNS_VALUE_FORMS: Partial<Record<(typeof DNS_RECORD_TYPES)[number], { test: (value: string) => string; what: string }>> = {
  A: { test: (value) => celIpv4(value), what: 'IPv4 addresses' },
  AAAA: { test: (value) => celIpv6(value), what: 'IPv6 addresses' },
  CNAME: { test: (value) => celHostName(value, { underscore: true }), what: 'host names' },
  NS: { test: (value) => celHostName(value, { underscore: true }), what: 'host names' },
  MX: { test: (value) => celHostName(value, { prefix: MX_PRIORITY }), what: '"host" or "priority host" with a priority from 0 to 65535' },
};

const dnsValueRules: ValidationRule[] = Object.entries(DNS_VALUE_FORMS).map(([type, form]) => ({
  rule: `self.checkType != 'dns' || !has(self.dnsRecordType) || self.dnsRecordType != ${celString(type)} || !has(self.dnsExpectedValues) || self.dnsExpectedValues.all(value, ${form.test('value')})`,
  message: `dnsExpectedValues of ${['A', 'AAAA', 'MX', 'NS'].includes(type) ? 'an' : 'a'} ${type} record must be ${form.what}`,
  fieldPath: '.dnsExpectedValues',
}));

/** The rules across fields of an UptimeCheck spec: the API's validateCheck, for every rule a CRD can state. */
export const uptimeCheckRules: ValidationRule[] = [
  ...Object.entries(TYPE_FIELDS).map(([field, types]) => foreignFieldRule(field, types)),
  required('http', 'protocol', `protocol is required for http checks: ${PROTOCOLS.join(', ')}`),
  required('dns', 'dnsRecordType', `dnsRecordType is required for dns checks: ${DNS_RECORD_TYPES.join(', ')}`),
  required('dns', 'dnsExpectedValues', 'dnsExpectedValues is required for dns checks: the answers the record must hold'),
  required('tcp', 'port', 'port is required for tcp checks'),
  ...hostnameRules,
  ...dnsValueRules,
  {
    rule: '!has(self.minFailingLocations) || self.minFailingLocations <= size(self.triggerLocations)',
    message: 'minFailingLocations must be at most the number of triggerLocations',
    fieldPath: '.minFailingLocations',
  },
  {
    rule: "self.checkType != 'tcp' || !has(self.bannerMatchOperator) || self.bannerMatchOperator != 'none' || !has(self.bannerMatchValue) || self.bannerMatchValue == ''",
    message: 'bannerMatchValue must be empty when bannerMatchOperator is none',
    fieldPath: '.bannerMatchValue',
  },
  {
    rule: "self.checkType != 'tcp' || !has(self.bannerMatchOperator) || self.bannerMatchOperator == 'none' || (has(self.bannerMatchValue) && self.bannerMatchValue != '')",
    message: 'bannerMatchValue is required when bannerMatchOperator is contains or not_contains',
    fieldPath: '.bannerMatchValue',
    reason: 'FieldValueRequired',
  },
];
