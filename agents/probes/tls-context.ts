import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';

const contexts = new Map<string, SecureContext>();

/**
 * A secure context trusting the system roots plus `extraCa`, built once per CA list: parsing the
 * roots costs far more than a handshake. Undefined without extra CAs (Node's default context).
 * A client context holds no session of its own, so every probe still does a full handshake.
 */
export function secureContextFor(extraCa: readonly string[] | undefined): SecureContext | undefined {
  if (!extraCa || extraCa.length === 0) return undefined;
  // Keyed by content, not identity: callers may build a fresh options object per probe.
  const key = extraCa.join('\n');
  let context = contexts.get(key);
  if (!context) {
    context = createSecureContext({ ca: [...rootCertificates, ...extraCa] });
    contexts.set(key, context);
  }
  return context;
}
