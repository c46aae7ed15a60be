import { Collection, Entity, Enum, Index, ManyToOne, OneToMany, OneToOne, PrimaryKey, Property, type Rel, type Opt } from '@mikro-orm/core';
import { Domain } from './domain.js';
import { MANAGED_BY, type ManagedBy } from './managed-by.js';
import { UptimeCheck } from './uptime-check.js';
import { Workspace } from './workspace.js';

export interface StatusPageLink {
  label: string;
  url: string;
}

/** A public status page of a workspace: its slug is unique in the installation because public URLs use it. */
@Entity({ tableName: 'status_pages' })
export class StatusPage {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  @Index()
  workspace!: Rel<Workspace>;

  @Property({ type: 'string', length: 63, unique: true })
  slug!: string;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  description: Opt<string> = '';

  @Property({ type: 'boolean' })
  showHostNames: Opt<boolean> = false;

  /** Lower-cased host name the page is also served on; unique in the installation. */
  @Property({ type: 'string', length: 253, nullable: true, unique: true })
  customDomain: string | null = null;

  @Property({ type: 'string', length: 64 })
  timeZone: Opt<string> = 'UTC';

  @Property({ type: 'json' })
  links: Opt<StatusPageLink[]> = [];

  /** Origins allowed to frame the page; empty: none. */
  @Property({ type: 'json' })
  frameAncestors: Opt<string[]> = [];

  @Property({ type: 'boolean' })
  enabled: Opt<boolean> = true;

  @OneToMany(() => StatusPageComponent, (component) => component.page, { orderBy: { position: 'asc' } })
  components = new Collection<StatusPageComponent>(this);

  @Enum({ items: () => MANAGED_BY, type: 'string' })
  managedBy: Opt<ManagedBy> = 'api';

  @Property({ type: 'string', length: 400, nullable: true })
  kubernetesRef: string | null = null;

  @Property({ type: 'string', length: 36, nullable: true, unique: true })
  kubernetesUid: string | null = null;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();

  /** What the operator names a row by (an API-made page's resource is named after it). */
  get name(): Opt<string> {
    return this.slug;
  }
}

/** One check or one domain shown on a page, under its public name, in an optional named group. */
@Entity({ tableName: 'status_page_components' })
export class StatusPageComponent {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => StatusPage, { deleteRule: 'cascade' })
  @Index()
  page!: Rel<StatusPage>;

  @Property({ type: 'integer' })
  position!: number;

  @Property({ type: 'string', length: 200, nullable: true })
  groupName: string | null = null;

  @Property({ type: 'string', length: 200 })
  displayName!: string;

  @ManyToOne(() => UptimeCheck, { nullable: true, deleteRule: 'cascade' })
  @Index()
  check: Rel<UptimeCheck> | null = null;

  @ManyToOne(() => Domain, { nullable: true, deleteRule: 'cascade' })
  @Index()
  domain: Rel<Domain> | null = null;
}

/** The page's logo, apart from the page so that reading a page never reads the image. */
@Entity({ tableName: 'status_page_logos' })
export class StatusPageLogoImage {
  @OneToOne(() => StatusPage, { primary: true, owner: true, deleteRule: 'cascade' })
  page!: Rel<StatusPage>;

  @Property({ type: 'string', length: 20 })
  contentType!: string;

  @Property({ type: 'blob' })
  bytes!: Buffer;

  @Property({ type: 'Date' })
  updatedAt: Opt<Date> = new Date();
}
