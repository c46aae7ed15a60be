import { checkServerIdentity, type DetailedPeerCertificate, type PeerCertificate } from 'node:tls';
import type { CertificateInfo } from '../../src/bus/messages.js';

const verifyErrors: Record<string, string> = {
  CERT_HAS_EXPIRED: 'certificate has expired',
  CERT_NOT_YET_VALID: 'certificate is not yet valid',
  CERT_REVOKED: 'certificate has been revoked',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in the chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unable to verify the first certificate',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'issuer certificate not found among trusted roots',
  UNABLE_TO_GET_ISSUER_CERT: 'issuer certificate not found',
  CERT_SIGNATURE_FAILURE: 'certificate signature failure',
  CERT_UNTRUSTED: 'certificate is not trusted',
};

/** OpenSSL's verification code (`CERT_HAS_EXPIRED`) as a person reads it. */
export const describeVerifyError = (code: string): string => verifyErrors[code] ?? code.toLowerCase().replace(/_/g, ' ');

/** `{ CN: 'a', O: ['b', 'c'] }` → `CN=a, O=b, O=c`. */
function distinguishedName(name: Record<string, string | string[]> | undefined): string {
  if (!name) return '';
  return Object.entries(name)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((item) => `${key}=${item}`))
    .join(', ');
}

const isoDate = (openSslDate: string): string => new Date(openSslDate).toISOString();

/** `DNS:a.example, IP Address:10.0.0.1` → `['a.example', '10.0.0.1']`. */
const altNames = (subjectaltname: string | undefined): string[] =>
  (subjectaltname ?? '')
    .split(', ')
    .filter((entry) => entry !== '')
    .map((entry) => entry.replace(/^[^:]+:/, ''));

/** Leaf first, then each issuer the server sent, stopping at a self-signed root or a repeat. */
function chainOf(leaf: DetailedPeerCertificate): CertificateInfo['chain'] {
  const chain: CertificateInfo['chain'] = [];
  const seen = new Set<string>();
  for (let cert: DetailedPeerCertificate | undefined = leaf; cert && !seen.has(cert.fingerprint256); cert = cert.issuerCertificate) {
    seen.add(cert.fingerprint256);
    chain.push({
      subject: distinguishedName(cert.subject as unknown as Record<string, string>),
      issuer: distinguishedName(cert.issuer as unknown as Record<string, string>),
      notAfter: isoDate(cert.valid_to),
      fingerprintSha256: cert.fingerprint256,
    });
  }
  return chain;
}

/** Certificate metadata and verdicts from a completed handshake (made with `rejectUnauthorized: false`). */
export function certificateInfo(
  leaf: DetailedPeerCertificate,
  hostname: string,
  authorized: boolean,
  authorizationError: string | undefined,
): CertificateInfo {
  return {
    subject: distinguishedName(leaf.subject as unknown as Record<string, string>),
    issuer: distinguishedName(leaf.issuer as unknown as Record<string, string>),
    subjectAltNames: altNames(leaf.subjectaltname),
    notBefore: isoDate(leaf.valid_from),
    notAfter: isoDate(leaf.valid_to),
    serialNumber: leaf.serialNumber.toUpperCase(),
    fingerprintSha256: leaf.fingerprint256,
    chain: chainOf(leaf),
    trusted: authorized,
    hostnameMatches: checkServerIdentity(hostname, leaf as PeerCertificate) === undefined,
    verificationError: authorized ? null : describeVerifyError(authorizationError ?? 'CERT_UNTRUSTED'),
  };
}
