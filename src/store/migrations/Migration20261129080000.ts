import { Migration } from '@mikro-orm/migrations';

/**
 * The checks' last-run times move to a narrow table of their own (see
 * src/store/entities/uptime-check-last-run.ts), so that a run updates the check's row only when
 * its state changes. A fill factor below 100 leaves room on each page for the next version of a
 * row: a run's update then stays on its page and writes no index entry (a HOT update).
 */
export class Migration20261129080000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "uptime_check_last_runs" ("check_id" int not null, "last_run_at" timestamptz not null, constraint "uptime_check_last_runs_pkey" primary key ("check_id")) with (fillfactor = 80);`);
    this.addSql(`alter table "uptime_check_last_runs" add constraint "uptime_check_last_runs_check_id_foreign" foreign key ("check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);
    this.addSql(`insert into "uptime_check_last_runs" ("check_id", "last_run_at") select "id", "last_run_at" from "uptime_checks" where "last_run_at" is not null;`);
    this.addSql(`alter table "uptime_checks" drop column "last_run_at";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "uptime_checks" add column "last_run_at" timestamptz null;`);
    this.addSql(`update "uptime_checks" c set "last_run_at" = r."last_run_at" from "uptime_check_last_runs" r where r."check_id" = c."id";`);
    this.addSql(`drop table if exists "uptime_check_last_runs" cascade;`);
  }
}
