import { Migration } from '@mikro-orm/migrations';

/**
 * Status page subscriptions (issue 23): subscribers (e-mail with double opt-in, webhooks), their
 * links' tokens stored hashed, which maintenance starts were told, and the subscriber events and
 * their notice in the outbox.
 */
export class Migration20261126030000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "status_page_subscribers" ("id" serial primary key, "page_id" int not null, "kind" text check ("kind" in ('email', 'webhook')) not null, "address" varchar(2048) not null, "secret" varchar(64) null, "confirmed_at" timestamptz null, "confirmation_window_start" timestamptz null, "confirmation_mails" int not null default 0, "created_at" timestamptz not null);`);
    this.addSql(`create index "status_page_subscribers_page_id_index" on "status_page_subscribers" ("page_id");`);
    this.addSql(`alter table "status_page_subscribers" add constraint "status_page_subscribers_page_id_kind_address_unique" unique ("page_id", "kind", "address");`);

    this.addSql(`create table "status_page_subscriber_tokens" ("token_hash" varchar(64) not null, "subscriber_id" int not null, "purpose" text check ("purpose" in ('confirm', 'unsubscribe')) not null, "created_at" timestamptz not null, constraint "status_page_subscriber_tokens_pkey" primary key ("token_hash"));`);
    this.addSql(`create index "status_page_subscriber_tokens_subscriber_id_index" on "status_page_subscriber_tokens" ("subscriber_id");`);

    this.addSql(`alter table "status_page_subscribers" add constraint "status_page_subscribers_page_id_foreign" foreign key ("page_id") references "status_pages" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "status_page_subscriber_tokens" add constraint "status_page_subscriber_tokens_subscriber_id_foreign" foreign key ("subscriber_id") references "status_page_subscribers" ("id") on update cascade on delete cascade;`);

    this.addSql(`create table "status_page_maintenance_starts" ("window_id" int not null, "starts_at" timestamptz not null, "announced_at" timestamptz not null, constraint "status_page_maintenance_starts_pkey" primary key ("window_id", "starts_at"));`);
    this.addSql(`alter table "status_page_maintenance_starts" add constraint "status_page_maintenance_starts_window_id_foreign" foreign key ("window_id") references "maintenance_windows" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "outbox_events" drop constraint if exists "outbox_events_event_type_check";`);

    this.addSql(`alter table "outbox_events" add column "notice" jsonb null;`);
    this.addSql(`alter table "outbox_events" add constraint "outbox_events_event_type_check" check("event_type" in ('uptime.check.failed', 'uptime.check.recovered', 'domain.ssl.expiring_soon', 'domain.ssl.certificate_changed', 'notification.test', 'status_page.subscription.requested', 'status_page.incident.opened', 'status_page.incident.updated', 'status_page.incident.resolved', 'status_page.maintenance.scheduled', 'status_page.maintenance.started'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "status_page_maintenance_starts" cascade;`);

    this.addSql(`alter table "status_page_subscriber_tokens" drop constraint "status_page_subscriber_tokens_subscriber_id_foreign";`);

    this.addSql(`drop table if exists "status_page_subscribers" cascade;`);

    this.addSql(`drop table if exists "status_page_subscriber_tokens" cascade;`);

    this.addSql(`alter table "outbox_events" drop constraint if exists "outbox_events_event_type_check";`);

    this.addSql(`alter table "outbox_events" drop column "notice";`);

    this.addSql(`alter table "outbox_events" add constraint "outbox_events_event_type_check" check("event_type" in ('uptime.check.failed', 'uptime.check.recovered', 'domain.ssl.expiring_soon', 'domain.ssl.certificate_changed', 'notification.test'));`);
  }

}
