import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CertificateInfo, ProbeResultMessage } from '../bus/messages.js';
import { certificateChange, sameCertificate } from '../domain/certificate-change.js';
import { daysUntilExpiry, decideExpiryNotices, enabledMilestones, formatNotAfter } from '../domain/expiry-milestones.js';
import { enqueueEvent } from '../notify/enqueue.js';
import type { CertificateIdentity, EventResource } from '../notify/event.js';
import { CertificateSnapshot, Domain, ExpiryNotice } from '../store/entities/domain.js';
import type { Store } from '../store/orm.js';
import type { CheckedCertificate, DomainCheckOutcome } from './domain-check-outcome.js';

export interface DomainResultWriterOptions {
  /** Whether `expiring_soon` is also published on the client's AMQP exchange (AMQP_URL is set). */
  amqp: boolean;
}

/**
 * Records one TLS probe result of a domain in one transaction: certificate history, the domain's
 * certificate metadata, `expiring_soon` notices and the certificate change notice. The domain's
 * row is locked first, so two replicas (or a redelivered result) recording the same domain
 * serialise, and the second sees what the first wrote: the same certificate is then no change,
 * and a milestone already in `expiry_notices` is not sent again. The domain's own columns are
 * written by a plain update: a check is not an edit, so `updated_at` keeps the last edit's time.
 */
export class DomainResultWriter {
  constructor(
    private readonly store: Store,
    private readonly options: DomainResultWriterOptions,
  ) {}

  /** The outcome of the check; null when the domain no longer exists. */
  record(message: ProbeResultMessage): Promise<DomainCheckOutcome | null> {
    return this.store.em.fork().transactional((tx) => this.recordIn(tx as EntityManager, message));
  }

  private async recordIn(tx: EntityManager, message: ProbeResultMessage): Promise<DomainCheckOutcome | null> {
    const domain = await tx.findOne(Domain, message.subjectId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!domain) return null;
    const finishedAt = new Date(message.finishedAt);
    const { result } = message;
    // An answer older than the last recorded one (two checks crossed on the bus) must not roll the history back.
    const stale = domain.lastCheckedAt !== null && finishedAt < domain.lastCheckedAt;
    if (result.state !== 'up' || !result.certificate) {
      const error = failureReason(message);
      if (!stale) await tx.nativeUpdate(Domain, { id: domain.id }, { lastCheckedAt: finishedAt, lastCheckError: error });
      return { ...emptyOutcome(domain.id), status: 'failed', checkedAt: message.finishedAt, error };
    }
    const observed = result.certificate;
    if (stale) return { ...emptyOutcome(domain.id), status: 'checked', checkedAt: message.finishedAt, certificate: checkedCertificate(observed, null, finishedAt) };

    await tx.populate(domain, ['currentCertificate', 'notificationGroups', 'workspace.client']);
    const previous = domain.currentCertificate;
    const snapshot = previous && sameCertificate(previous, observed) ? refresh(previous, observed, finishedAt) : tx.create(CertificateSnapshot, snapshotOf(domain, observed, finishedAt));
    const changed = certificateChange(previous, observed);

    const groups = domain.notificationGroups.getItems();
    const resource: EventResource = { type: 'domain', id: domain.id, name: domain.name };
    const event = { client: domain.workspace.client, workspace: domain.workspace, occurredAt: finishedAt, resource };
    const sent = await tx.find(ExpiryNotice, { domain, fingerprintSha256: observed.fingerprintSha256 });
    const expiry = decideExpiryNotices({
      notAfter: snapshot.notAfter,
      now: finishedAt,
      groups: groups.map((group) => ({ id: group.id, milestones: enabledMilestones(group) })),
      alreadySent: sent.map((notice) => notice.milestoneDays),
    });
    for (const notice of expiry.notices) {
      tx.create(ExpiryNotice, { domain, fingerprintSha256: observed.fingerprintSha256, milestoneDays: notice.milestone, sentAt: finishedAt });
      const recipients = groups.filter((group) => notice.groupIds.includes(group.id));
      enqueueEvent(
        tx,
        { ...event, eventType: 'domain.ssl.expiring_soon', ssl: { days_until_expiry: expiry.daysUntilExpiry, not_after: formatNotAfter(snapshot.notAfter) } },
        recipients,
        { amqp: this.options.amqp },
      );
    }
    if (previous && changed.length > 0 && groups.length > 0) {
      enqueueEvent(
        tx,
        { ...event, eventType: 'domain.ssl.certificate_changed', certificate: { changed, previous: identityOf(previous), current: identityOf(snapshot) } },
        groups,
        { amqp: this.options.amqp },
      );
    }
    await tx.flush();
    await tx.nativeUpdate(
      Domain,
      { id: domain.id },
      { currentCertificate: snapshot.id, certificateNotAfter: snapshot.notAfter, lastCheckedAt: finishedAt, lastCheckError: null },
    );
    return {
      domainId: domain.id,
      status: 'checked',
      checkedAt: message.finishedAt,
      error: null,
      certificate: checkedCertificate(observed, snapshot.id, finishedAt),
      certificateChanged: changed.length > 0,
      expiryNoticesSent: expiry.notices.map((notice) => notice.milestone),
    };
  }
}

