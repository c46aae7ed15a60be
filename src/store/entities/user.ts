import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel, type Opt } from '@mikro-orm/core';
import { Client } from './client.js';

/** Permission flags of a user; every key is a boolean in `user.permissions`. */
export interface UserPermissions {
  manage_uptime_checks: boolean;
  manage_domains: boolean;
  manage_notification_groups: boolean;
  manage_maintenance_windows: boolean;
  manage_incidents: boolean;
  manage_status_pages: boolean;
  view_billing: boolean;
}

@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Client, { deleteRule: 'cascade' })
  @Index()
  client!: Rel<Client>;

  /** Stored lower-case; unique across the service because sign-in is by e-mail alone. */
  @Property({ type: 'string', length: 254, unique: true })
  email!: string;

  @Property({ type: 'string', length: 200, hidden: true })
  passwordHash!: string;

  @Property({ type: 'boolean' })
  isAdmin: Opt<boolean> = false;

  @Property({ type: 'json' })
  permissions!: UserPermissions;

  /** Raised on password change: anything derived from the old credentials stops being valid. */
  @Property({ type: 'integer' })
  credentialsVersion: Opt<number> = 1;

  @Property({ type: 'string', length: 500, nullable: true })
  profileImagePath: string | null = null;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();
}
