import { isEmailAddress } from '../../domain/email-address.js';

const CONTROL = /[\u0000-\u001f\u007f]/;
/** RFC 5322 dot-atom on both sides (non-ASCII allowed, as RFC 6531 does): no quoted local parts, comments or address literals. */
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.\u0080-\uFFFF-]+@[A-Za-z0-9.\u0080-\uFFFF-]+$/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The address a subscriber typed, lower-cased; or the reason it is not one. */
export function emailAddressOf(value: unknown): { address: string } | { reason: string } {
  if (typeof value !== 'string' || value.trim() === '') return { reason: 'an e-mail address is required' };
  if (value.length > 254) return { reason: 'an e-mail address has at most 254 characters' };
  if (CONTROL.test(value) || LONE_SURROGATE.test(value)) return { reason: 'an e-mail address has no control characters or broken Unicode' };
  const address = value.trim().toLowerCase();
  if (!isEmailAddress(address) || !DOT_ATOM.test(address)) return { reason: `"${address}" is not an e-mail address` };
  return { address };
}

/** A webhook subscriber's URL: https:// only, as every webhook; the outbound rules (no private addresses) apply when it is sent to. */
export function webhookUrlOf(value: unknown): { url: string } | { reason: string } {
  if (typeof value !== 'string' || value === '') return { reason: 'a URL is required' };
  if (value.length > 2048) return { reason: 'a URL has at most 2048 characters' };
  if (CONTROL.test(value) || LONE_SURROGATE.test(value) || /\s/.test(value)) return { reason: 'a URL has no spaces, control characters or broken Unicode' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { reason: 'not a URL' };
  }
  if (url.protocol !== 'https:') return { reason: 'only https:// URLs are accepted' };
  if (url.username || url.password) return { reason: 'a URL with credentials is not accepted' };
  return { url: url.href };
}
