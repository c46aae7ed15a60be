/** What identifies a certificate a domain served. */
export interface CertificateIdentityFields {
  fingerprintSha256: string;
  serialNumber: string;
}

export type ChangedIdentifier = 'fingerprint' | 'serial';

/** Fingerprints arrive as `AB:CD:…`; compare them whatever the case and separators. */
const normalFingerprint = (value: string): string => value.replace(/[\s:]/g, '').toUpperCase();

/** Serials are hex; leading zeros and colons depend on who printed them, not on the certificate. */
const normalSerial = (value: string): string => value.replace(/[\s:]/g, '').toUpperCase().replace(/^0+(?=.)/, '');

/**
 * Which identifiers differ between the certificate seen before and the one seen now; an empty
 * list when it is the same certificate. The first sighting (no previous certificate) is not a
 * change: nothing was replaced.
 */
export function certificateChange(previous: CertificateIdentityFields | null, current: CertificateIdentityFields): ChangedIdentifier[] {
  if (!previous) return [];
  const changed: ChangedIdentifier[] = [];
  if (normalFingerprint(previous.fingerprintSha256) !== normalFingerprint(current.fingerprintSha256)) changed.push('fingerprint');
  if (normalSerial(previous.serialNumber) !== normalSerial(current.serialNumber)) changed.push('serial');
  return changed;
}

/** Whether two observations are the same certificate (the same fingerprint): the history keeps one row for it. */
export const sameCertificate = (a: CertificateIdentityFields, b: CertificateIdentityFields): boolean =>
  normalFingerprint(a.fingerprintSha256) === normalFingerprint(b.fingerprintSha256);
