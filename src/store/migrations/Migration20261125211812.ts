import { Migration } from '@mikro-orm/migrations';

export class Migration20261125211812 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "outbox_events" drop constraint if exists "outbox_events_event_type_check";`);

    this.addSql(`alter table "outbox_events" add constraint "outbox_events_event_type_check" check("event_type" in ('uptime.check.failed', 'uptime.check.recovered', 'domain.ssl.expiring_soon', 'domain.ssl.certificate_changed', 'notification.test'));`);

    this.addSql(`alter table "outbox_deliveries" add column "retried_at" timestamptz null;`);
    this.addSql(`create index "outbox_deliveries_group_id_index" on "outbox_deliveries" ("group_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "outbox_events" drop constraint if exists "outbox_events_event_type_check";`);

    this.addSql(`drop index "outbox_deliveries_group_id_index";`);
    this.addSql(`alter table "outbox_deliveries" drop column "retried_at";`);

    this.addSql(`alter table "outbox_events" add constraint "outbox_events_event_type_check" check("event_type" in ('uptime.check.failed', 'uptime.check.recovered', 'domain.ssl.expiring_soon', 'domain.ssl.certificate_changed'));`);
  }

}
