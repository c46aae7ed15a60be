import { Migration } from '@mikro-orm/migrations';

export class Migration20261125211929 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "workspace_check_counts" ("workspace_id" int not null, "paused" boolean not null, "state" text check ("state" in ('pending', 'up', 'down', 'unknown')) not null, "checks" int not null, constraint "workspace_check_counts_pkey" primary key ("workspace_id", "paused", "state"));`);

    // Counts per (workspace, paused, state), kept by statement triggers: one upsert per statement,
    // in key order so that concurrent statements lock the counter rows in the same order. An
    // update touches the counts only when a check's workspace, paused or state changed (the run
    // writer's last_run_at updates do not).
    this.addSql(`create function "workspace_check_counts_apply"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into workspace_check_counts (workspace_id, paused, state, checks)
      select workspace_id, paused, state, count(*) from new_checks group by 1, 2, 3 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks;
  elsif tg_op = 'DELETE' then
    insert into workspace_check_counts (workspace_id, paused, state, checks)
      select workspace_id, paused, state, -count(*) from old_checks group by 1, 2, 3 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks;
    delete from workspace_check_counts where checks = 0 and workspace_id in (select workspace_id from old_checks);
  else
    insert into workspace_check_counts (workspace_id, paused, state, checks)
      select workspace_id, paused, state, sum(delta) from (
        select n.workspace_id, n.paused, n.state, 1 as delta from new_checks n join old_checks o on o.id = n.id
          where (o.workspace_id, o.paused, o.state) is distinct from (n.workspace_id, n.paused, n.state)
        union all
        select o.workspace_id, o.paused, o.state, -1 from new_checks n join old_checks o on o.id = n.id
          where (o.workspace_id, o.paused, o.state) is distinct from (n.workspace_id, n.paused, n.state)
      ) changes group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3
      on conflict (workspace_id, paused, state) do update set checks = workspace_check_counts.checks + excluded.checks;
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "uptime_checks_count_insert" after insert on "uptime_checks" referencing new table as new_checks for each statement execute function "workspace_check_counts_apply"();`);
    this.addSql(`create trigger "uptime_checks_count_update" after update on "uptime_checks" referencing old table as old_checks new table as new_checks for each statement execute function "workspace_check_counts_apply"();`);
    this.addSql(`create trigger "uptime_checks_count_delete" after delete on "uptime_checks" referencing old table as old_checks for each statement execute function "workspace_check_counts_apply"();`);
    this.addSql(`insert into "workspace_check_counts" ("workspace_id", "paused", "state", "checks") select "workspace_id", "paused", "state", count(*) from "uptime_checks" group by 1, 2, 3;`);

    this.addSql(`create index "uptime_checks_workspace_id_paused_name_id_index" on "uptime_checks" ("workspace_id", "paused", "name", "id");`);
    this.addSql(`create index "uptime_checks_workspace_id_name_id_index" on "uptime_checks" ("workspace_id", "name", "id");`);
    this.addSql(`create index "uptime_checks_workspace_id_paused_state_name_id_index" on "uptime_checks" ("workspace_id", "paused", "state", "name", "id");`);

    this.addSql(`create index "incidents_workspace_id_severity_opened_at_id_index" on "incidents" ("workspace_id", "severity", "opened_at", "id");`);
    this.addSql(`create index "incidents_workspace_id_opened_at_id_index" on "incidents" ("workspace_id", "opened_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "uptime_checks_count_insert" on "uptime_checks";`);
    this.addSql(`drop trigger "uptime_checks_count_update" on "uptime_checks";`);
    this.addSql(`drop trigger "uptime_checks_count_delete" on "uptime_checks";`);
    this.addSql(`drop function "workspace_check_counts_apply"();`);
    this.addSql(`drop table if exists "workspace_check_counts" cascade;`);

    this.addSql(`drop index "incidents_workspace_id_severity_opened_at_id_index";`);
    this.addSql(`drop index "incidents_workspace_id_opened_at_id_index";`);

    this.addSql(`drop index "uptime_checks_workspace_id_paused_name_id_index";`);
    this.addSql(`drop index "uptime_checks_workspace_id_name_id_index";`);
    this.addSql(`drop index "uptime_checks_workspace_id_paused_state_name_id_index";`);
  }

}
