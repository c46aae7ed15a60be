import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, type Rel, type Opt } from '@mikro-orm/core';
import { Client } from './client.js';
import { User } from './user.js';

@Entity({ tableName: 'workspaces' })
export class Workspace {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Client, { deleteRule: 'cascade' })
  @Index()
  client!: Rel<Client>;

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();
}

/** A non-administrator sees a workspace only when it is shared with them. */
@Entity({ tableName: 'workspace_shares' })
@Unique({ properties: ['workspace', 'user'] })
export class WorkspaceShare {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Rel<Workspace>;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  @Index()
  user!: Rel<User>;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();
}
