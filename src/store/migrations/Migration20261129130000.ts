import { Migration } from '@mikro-orm/migrations';

/**
 * Each user's favourites per workspace, counted (src/store/entities/favorite-count.ts): kept by
 * statement triggers on uptime_check_favorites, one upsert per statement in key order (so that
 * concurrent statements lock the rows in the same order), a row at zero removed by the statement
 * that emptied it. The update branch adds and takes away per row without joining the transition
 * tables, as the checks' counts do (Migration20261128090000).
 */
export class Migration20261129130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "favorite_counts" ("user_id" int not null, "workspace_id" int not null, "favorites" int not null, constraint "favorite_counts_pkey" primary key ("user_id", "workspace_id"));`);
    this.addSql(`create function "favorite_counts_apply"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into favorite_counts (user_id, workspace_id, favorites)
      select user_id, workspace_id, count(*) from new_favorites group by 1, 2 order by 1, 2
      on conflict (user_id, workspace_id) do update set favorites = favorite_counts.favorites + excluded.favorites;
  elsif tg_op = 'DELETE' then
    insert into favorite_counts (user_id, workspace_id, favorites)
      select user_id, workspace_id, -count(*) from old_favorites group by 1, 2 order by 1, 2
      on conflict (user_id, workspace_id) do update set favorites = favorite_counts.favorites + excluded.favorites;
    delete from favorite_counts where favorites = 0 and (user_id, workspace_id) in (select user_id, workspace_id from old_favorites);
  else
    insert into favorite_counts (user_id, workspace_id, favorites)
      select user_id, workspace_id, sum(delta) from (
        select user_id, workspace_id, 1 as delta from new_favorites
        union all
        select user_id, workspace_id, -1 from old_favorites
      ) changes group by 1, 2 having sum(delta) <> 0 order by 1, 2
      on conflict (user_id, workspace_id) do update set favorites = favorite_counts.favorites + excluded.favorites;
    delete from favorite_counts where favorites = 0 and (user_id, workspace_id) in (select user_id, workspace_id from old_favorites);
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger "uptime_check_favorites_count_insert" after insert on "uptime_check_favorites" referencing new table as new_favorites for each statement execute function "favorite_counts_apply"();`);
    this.addSql(`create trigger "uptime_check_favorites_count_update" after update on "uptime_check_favorites" referencing old table as old_favorites new table as new_favorites for each statement execute function "favorite_counts_apply"();`);
    this.addSql(`create trigger "uptime_check_favorites_count_delete" after delete on "uptime_check_favorites" referencing old table as old_favorites for each statement execute function "favorite_counts_apply"();`);
    this.addSql(`insert into "favorite_counts" ("user_id", "workspace_id", "favorites") select "user_id", "workspace_id", count(*) from "uptime_check_favorites" group by 1, 2;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "uptime_check_favorites_count_insert" on "uptime_check_favorites";`);
    this.addSql(`drop trigger "uptime_check_favorites_count_update" on "uptime_check_favorites";`);
    this.addSql(`drop trigger "uptime_check_favorites_count_delete" on "uptime_check_favorites";`);
    this.addSql(`drop function "favorite_counts_apply"();`);
    this.addSql(`drop table if exists "favorite_counts" cascade;`);
  }
}
