import { Collection, Entity, Enum, Formula, Index, ManyToMany, ManyToOne, PrimaryKey, Property, Unique, type Rel, type Opt } from '@mikro-orm/core';
import { MANAGED_BY, type ManagedBy } from './managed-by.js';
import { NotificationGroup } from './notification-group.js';
import { User } from './user.js';
import { Workspace } from './workspace.js';

export const CHECK_TYPES = ['http', 'ping', 'dns', 'tcp'] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

/** The check's current state as shown in `status.label`; `pending` until its first run. */
export const CHECK_STATES = ['pending', 'up', 'down', 'unknown'] as const;
export type CheckState = (typeof CHECK_STATES)[number];

@Entity({ tableName: 'uptime_checks' })
@Unique({ properties: ['workspace', 'name'] })
@Index({ properties: ['workspace', 'state'] })
@Index({ properties: ['workspace', 'paused'] })
// The list's status filters and its order (name, id): one index range per page.
@Index({ properties: ['workspace', 'paused', 'state', 'name', 'id'] })
@Index({ properties: ['workspace', 'paused', 'name', 'id'] })
@Index({ properties: ['workspace', 'name', 'id'] })
// Substring search (`ilike '%…%'`) on names and host names: trigram indexes (pg_trgm).
@Index({
  name: 'uptime_checks_name_trgm_index',
  expression: 'create index "uptime_checks_name_trgm_index" on "uptime_checks" using gin ("name" gin_trgm_ops) with (fastupdate = off)',
})
@Index({
  name: 'uptime_checks_hostname_trgm_index',
  expression: 'create index "uptime_checks_hostname_trgm_index" on "uptime_checks" using gin ("hostname" gin_trgm_ops) with (fastupdate = off)',
})
export class UptimeCheck {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Rel<Workspace>;

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Enum({ items: () => CHECK_TYPES, type: 'string' })
  checkType!: CheckType;

  @Property({ type: 'string', length: 300 })
  hostname!: string;

  @Property({ type: 'string', length: 5, nullable: true })
  protocol: 'http' | 'https' | null = null;

  @Property({ type: 'string', length: 2048, nullable: true })
  path: string | null = null;

  @Property({ type: 'integer' })
  checkFrequency!: number;

  @Property({ type: 'string', length: 10, nullable: true })
  requestMethod: string | null = null;

  /** Milliseconds. */
  @Property({ type: 'integer' })
  responseTimeout!: number;

  @Property({ type: 'json' })
  triggerLocations!: string[];

  @Property({ type: 'integer' })
  minFailingLocations!: number;

  @Property({ type: 'json' })
  responseClasses: Opt<string[]> = [];

  @Property({ type: 'boolean' })
  flagFollowRedirect: Opt<boolean> = false;

  @ManyToMany(() => NotificationGroup, undefined, { pivotTable: 'uptime_check_notification_groups' })
  notificationGroups = new Collection<NotificationGroup>(this);

  @Property({ type: 'string', length: 5, nullable: true })
  dnsRecordType: string | null = null;

  @Property({ type: 'json', nullable: true })
  dnsExpectedValues: string[] | null = null;

  @Property({ type: 'integer', nullable: true })
  port: number | null = null;

  @Property({ type: 'string', length: 12, nullable: true })
  bannerMatchOperator: 'none' | 'contains' | 'not_contains' | null = null;

  @Property({ type: 'string', length: 600, nullable: true })
  bannerMatchValue: string | null = null;

  @Property({ type: 'boolean' })
  paused: Opt<boolean> = false;

  @Enum({ items: () => CHECK_STATES, type: 'string' })
  state: Opt<CheckState> = 'pending';

  /** From uptime_check_last_runs (see uptime-check-last-run.ts); loaded only when populated. */
  @Formula((table) => `(select lr.last_run_at from uptime_check_last_runs lr where lr.check_id = ${table.alias}.id)`, { type: 'Date', lazy: true })
  lastRunAt: Opt<Date> | null = null;

  @Enum({ items: () => MANAGED_BY, type: 'string' })
  managedBy: Opt<ManagedBy> = 'api';

  /** `namespace/name` of the custom resource mirroring this check, when there is one. */
  @Property({ type: 'string', length: 400, nullable: true })
  kubernetesRef: string | null = null;

  /** uid of that custom resource: what identifies it across a delete and re-create with the same name. */
  @Property({ type: 'string', length: 36, nullable: true, unique: true })
  kubernetesUid: string | null = null;

  /** Raised on every configuration change; the engine applies a change on the next cycle. */
  @Property({ type: 'integer', version: true })
  version: Opt<number> = 1;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}

/** Favorite is per user: one row per (user, check) marked as favorite. */
@Entity({ tableName: 'uptime_check_favorites' })
@Unique({ properties: ['user', 'check'] })
// The list's favourite filters: whether a check is one of the user's favourites in the workspace.
@Index({ properties: ['user', 'workspace', 'check'] })
// The favourites alone, as a page: a user's favourites in the workspace in the list's order.
@Index({ name: 'uptime_check_favorites_name_order_index', properties: ['user', 'workspace', 'checkName', 'check'] })
export class UptimeCheckFavorite {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  /** The check's workspace (a check never moves), so that favourites are found per workspace without reading the checks. */
  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Rel<Workspace>;

  @ManyToOne(() => UptimeCheck, { deleteRule: 'cascade' })
  @Index()
  check!: Rel<UptimeCheck>;

  /**
   * The check's name, written by triggers (Migration20261129140000) when the favourite is made and
   * when the check is renamed, whatever this entity holds: the favourites' page walks them in name
   * order. Its default only lets a favourite be made without it.
   */
  @Property({ type: 'string', length: 200, default: '' })
  checkName!: Opt<string>;
}
