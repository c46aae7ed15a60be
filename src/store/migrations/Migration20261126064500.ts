import { Migration } from '@mikro-orm/migrations';

/** The page-wide throttle of status page confirmation mails (src/status-pages/subscriptions/page-confirmation-window.ts). */
export class Migration20261126064500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "status_page_confirmation_windows" ("page_id" int not null, "window_start" timestamptz not null, "mails" int not null, constraint "status_page_confirmation_windows_pkey" primary key ("page_id"));`,
    );
    this.addSql(
      `alter table "status_page_confirmation_windows" add constraint "status_page_confirmation_windows_page_id_foreign" foreign key ("page_id") references "status_pages" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "status_page_confirmation_windows" cascade;`);
  }
}
