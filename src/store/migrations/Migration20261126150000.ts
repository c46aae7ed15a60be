import { Migration } from '@mikro-orm/migrations';

/**
 * Each check's configuration as the text of its answer's JSON, kept by a row trigger on the
 * columns it is written from (see src/store/entities/uptime-check-view-text.ts): an insert or an
 * edit writes it; the run writer's state and last_run_at updates do not fire it. The fields are
 * written by `row_to_json`, as the list wrote them before, so the answer reads the same.
 */
export class Migration20261126150000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "uptime_check_view_texts" ("check_id" int not null, "head" text not null, "middle" text not null, "tail" text not null, constraint "uptime_check_view_texts_pkey" primary key ("check_id"));`);

    this.addSql(`alter table "uptime_check_view_texts" add constraint "uptime_check_view_texts_check_id_foreign" foreign key ("check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);

    // PL/pgSQL rather than SQL: PostgreSQL keeps a PL/pgSQL function's plan for the session, and plans
    // a SQL function's body again on each call (a third of a create's statement, called from the trigger).
    this.addSql(`create function "uptime_check_view_texts_of"(c uptime_checks) returns uptime_check_view_texts language plpgsql stable as $$
declare
  texts uptime_check_view_texts;
begin
  select c.id,
    left(row_to_json(h)::text, -1) || ',"notification_group_ids":',
    ',' || substr(row_to_json(m)::text, 2, length(row_to_json(m)::text) - 2) || ',"status":',
    ',"created_at":"' || to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      || '","updated_at":"' || to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}'
  into texts
  from (select c.id, c.workspace_id, c.name, c.check_type, c.hostname, c.protocol, c.path, c.check_frequency, c.request_method,
          c.response_timeout, c.trigger_locations, c.min_failing_locations, c.response_classes, c.flag_follow_redirect) h,
       (select c.dns_record_type, c.dns_expected_values, c.port, c.banner_match_operator, c.banner_match_value) m;
  return texts;
end $$;`);

    this.addSql(`create function "uptime_check_view_texts_write"() returns trigger language plpgsql as $$
begin
  insert into uptime_check_view_texts select t.* from uptime_check_view_texts_of(new) t
    on conflict (check_id) do update set head = excluded.head, middle = excluded.middle, tail = excluded.tail;
  return null;
end $$;`);

    this.addSql(`create trigger "uptime_checks_view_texts" after insert or update of "id", "workspace_id", "name", "check_type", "hostname", "protocol", "path",
  "check_frequency", "request_method", "response_timeout", "trigger_locations", "min_failing_locations", "response_classes", "flag_follow_redirect",
  "dns_record_type", "dns_expected_values", "port", "banner_match_operator", "banner_match_value", "created_at", "updated_at"
  on "uptime_checks" for each row execute function "uptime_check_view_texts_write"();`);

    this.addSql(`insert into "uptime_check_view_texts" select t.* from "uptime_checks" c, lateral uptime_check_view_texts_of(c) t;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "uptime_checks_view_texts" on "uptime_checks";`);
    this.addSql(`drop function if exists "uptime_check_view_texts_write"();`);
    this.addSql(`drop table if exists "uptime_check_view_texts" cascade;`);
    this.addSql(`drop function if exists "uptime_check_view_texts_of"(uptime_checks);`);
  }

}
