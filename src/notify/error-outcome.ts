import { failed, retry, type DeliveryOutcome } from './channel.js';
import { OutboundRefused } from './outbound-http.js';

/** Node's codes for a receiver certificate no trusted authority signed: a private CA not given to Vantage. */
const UNTRUSTED_ISSUER_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
]);

export const EXTRA_CA_HINT =
  "the receiver's certificate is not signed by an authority Vantage trusts; if it comes from a private CA, set VANTAGE_EXTRA_CA_FILE to that CA's PEM file on the notifier (serve or engine) and restart it";

/** The hint a person needs after a TLS verification error, or null when the error is something else. */
export function tlsHintFor(code: unknown): string | null {
  return typeof code === 'string' && UNTRUSTED_ISSUER_CODES.has(code) ? EXTRA_CA_HINT : null;
}

/** A thrown error as an outcome: a refused destination is final, anything else (network, time-out) may pass. */
export function outcomeOfError(error: unknown): DeliveryOutcome {
  if (error instanceof OutboundRefused) return failed(error.message);
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const reason = typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
  const hint = tlsHintFor(code);
  return retry(hint ? `${reason} (${hint})` : reason);
}
