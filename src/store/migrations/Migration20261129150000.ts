import { Migration } from '@mikro-orm/migrations';

/**
 * Each check's notification group ids, as the JSON text of its answer's `notification_group_ids`,
 * kept in its view texts instead of being read and written on every list page (an index range and
 * an array per row: a sixth of PostgreSQL's CPU for a page of 50). A statement trigger on the links
 * writes them whenever links change (an edit, a group's deletion); it first locks the texts of the
 * checks it changes, then reads the links in a statement of its own, so a transaction that changed
 * the same check's links, and holds that lock until it commits, is waited for and its links read:
 * whichever transaction writes last writes what both committed. The checks' view-texts trigger
 * leaves them as they are.
 */
export class Migration20261129150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "uptime_check_view_texts" add column "notification_group_ids" text not null default '[]';`);
    this.addSql(`create function "uptime_check_group_ids_text"(linked_check int) returns text language plpgsql stable as $$
begin
  return array_to_json(array(select g.notification_group_id from uptime_check_notification_groups g where g.uptime_check_id = linked_check order by 1))::text;
end $$;`);
    // Names its columns: the table's row type now has one the texts' function leaves empty. A new check's group ids start
    // empty: its links come after it (in a later statement, or later in its own, where the check's row trigger fires
    // before the links' statement trigger), and the links' trigger writes them.
    this.addSql(`create or replace function "uptime_check_view_texts_write"() returns trigger language plpgsql as $$
begin
  insert into uptime_check_view_texts (check_id, head, middle, tail) select t.check_id, t.head, t.middle, t.tail from uptime_check_view_texts_of(new) t
    on conflict (check_id) do update set head = excluded.head, middle = excluded.middle, tail = excluded.tail;
  return null;
end $$;`);
    this.addSql(`create function "uptime_check_view_texts_write_groups"() returns trigger language plpgsql as $$
declare
  changed int[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct l.uptime_check_id) into changed from new_links l;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct l.uptime_check_id) into changed from old_links l;
  else
    select array_agg(l.uptime_check_id) into changed from (select uptime_check_id from old_links union select uptime_check_id from new_links) l;
  end if;
  if changed is null then
    return null;
  end if;
  -- A check being deleted in this transaction is skipped: its texts go with it.
  select array_agg(t.check_id order by t.check_id) into changed from (
    select t.check_id from uptime_check_view_texts t join uptime_checks c on c.id = t.check_id
    where t.check_id = any(changed) order by t.check_id for no key update of t) t;
  update uptime_check_view_texts t set notification_group_ids = uptime_check_group_ids_text(t.check_id) where t.check_id = any(changed);
  return null;
end $$;`);
    this.addSql(`create trigger "uptime_check_notification_groups_view_texts_insert" after insert on "uptime_check_notification_groups"
  referencing new table as new_links for each statement execute function "uptime_check_view_texts_write_groups"();`);
    this.addSql(`create trigger "uptime_check_notification_groups_view_texts_delete" after delete on "uptime_check_notification_groups"
  referencing old table as old_links for each statement execute function "uptime_check_view_texts_write_groups"();`);
    this.addSql(`create trigger "uptime_check_notification_groups_view_texts_update" after update on "uptime_check_notification_groups"
  referencing old table as old_links new table as new_links for each statement execute function "uptime_check_view_texts_write_groups"();`);
    this.addSql(`update "uptime_check_view_texts" t set "notification_group_ids" = uptime_check_group_ids_text(t."check_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger "uptime_check_notification_groups_view_texts_update" on "uptime_check_notification_groups";`);
    this.addSql(`drop trigger "uptime_check_notification_groups_view_texts_delete" on "uptime_check_notification_groups";`);
    this.addSql(`drop trigger "uptime_check_notification_groups_view_texts_insert" on "uptime_check_notification_groups";`);
    this.addSql(`drop function "uptime_check_view_texts_write_groups"();`);
    this.addSql(`create or replace function "uptime_check_view_texts_write"() returns trigger language plpgsql as $$
begin
  insert into uptime_check_view_texts select t.* from uptime_check_view_texts_of(new) t
    on conflict (check_id) do update set head = excluded.head, middle = excluded.middle, tail = excluded.tail;
  return null;
end $$;`);
    this.addSql(`alter table "uptime_check_view_texts" drop column "notification_group_ids";`);
    this.addSql(`drop function "uptime_check_group_ids_text"(int);`);
  }
}
