import { daysUntilExpiry } from '../../domain/domain-name.js';
import type { CertificateSnapshot, Domain } from '../../store/entities/domain.js';

export interface CertificateView {
  subject: string;
  issuer: string;
  subject_alt_names: string[];
  not_before: string;
  not_after: string;
  serial_number: string;
  fingerprint_sha256: string;
  /** Whole days until not_after at the time of the request; negative once expired. */
  days_until_expiry: number;
  /** The chain verified against the trusted roots. */
  trusted: boolean;
  /** The certificate names the domain. */
  hostname_matches: boolean;
  /** Why it is not trusted; null when it is. */
  verification_error: string | null;
}

export interface CertificateHistoryEntry extends CertificateView {
  id: number;
  /** The chain from the leaf up, as the server sent it. */
  chain: Array<{ subject: string; issuer: string; not_after: string; fingerprint_sha256: string }>;
  first_seen_at: string;
  last_seen_at: string;
}

export interface DomainView {
  id: number;
  workspace_id: number;
  /** Lower-case host name (ASCII form for international names). */
  name: string;
  description: string | null;
  /** Monitoring on or off (toggle). */
  active: boolean;
  notification_group_ids: number[];
  /** not_after of the current certificate; null until one was read. */
  certificate_not_after: string | null;
  days_until_expiry: number | null;
  last_checked_at: string | null;
  /** Why the last check could not read a certificate; null when it could. */
  last_check_error: string | null;
  managed_by: 'api' | 'kubernetes';
  created_at: string;
  updated_at: string;
}

export interface DomainDetail extends DomainView {
  /** False when a Kubernetes manifest owns the domain: change it there. */
  can_mutate: boolean;
  kubernetes_ref: string | null;
  groups: Array<{ id: number; name: string }>;
  /** The certificate seen last; null until one was read. */
  certificate: CertificateView | null;
}

export const certificateView = (snapshot: CertificateSnapshot, now: Date): CertificateView => ({
  subject: snapshot.subject,
  issuer: snapshot.issuer,
  subject_alt_names: snapshot.subjectAltNames,
  not_before: snapshot.notBefore.toISOString(),
  not_after: snapshot.notAfter.toISOString(),
  serial_number: snapshot.serialNumber,
  fingerprint_sha256: snapshot.fingerprintSha256,
  days_until_expiry: daysUntilExpiry(snapshot.notAfter, now),
  trusted: snapshot.trusted,
  hostname_matches: snapshot.hostnameMatches,
  verification_error: snapshot.verificationError,
});

export const historyEntry = (snapshot: CertificateSnapshot, now: Date): CertificateHistoryEntry => ({
  id: snapshot.id,
  ...certificateView(snapshot, now),
  chain: snapshot.chain.map((link) => ({ subject: link.subject, issuer: link.issuer, not_after: link.notAfter, fingerprint_sha256: link.fingerprintSha256 })),
  first_seen_at: snapshot.firstSeenAt.toISOString(),
  last_seen_at: snapshot.lastSeenAt.toISOString(),
});

/** The domain's groups must be loaded. */
export const domainView = (domain: Domain, now: Date): DomainView => ({
  id: domain.id,
  workspace_id: domain.workspace.id,
  name: domain.name,
  description: domain.description,
  active: domain.active,
  notification_group_ids: domain.notificationGroups
    .getItems()
    .map((group) => group.id)
    .sort((a, b) => a - b),
  certificate_not_after: domain.certificateNotAfter?.toISOString() ?? null,
  days_until_expiry: domain.certificateNotAfter ? daysUntilExpiry(domain.certificateNotAfter, now) : null,
  last_checked_at: domain.lastCheckedAt?.toISOString() ?? null,
  last_check_error: domain.lastCheckError,
  managed_by: domain.managedBy,
  created_at: domain.createdAt.toISOString(),
  updated_at: domain.updatedAt.toISOString(),
});

/** Groups and the current certificate must be loaded. */
export const domainDetail = (domain: Domain, now: Date): DomainDetail => ({
  ...domainView(domain, now),
  can_mutate: domain.managedBy !== 'kubernetes',
  kubernetes_ref: domain.kubernetesRef,
  groups: domain.notificationGroups
    .getItems()
    .map((group) => ({ id: group.id, name: group.name }))
    .sort((a, b) => a.id - b.id),
  certificate: domain.currentCertificate ? certificateView(domain.currentCertificate, now) : null,
});
