import { Collection, Entity, Enum, Index, ManyToMany, ManyToOne, PrimaryKey, Property, Unique, type Rel, type Opt } from '@mikro-orm/core';
import { MANAGED_BY, type ManagedBy } from './managed-by.js';
import { NotificationGroup } from './notification-group.js';
import { Workspace } from './workspace.js';

/** A hostname whose TLS certificate is watched. Separate from uptime checks. */
@Entity({ tableName: 'domains' })
@Unique({ properties: ['workspace', 'name'] })
@Index({ properties: ['workspace', 'active'] })
export class Domain {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Rel<Workspace>;

  /** Lower-case hostname. */
  @Property({ type: 'string', length: 253 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'boolean' })
  active: Opt<boolean> = true;

  @ManyToMany(() => NotificationGroup, undefined, { pivotTable: 'domain_notification_groups' })
  notificationGroups = new Collection<NotificationGroup>(this);

  /** The certificate seen last; its `notAfter` is copied here for the expiring filter. */
  @ManyToOne(() => CertificateSnapshot, { nullable: true, deleteRule: 'set null' })
  currentCertificate: Rel<CertificateSnapshot> | null = null;

  @Property({ type: 'Date', nullable: true })
  @Index()
  certificateNotAfter: Date | null = null;

  @Property({ type: 'Date', nullable: true })
  lastCheckedAt: Date | null = null;

  /** Why the last check could not read a certificate; null when it could. */
  @Property({ type: 'text', nullable: true })
  lastCheckError: string | null = null;

  /** When the scheduled certificate check is next due; an engine replica claims a check by moving it on. Null: due now. */
  @Property({ type: 'Date', nullable: true })
  @Index()
  nextCheckAt: Date | null = null;

  @Enum({ items: () => MANAGED_BY, type: 'string' })
  managedBy: Opt<ManagedBy> = 'api';

  @Property({ type: 'string', length: 400, nullable: true })
  kubernetesRef: string | null = null;

  /** uid of that custom resource: what identifies it across a delete and re-create with the same name. */
  @Property({ type: 'string', length: 36, nullable: true, unique: true })
  kubernetesUid: string | null = null;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

/** A certificate as observed on a domain; a new row each time the fingerprint changes. */
@Entity({ tableName: 'certificate_snapshots' })
@Index({ properties: ['domain', 'firstSeenAt'] })
export class CertificateSnapshot {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Domain, { deleteRule: 'cascade' })
  domain!: Rel<Domain>;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  issuer!: string;

  @Property({ type: 'json' })
  subjectAltNames!: string[];

  @Property({ type: 'Date' })
  notBefore!: Date;

  @Property({ type: 'Date' })
  notAfter!: Date;

  @Property({ type: 'string', length: 128 })
  serialNumber!: string;

  @Property({ type: 'string', length: 95 })
  fingerprintSha256!: string;

  @Property({ type: 'json' })
  chain!: Array<{ subject: string; issuer: string; notAfter: string; fingerprintSha256: string }>;

  @Property({ type: 'boolean' })
  trusted!: boolean;

  @Property({ type: 'boolean' })
  hostnameMatches!: boolean;

  @Property({ type: 'text', nullable: true })
  verificationError: string | null = null;

  @Property({ type: 'Date' })
  firstSeenAt!: Date;

  @Property({ type: 'Date' })
  lastSeenAt!: Date;
}

/** One row per certificate and milestone already announced: `expiring_soon` goes out once each. */
@Entity({ tableName: 'expiry_notices' })
@Unique({ properties: ['domain', 'fingerprintSha256', 'milestoneDays'] })
export class ExpiryNotice {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Domain, { deleteRule: 'cascade' })
  domain!: Rel<Domain>;

  @Property({ type: 'string', length: 95 })
  fingerprintSha256!: string;

  @Property({ type: 'integer' })
  milestoneDays!: number;

  @Property({ type: 'Date' })
  sentAt: Opt<Date> = new Date();
}
