import { Entity, Enum, Index, ManyToOne, PrimaryKey, Property, type Rel, type Opt } from '@mikro-orm/core';
import { PUBLIC_INCIDENT_STATES, type PublicIncidentState } from '../../status-pages/status-page-view.js';
import { Incident } from './incident.js';
import { User } from './user.js';

/** What the public is told about an incident on status pages; private notes stay in incident_notes. */
@Entity({ tableName: 'incident_public_updates' })
@Index({ properties: ['incident', 'createdAt'] })
export class IncidentPublicUpdate {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Incident, { deleteRule: 'cascade' })
  incident!: Rel<Incident>;

  @Enum({ items: () => PUBLIC_INCIDENT_STATES, type: 'string' })
  state!: PublicIncidentState;

  @Property({ type: 'text' })
  body!: string;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  author: Rel<User> | null = null;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();
}
