import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, type Rel, type Opt } from '@mikro-orm/core';
import { Workspace } from './workspace.js';

@Entity({ tableName: 'notification_groups' })
@Unique({ properties: ['workspace', 'name'] })
export class NotificationGroup {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  @Index()
  workspace!: Rel<Workspace>;

  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'json' })
  emailAddresses: Opt<string[]> = [];

  @Property({ type: 'json' })
  phoneNumbers: Opt<string[]> = [];

  @Property({ type: 'string', length: 2048, nullable: true })
  webhookUrl: string | null = null;

  /** HMAC-SHA256 key for the webhook signature header; generated, shown to admins only. */
  @Property({ type: 'string', length: 128, hidden: true })
  webhookSecret!: string;

  @Property({ type: 'string', length: 2048, nullable: true })
  chatIncomingWebhookUrl: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true, hidden: true })
  messengerBotToken: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  messengerChatId: string | null = null;

  @Property({ type: 'boolean' })
  pushEnabled: Opt<boolean> = false;

  @Property({ type: 'boolean' })
  trigger30Days: Opt<boolean> = true;

  @Property({ type: 'boolean' })
  trigger14Days: Opt<boolean> = true;

  @Property({ type: 'boolean' })
  trigger7Days: Opt<boolean> = true;

  @Property({ type: 'boolean' })
  trigger3Days: Opt<boolean> = true;

  @Property({ type: 'boolean' })
  trigger1Day: Opt<boolean> = true;

  @Property({ type: 'Date' })
  createdAt: Opt<Date> = new Date();

  @Property({ type: 'Date', onUpdate: () => new Date() })
  updatedAt: Opt<Date> = new Date();
}
