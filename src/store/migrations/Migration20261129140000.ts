import { Migration } from '@mikro-orm/migrations';

/**
 * Each favourite carries its check's name, with an index in the list's order, so that the list's
 * favourite filter pages through the user's favourites alone instead of walking every check of
 * the workspace past the others. Triggers keep the name: a favourite takes its check's name when
 * made (whatever the insert says), and a rename writes the new name to the check's favourites.
 * The name is read under a share lock on the check's row: a rename committing meanwhile is waited
 * for, so a favourite made beside a rename never keeps the old name. A favourite of a check that
 * does not exist gets an empty name, and its foreign key refuses it as before.
 */
export class Migration20261129140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "uptime_check_favorites" add column "check_name" varchar(200) null;`);
    this.addSql(`update "uptime_check_favorites" f set "check_name" = c."name" from "uptime_checks" c where c."id" = f."check_id";`);
    this.addSql(`alter table "uptime_check_favorites" alter column "check_name" set not null, alter column "check_name" set default '';`);
    this.addSql(`create index "uptime_check_favorites_name_order_index" on "uptime_check_favorites" ("user_id", "workspace_id", "check_name", "check_id");`);
    this.addSql(`create function "uptime_check_favorites_take_name"() returns trigger language plpgsql as $$
begin
  select name into new.check_name from uptime_checks where id = new.check_id for share;
  if not found then
    new.check_name := '';
  end if;
  return new;
end $$;`);
    this.addSql(`create trigger "uptime_check_favorites_take_name" before insert or update of "check_id", "check_name" on "uptime_check_favorites" for each row execute function "uptime_check_favorites_take_name"();`);
    this.addSql(`create function "uptime_checks_rename_favorites"() returns trigger language plpgsql as $$
begin
  update uptime_check_favorites set check_name = new.name where check_id = new.id;
  return null;
end $$;`);
    this.addSql(`create trigger "uptime_checks_rename_favorites" after update of "name" on "uptime_checks" for each row when (old.name is distinct from new.name) execute function "uptime_checks_rename_favorites"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "uptime_checks_rename_favorites" on "uptime_checks";`);
    this.addSql(`drop function "uptime_checks_rename_favorites"();`);
    this.addSql(`drop trigger "uptime_check_favorites_take_name" on "uptime_check_favorites";`);
    this.addSql(`drop function "uptime_check_favorites_take_name"();`);
    this.addSql(`drop index "uptime_check_favorites_name_order_index";`);
    this.addSql(`alter table "uptime_check_favorites" drop column "check_name";`);
  }
}
