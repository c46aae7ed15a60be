import { isEmailAddress } from '../../domain/email-address.js';
import { httpsUrlProblem } from '../../domain/notification-group-validation.js';

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

/** A webhook subscriber's URL, under the rules of a notification group's webhook: https://, no credentials, no private address unless allowed. */
export function webhookUrlOf(value: unknown, allowPrivateTargets: boolean): { url: string } | { reason: string } {
  if (typeof value !== 'string' || value === '') return { reason: 'is required' };
  if (CONTROL.test(value) || LONE_SURROGATE.test(value) || /\s/.test(value)) return { reason: 'must have no spaces, control characters or broken Unicode' };
  const problem = httpsUrlProblem(value, allowPrivateTargets);
  return problem === null ? { url: value } : { reason: problem };
}
