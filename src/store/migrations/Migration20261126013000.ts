import { Migration } from '@mikro-orm/migrations';

/**
 * Public status pages (issue 23): the pages, their components and logos, the public updates of
 * incidents, the permission to manage pages, and the triggers that tell the change feed
 * (src/status-pages/status-page-change-feed.ts) which pages may have changed.
 *
 * - Existing users may manage status pages when they may manage uptime checks.
 * - The triggers notify `vantage_status_pages` with `s:<slug>` for a page's own rows and `w:<workspace id>`
 *   for what a page shows (check state, domain certificate, incidents, public updates, maintenance
 *   windows); PostgreSQL sends notifications at commit, so a listener never reads ahead of the
 *   data. The engine's per-run writes notify only when a check's state, pause or host name changes.
 */
export class Migration20261126013000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "status_pages" ("id" serial primary key, "workspace_id" int not null, "slug" varchar(63) not null, "title" varchar(200) not null, "description" text not null default '', "show_host_names" boolean not null default false, "custom_domain" varchar(253) null, "time_zone" varchar(64) not null default 'UTC', "links" jsonb not null, "frame_ancestors" jsonb not null, "enabled" boolean not null default true, "managed_by" text check ("managed_by" in ('api', 'kubernetes')) not null default 'api', "kubernetes_ref" varchar(400) null, "kubernetes_uid" varchar(36) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "status_pages_workspace_id_index" on "status_pages" ("workspace_id");`);
    this.addSql(`alter table "status_pages" add constraint "status_pages_slug_unique" unique ("slug");`);
    this.addSql(`alter table "status_pages" add constraint "status_pages_custom_domain_unique" unique ("custom_domain");`);
    this.addSql(`alter table "status_pages" add constraint "status_pages_kubernetes_uid_unique" unique ("kubernetes_uid");`);
    this.addSql(`create table "status_page_logos" ("page_id" int not null, "content_type" varchar(20) not null, "bytes" bytea not null, "updated_at" timestamptz not null, constraint "status_page_logos_pkey" primary key ("page_id"));`);
    this.addSql(`create table "incident_public_updates" ("id" serial primary key, "incident_id" int not null, "state" text check ("state" in ('investigating', 'identified', 'monitoring', 'resolved')) not null, "body" text not null, "author_id" int null, "created_at" timestamptz not null);`);
    this.addSql(`create index "incident_public_updates_incident_id_created_at_index" on "incident_public_updates" ("incident_id", "created_at");`);
    this.addSql(`create table "status_page_components" ("id" serial primary key, "page_id" int not null, "position" int not null, "group_name" varchar(200) null, "display_name" varchar(200) not null, "check_id" int null, "domain_id" int null);`);
    this.addSql(`create index "status_page_components_page_id_index" on "status_page_components" ("page_id");`);
    this.addSql(`create index "status_page_components_check_id_index" on "status_page_components" ("check_id");`);
    this.addSql(`create index "status_page_components_domain_id_index" on "status_page_components" ("domain_id");`);
    this.addSql(`alter table "status_pages" add constraint "status_pages_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "status_page_logos" add constraint "status_page_logos_page_id_foreign" foreign key ("page_id") references "status_pages" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "incident_public_updates" add constraint "incident_public_updates_incident_id_foreign" foreign key ("incident_id") references "incidents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "incident_public_updates" add constraint "incident_public_updates_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "status_page_components" add constraint "status_page_components_page_id_foreign" foreign key ("page_id") references "status_pages" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "status_page_components" add constraint "status_page_components_check_id_foreign" foreign key ("check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "status_page_components" add constraint "status_page_components_domain_id_foreign" foreign key ("domain_id") references "domains" ("id") on update cascade on delete cascade;`);

    this.addSql(`update "users" set "permissions" = "permissions" || jsonb_build_object('manage_status_pages', coalesce("permissions"->'manage_uptime_checks', 'false'::jsonb));`);

    this.addSql(`create function "status_page_notify_page"() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform pg_notify('vantage_status_pages', 's:' || old.slug); end if;
        if tg_op <> 'DELETE' then perform pg_notify('vantage_status_pages', 's:' || new.slug); end if;
        return null;
      end $$;`);
    this.addSql(`create function "status_page_notify_part"() returns trigger language plpgsql as $$
      declare
        row_page_id int := case when tg_op = 'DELETE' then old.page_id else new.page_id end;
      begin
        perform pg_notify('vantage_status_pages', 's:' || slug) from status_pages where id = row_page_id;
        return null;
      end $$;`);
    this.addSql(`create function "status_page_notify_workspace"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('vantage_status_pages', 'w:' || (case when tg_op = 'DELETE' then old.workspace_id else new.workspace_id end));
        return null;
      end $$;`);
    this.addSql(`create function "status_page_notify_incident"() returns trigger language plpgsql as $$
      declare
        row_incident_id int := case when tg_op = 'DELETE' then old.incident_id else new.incident_id end;
      begin
        perform pg_notify('vantage_status_pages', 'w:' || workspace_id) from incidents where id = row_incident_id;
        return null;
      end $$;`);
    this.addSql(`create trigger "status_pages_notify" after insert or update or delete on "status_pages" for each row execute function "status_page_notify_page"();`);
    this.addSql(`create trigger "status_page_components_notify" after insert or update or delete on "status_page_components" for each row execute function "status_page_notify_part"();`);
    this.addSql(`create trigger "status_page_logos_notify" after insert or update or delete on "status_page_logos" for each row execute function "status_page_notify_part"();`);
    this.addSql(`create trigger "incident_public_updates_notify" after insert or update or delete on "incident_public_updates" for each row execute function "status_page_notify_incident"();`);
    this.addSql(`create trigger "incidents_notify_status_pages" after insert or update or delete on "incidents" for each row execute function "status_page_notify_workspace"();`);
    this.addSql(`create trigger "maintenance_windows_notify_status_pages" after insert or update or delete on "maintenance_windows" for each row execute function "status_page_notify_workspace"();`);
    this.addSql(`create trigger "uptime_checks_notify_status_pages" after update on "uptime_checks" for each row
      when (old.state is distinct from new.state or old.paused is distinct from new.paused or old.hostname is distinct from new.hostname)
      execute function "status_page_notify_workspace"();`);
    this.addSql(`create trigger "domains_notify_status_pages" after update on "domains" for each row
      when (old.certificate_not_after is distinct from new.certificate_not_after or old.active is distinct from new.active or old.name is distinct from new.name)
      execute function "status_page_notify_workspace"();`);
  }
}
