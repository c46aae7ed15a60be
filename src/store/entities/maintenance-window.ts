import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, type Rel, type Opt } from '@mikro-orm/core';
import { MANAGED_BY, type ManagedBy } from './managed-by.js';
import { UptimeCheck } from './uptime-check.js';
import { Workspace } from './workspace.js';

export const MAINTENANCE_SCOPES = ['workspace', 'uptime_check'] as const;
export type MaintenanceScope = (typeof MAINTENANCE_SCOPES)[number];

/** A one-time range during which incidents and notifications are suppressed. */
@Entity({ tableName: 'maintenance_windows' })
@Index({ properties: ['workspace', 'startsAt', 'endsAt'] })
export class MaintenanceWindow {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Rel<Workspace>;

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Enum({ items: () => MAINTENANCE_SCOPES, type: 'string' })
  scope!: MaintenanceScope;

  /** The check covered when `scope` is `uptime_check`. */
  @ManyToOne(() => UptimeCheck, { nullable: true, deleteRule: 'cascade' })
  check: Rel<UptimeCheck> | null = null;

  @Property({ type: 'Date' })
  startsAt!: Date;

  @Property({ type: 'Date' })
  endsAt!: Date;

  @Property({ type: 'boolean' })
  enabled: Opt<boolean> = true;

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
