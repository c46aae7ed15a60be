import { createSecureContext, rootCertificates, type SecureContext } from 'node:tls';

const contexts = new WeakMap<readonly string[], SecureContext>();

/**
 * A secure context trusting the system roots plus `extraCa`, built once per CA list: parsing the
 * roots costs far more than a handshake. Undefined without extra CAs (Node's default context).
 * A client context holds no session of its own, so every probe still does a full handshake.
 */
export function secureContextFor(extraCa: readonly string[] | undefined): SecureContext | undefined {
  if (!extraCa || extraCa.length === 0) return undefined;
  let context = contexts.get(extraCa);
  if (!context) {
    context = createSecureContext({ ca: [...rootCertificates, ...extraCa] });
    contexts.set(extraCa, context);
  }
  return context;
}