const emptyOutcome = (domainId: number): DomainCheckOutcome => ({
  domainId,
  status: 'checked',
  checkedAt: null,
  error: null,
  certificate: null,
  certificateChanged: false,
  expiryNoticesSent: [],
});

function failureReason(message: ProbeResultMessage): string {
  const { result } = message;
  if (result.state === 'unsupported') return `the probe agent at ${message.location} cannot run TLS probes`;
  if (result.state === 'up') return 'the server sent no certificate';
  if (result.state === 'dropped') return `the probe agent at ${message.location} could not run the check in time: ${result.reason ?? 'dropped'}`;
  return result.reason ?? 'the TLS handshake failed';
}

function snapshotOf(domain: Domain, info: CertificateInfo, seenAt: Date) {
  return {
    domain,
    subject: info.subject,
    issuer: info.issuer,
    subjectAltNames: info.subjectAltNames,
    notBefore: new Date(info.notBefore),
    notAfter: new Date(info.notAfter),
    serialNumber: info.serialNumber,
    fingerprintSha256: info.fingerprintSha256,
    chain: info.chain,
    trusted: info.trusted,
    hostnameMatches: info.hostnameMatches,
    verificationError: info.verificationError,
    firstSeenAt: seenAt,
    lastSeenAt: seenAt,
  };
}

/** The same certificate seen again: its verdicts may differ (a renewed intermediate, an updated trust store). */
function refresh(snapshot: CertificateSnapshot, info: CertificateInfo, seenAt: Date): CertificateSnapshot {
  snapshot.lastSeenAt = seenAt > snapshot.lastSeenAt ? seenAt : snapshot.lastSeenAt;
  snapshot.chain = info.chain;
  snapshot.trusted = info.trusted;
  snapshot.hostnameMatches = info.hostnameMatches;
  snapshot.verificationError = info.verificationError;
  return snapshot;
}

const identityOf = (snapshot: CertificateSnapshot): CertificateIdentity => ({
  fingerprint_sha256: snapshot.fingerprintSha256,
  serial_number: snapshot.serialNumber,
  issuer: snapshot.issuer,
  not_after: snapshot.notAfter.toISOString(),
});

function checkedCertificate(info: CertificateInfo, snapshotId: number | null, at: Date): CheckedCertificate {
  return {
    snapshotId,
    subject: info.subject,
    issuer: info.issuer,
    subjectAltNames: info.subjectAltNames,
    notBefore: info.notBefore,
    notAfter: info.notAfter,
    serialNumber: info.serialNumber,
    fingerprintSha256: info.fingerprintSha256,
    daysUntilExpiry: daysUntilExpiry(new Date(info.notAfter), at),
    trusted: info.trusted,
    hostnameMatches: info.hostnameMatches,
    verificationError: info.verificationError,
  };
}
