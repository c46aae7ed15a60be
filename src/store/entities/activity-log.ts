import { Entity, OptionalProps, Index, ManyToOne, PrimaryKey, Property, type Rel, type Opt } from '@mikro-orm/core';
import { Client } from './client.js';
import { User } from './user.js';

/** Every mutation made through the API: who, what, on which resource, when. */
@Entity({ tableName: 'activity_log' })
@Index({ properties: ['client', 'at'] })
export class ActivityLogEntry {
  /** JSON columns are not recognised as nullable by the type helpers; say it here. */
  [OptionalProps]?: 'details';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Client, { deleteRule: 'cascade' })
  client!: Rel<Client>;

  @Property({ type: 'integer', nullable: true })
  workspaceId: number | null = null;

  /** Null for actions of the system (engine, operator). */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  actor: Rel<User> | null = null;

  @Property({ type: 'string', length: 100 })
  action!: string;

  @Property({ type: 'string', length: 50 })
  resourceType!: string;

  @Property({ type: 'integer', nullable: true })
  resourceId: number | null = null;

  @Property({ type: 'json', nullable: true })
  details: Record<string, unknown> | null = null;

  /** Indexed for the retention worker, which deletes the oldest entries. */
  @Index()
  @Property({ type: 'Date' })
  at: Opt<Date> = new Date();
}
