import { canonicalAddress } from './canonical-address.js';

/** How answers and expected values compare for one record type, as plain strings. */
export type DnsRecordKind = 'A' | 'AAAA' | 'CNAME' | 'MX' | 'NS' | 'TXT';

const hostName = (name: string): string => name.trim().toLowerCase().replace(/\.$/, '');

/** MX answers are written `priority host`; an expected value may name the host alone or both. */
function mxMatches(expected: string, answer: string): boolean {
  const [priority, host] = answer.split(' ') as [string, string];
  const parts = expected.trim().split(/\s+/);
  if (parts.length === 1) return hostName(parts[0]!) === host;
  return parts.length === 2 && Number(parts[0]) === Number(priority) && hostName(parts[1]!) === host;
}

/** Whether `expected` is among `answers` (answers as `dnsAnswerStrings` writes them). */
export function answerPresent(kind: DnsRecordKind, expected: string, answers: readonly string[]): boolean {
  switch (kind) {
    case 'A':
    case 'AAAA':
      return answers.includes(canonicalAddress(expected));
    case 'CNAME':
    case 'NS':
      return answers.includes(hostName(expected));
    case 'MX':
      return answers.some((answer) => mxMatches(expected, answer));
    case 'TXT':
      return answers.includes(expected);
  }
}

/** Expected values not found in the answers; extra answers are allowed. */
export const missingValues = (kind: DnsRecordKind, expected: readonly string[], answers: readonly string[]): string[] =>
  expected.filter((value) => !answerPresent(kind, value, answers));

export { canonicalAddress as normaliseAddress };
export const normaliseHostName = hostName;
