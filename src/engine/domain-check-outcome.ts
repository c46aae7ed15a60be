import { Type, type Static } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** The certificate a check read, as the API shows it after check-now. */
export const CheckedCertificate = Type.Object({
  /** The certificate history row holding it; null when the answer was older than the one recorded and so not stored. */
  snapshotId: Type.Union([Type.Integer(), Type.Null()]),
  subject: Type.String(),
  issuer: Type.String(),
  subjectAltNames: Type.Array(Type.String()),
  /** ISO 8601 UTC. */
  notBefore: Type.String(),
  notAfter: Type.String(),
  serialNumber: Type.String(),
  fingerprintSha256: Type.String(),
  daysUntilExpiry: Type.Integer(),
  trusted: Type.Boolean(),
  hostnameMatches: Type.Boolean(),
  verificationError: Nullable(Type.String()),
});
export type CheckedCertificate = Static<typeof CheckedCertificate>;

/**
 * What one certificate check of a domain found.
 * - `checked`: a certificate was read and recorded.
 * - `failed`: the probe answered but could not read a certificate (refused, timeout, no TLS); `error` says why.
 * - `no_answer`: no probe agent answered in time; only the error was recorded.
 */
export const DomainCheckOutcome = Type.Object({
  domainId: Type.Integer(),
  status: Type.Union([Type.Literal('checked'), Type.Literal('failed'), Type.Literal('no_answer')]),
  /** ISO 8601 UTC instant the probe finished; null without an answer. */
  checkedAt: Nullable(Type.String()),
  error: Nullable(Type.String()),
  certificate: Type.Union([CheckedCertificate, Type.Null()]),
  /** The domain now serves another certificate than at its previous check (a change notice went out). */
  certificateChanged: Type.Boolean(),
  /** Expiry milestones (days) announced by this check. */
  expiryNoticesSent: Type.Array(Type.Integer()),
});
export type DomainCheckOutcome = Static<typeof DomainCheckOutcome>;

/** Broadcast after a result is recorded, so that whoever asked for the check learns its outcome (null: the domain was deleted). */
export const DomainCheckedMessage = Type.Object({ requestId: Type.String(), outcome: Type.Union([DomainCheckOutcome, Type.Null()]) });
export type DomainCheckedMessage = Static<typeof DomainCheckedMessage>;

/** Check-now asked for a domain that does not exist (or was deleted before its result was recorded). */
export class DomainNotFound extends Error {}
