import { Collection, Entity, Enum, Index, ManyToOne, OneToMany, PrimaryKey, Property, type Rel, type Opt } from '@mikro-orm/core';
import { UptimeCheck } from './uptime-check.js';
import { User } from './user.js';
import { Workspace } from './workspace.js';

export const INCIDENT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const SEVERITIES = ['major', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

@Entity({ tableName: 'incidents' })
@Index({ properties: ['workspace', 'status', 'openedAt'] })
@Index({ properties: ['check', 'status'] })
// The incident list's order (opened_at desc, id desc), unfiltered and by severity.
@Index({ properties: ['workspace', 'openedAt', 'id'] })
@Index({ properties: ['workspace', 'severity', 'openedAt', 'id'] })
// The public status pages: a workspace's open incidents and those resolved lately.
@Index({ properties: ['workspace', 'resolvedAt'] })
// Search: the newest incidents of each check found (see src/api/search/search.ts).
@Index({ properties: ['check', 'openedAt', 'id'] })
export class Incident {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Rel<Workspace>;

  @ManyToOne(() => UptimeCheck, { deleteRule: 'cascade' })
  check!: Rel<UptimeCheck>;

  @Enum({ items: () => INCIDENT_STATUSES, type: 'string' })
  status: Opt<IncidentStatus> = 'open';

  @Enum({ items: () => SEVERITIES, type: 'string' })
  severity!: Severity;

  @Property({ type: 'json' })
  failedLocations!: string[];

  /** The cycle that opened the incident; unique so that a replayed result cannot open it twice. */
  @Property({ type: 'string', length: 64, unique: true })
  openedByCycle!: string;

  @Property({ type: 'Date' })
  openedAt!: Date;

  @Property({ type: 'Date', nullable: true })
  acknowledgedAt: Date | null = null;

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  acknowledgedBy: Rel<User> | null = null;

  @Property({ type: 'Date', nullable: true })
  resolvedAt: Date | null = null;

  /** Null with `resolvedAt` set: resolved by the system on recovery. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  resolvedBy: Rel<User> | null = null;

  @Property({ type: 'text', nullable: true })
  resolutionNotes: string | null = null;

  @OneToMany(() => IncidentNote, (note) => note.incident)
  notes = new Collection<IncidentNote>(this);
}

@Entity({ tableName: 'incident_notes' })
export class IncidentNote {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Incident, { deleteRule: 'cascade' })
  @Index()
  incident!: Rel<Incident>;

  /** Null for notes written by the system. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  author: Rel<User> | null = null;

  @Property({ type: 'text' })
  body!: string;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();
}
