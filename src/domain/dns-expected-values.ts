import { CHECK_LIMITS, type DnsRecordType } from './check-options.js';
import { isHostName, isIpv4, isIpv6 } from './host-name.js';

const bytes = (value: string): number => Buffer.byteLength(value, 'utf8');

/** Why `value` cannot be an answer of a `type` record, or null when it can. */
export function dnsValueProblem(type: DnsRecordType, value: string): string | null {
  switch (type) {
    case 'A':
      return isIpv4(value) ? null : 'must be an IPv4 address';
    case 'AAAA':
      return isIpv6(value) ? null : 'must be an IPv6 address';
    case 'CNAME':
    case 'NS':
      return isHostName(value, { allowUnderscore: true }) ? null : 'must be a host name';
    case 'MX': {
      const parts = value.split(' ');
      const host = parts.length === 2 ? parts[1]! : parts[0]!;
      if (parts.length > 2) return 'must be "host" or "priority host"';
      if (parts.length === 2 && !(/^[0-9]{1,5}$/.test(parts[0]!) && Number(parts[0]) <= 65_535)) return 'priority must be an integer from 0 to 65535';
      return isHostName(host) ? null : 'must be "host" or "priority host"';
    }
    case 'TXT':
      return value.length > 0 ? null : 'must not be empty';
  }
}

/** Checks the list of expected answers as a whole: count, size of each, combined size, form per record type. */
export function dnsExpectedValuesProblem(type: DnsRecordType, values: readonly string[]): string | null {
  const { dnsExpectedValuesMin, dnsExpectedValuesMax, dnsExpectedValueMaxBytes, dnsExpectedValuesMaxTotalBytes } = CHECK_LIMITS;
  if (values.length < dnsExpectedValuesMin || values.length > dnsExpectedValuesMax) {
    return `must hold ${dnsExpectedValuesMin} to ${dnsExpectedValuesMax} values`;
  }
  for (const [index, value] of values.entries()) {
    if (bytes(value) > dnsExpectedValueMaxBytes) return `value ${index + 1} is longer than ${dnsExpectedValueMaxBytes} bytes`;
    const problem = dnsValueProblem(type, value);
    if (problem) return `value ${index + 1} ${problem} for a ${type} record`;
  }
  const total = values.reduce((sum, value) => sum + bytes(value), 0);
  if (total > dnsExpectedValuesMaxTotalBytes) return `values are longer than ${dnsExpectedValuesMaxTotalBytes} bytes combined`;
  return null;
}
