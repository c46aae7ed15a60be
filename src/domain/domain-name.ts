import { domainToASCII } from 'node:url';
import { WHITESPACE_CLASS } from './character-classes.js';
import { isHostName, isIpAddress } from './host-name.js';

/** Characters of URLs and host:port that a host name cannot hold. */
export const NOT_IN_DOMAIN_NAME_PATTERN = `[/:@${WHITESPACE_CLASS}]`;
const NOT_IN_DOMAIN_NAME = new RegExp(NOT_IN_DOMAIN_NAME_PATTERN, 'u');

export type DomainNameResult = { ok: true; name: string } | { ok: false; reason: string };

/**
 * A monitored domain is a host name: trimmed, lower-cased, without a trailing dot, international
 * names in their ASCII (punycode) form; at most 253 characters with labels of at most 63.
 * Addresses, wildcards, ports and URLs are refused: the name is what the certificate must match.
 */
export function normaliseDomainName(value: string): DomainNameResult {
  const trimmed = value.trim().toLowerCase().replace(/\.$/, '');
  if (trimmed === '') return { ok: false, reason: 'is required' };
  if (NOT_IN_DOMAIN_NAME.test(trimmed)) return { ok: false, reason: 'must be a host name, not a URL or host:port' };
  if (trimmed.startsWith('*')) return { ok: false, reason: 'must be a host name; wildcards are not monitored' };
  if (isIpAddress(trimmed)) return { ok: false, reason: 'must be a host name, not an IP address' };
  const ascii = /^[\x00-\x7f]*$/.test(trimmed) ? trimmed : domainToASCII(trimmed);
  if (ascii === '') return { ok: false, reason: 'is not a valid international domain name' };
  if (ascii.length > 253) return { ok: false, reason: 'must be at most 253 characters' };
  if (ascii.split('.').some((label) => label.length > 63)) return { ok: false, reason: 'labels must be at most 63 characters' };
  if (!isHostName(ascii)) return { ok: false, reason: 'must be a valid host name (letters, digits and inner dashes per label)' };
  return { ok: true, name: ascii };
}

const DAY_MS = 86_400_000;

/** Whole days until the certificate expires, rounded down; negative once it has. */
export const daysUntilExpiry = (notAfter: Date, now: Date): number => Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS);
