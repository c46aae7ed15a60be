import { Migration } from '@mikro-orm/migrations';

export class Migration20261122003148 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "clients" ("id" serial primary key, "name" varchar(200) not null, "plan" text check ("plan" in ('trial', 'basic', 'pro', 'expired')) not null, "trial_ends_at" timestamptz null, "billing_email" varchar(254) null, "card_brand" varchar(20) null, "card_last4" varchar(4) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);

    this.addSql(`create table "sign_in_addresses" ("email" varchar(320) not null, "address" varchar(64) not null, "last_success_at" timestamptz not null, constraint "sign_in_addresses_pkey" primary key ("email", "address"));`);

    this.addSql(`create table "sign_in_failures" ("id" bigserial primary key, "email" varchar(320) not null, "address" varchar(64) not null, "from_known_address" boolean not null, "at" timestamptz not null);`);
    this.addSql(`create index "sign_in_failures_address_at_index" on "sign_in_failures" ("address", "at");`);
    this.addSql(`create index "sign_in_failures_email_at_index" on "sign_in_failures" ("email", "at");`);

    this.addSql(`create table "users" ("id" serial primary key, "client_id" int not null, "email" varchar(254) not null, "password_hash" varchar(200) not null, "is_admin" boolean not null default false, "permissions" jsonb not null, "credentials_version" int not null default 1, "profile_image_path" varchar(500) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "users_client_id_index" on "users" ("client_id");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(`create table "push_tokens" ("id" serial primary key, "user_id" int not null, "token" varchar(4096) not null, "platform" varchar(20) not null default 'android', "created_at" timestamptz not null);`);
    this.addSql(`create index "push_tokens_user_id_index" on "push_tokens" ("user_id");`);
    this.addSql(`alter table "push_tokens" add constraint "push_tokens_token_unique" unique ("token");`);

    this.addSql(`create table "activity_log" ("id" serial primary key, "client_id" int not null, "workspace_id" int null, "actor_id" int null, "action" varchar(100) not null, "resource_type" varchar(50) not null, "resource_id" int null, "details" jsonb null, "at" timestamptz not null);`);
    this.addSql(`create index "activity_log_client_id_at_index" on "activity_log" ("client_id", "at");`);

    this.addSql(`create table "workspaces" ("id" serial primary key, "client_id" int not null, "name" varchar(200) not null, "description" text null, "created_at" timestamptz not null);`);
    this.addSql(`create index "workspaces_client_id_index" on "workspaces" ("client_id");`);

    this.addSql(`create table "uptime_checks" ("id" serial primary key, "workspace_id" int not null, "name" varchar(200) not null, "check_type" text check ("check_type" in ('http', 'ping', 'dns', 'tcp')) not null, "hostname" varchar(300) not null, "protocol" varchar(5) null, "path" varchar(2048) null, "check_frequency" int not null, "request_method" varchar(10) null, "response_timeout" int not null, "trigger_locations" jsonb not null, "min_failing_locations" int not null, "response_classes" jsonb not null, "flag_follow_redirect" boolean not null default false, "dns_record_type" varchar(5) null, "dns_expected_values" jsonb null, "port" int null, "banner_match_operator" varchar(12) null, "banner_match_value" varchar(600) null, "paused" boolean not null default false, "state" text check ("state" in ('pending', 'up', 'down', 'unknown')) not null default 'pending', "last_run_at" timestamptz null, "managed_by" text check ("managed_by" in ('api', 'kubernetes')) not null default 'api', "kubernetes_ref" varchar(400) null, "kubernetes_uid" varchar(36) null, "version" int not null default 1, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "uptime_checks" add constraint "uptime_checks_kubernetes_uid_unique" unique ("kubernetes_uid");`);
    this.addSql(`create index "uptime_checks_workspace_id_paused_index" on "uptime_checks" ("workspace_id", "paused");`);
    this.addSql(`create index "uptime_checks_workspace_id_state_index" on "uptime_checks" ("workspace_id", "state");`);
    this.addSql(`alter table "uptime_checks" add constraint "uptime_checks_workspace_id_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "uptime_check_favorites" ("id" serial primary key, "user_id" int not null, "check_id" int not null);`);
    this.addSql(`create index "uptime_check_favorites_check_id_index" on "uptime_check_favorites" ("check_id");`);
    this.addSql(`alter table "uptime_check_favorites" add constraint "uptime_check_favorites_user_id_check_id_unique" unique ("user_id", "check_id");`);

    this.addSql(`create table "runs" ("id" bigserial primary key, "check_id" int not null, "cycle_id" varchar(64) not null, "started_at" timestamptz not null, "finished_at" timestamptz not null, "state" text check ("state" in ('UP', 'DOWN', 'UNKNOWN')) not null, "failing_locations" int not null, "latency_ms" int null, "results" jsonb not null, "in_maintenance" boolean not null default false, "on_demand" boolean not null default false);`);
    this.addSql(`alter table "runs" add constraint "runs_cycle_id_unique" unique ("cycle_id");`);
    this.addSql(`create index "runs_check_id_started_at_index" on "runs" ("check_id", "started_at");`);

    this.addSql(`create table "daily_availability" ("id" serial primary key, "check_id" int not null, "day" varchar(10) not null, "up_runs" int not null default 0, "down_runs" int not null default 0, "unknown_runs" int not null default 0, "maintenance_runs" int not null default 0);`);
    this.addSql(`alter table "daily_availability" add constraint "daily_availability_check_id_day_unique" unique ("check_id", "day");`);

    this.addSql(`create table "outbox_events" ("id" serial primary key, "client_id" int not null, "workspace_id" int not null, "event_type" text check ("event_type" in ('uptime.check.failed', 'uptime.check.recovered', 'domain.ssl.expiring_soon', 'domain.ssl.certificate_changed')) not null, "occurred_at" timestamptz not null, "resource" jsonb not null, "context" jsonb null, "ssl" jsonb null, "certificate" jsonb null);`);

    this.addSql(`create table "notification_groups" ("id" serial primary key, "workspace_id" int not null, "name" varchar(200) not null, "email_addresses" jsonb not null, "phone_numbers" jsonb not null, "webhook_url" varchar(2048) null, "webhook_secret" varchar(128) not null, "chat_incoming_webhook_url" varchar(2048) null, "messenger_bot_token" varchar(200) null, "messenger_chat_id" varchar(100) null, "push_enabled" boolean not null default false, "trigger30days" boolean not null default true, "trigger14days" boolean not null default true, "trigger7days" boolean not null default true, "trigger3days" boolean not null default true, "trigger1day" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "notification_groups_workspace_id_index" on "notification_groups" ("workspace_id");`);
    this.addSql(`alter table "notification_groups" add constraint "notification_groups_workspace_id_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "uptime_check_notification_groups" ("uptime_check_id" int not null, "notification_group_id" int not null, constraint "uptime_check_notification_groups_pkey" primary key ("uptime_check_id", "notification_group_id"));`);

    this.addSql(`create table "outbox_deliveries" ("id" serial primary key, "event_id" int not null, "group_id" int null, "channel" varchar(30) not null, "destination" varchar(4096) not null, "delivery_id" varchar(32) not null, "status" text check ("status" in ('pending', 'delivered', 'failed')) not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "lease_until" timestamptz null, "last_error" text null, "created_at" timestamptz not null, "delivered_at" timestamptz null);`);
    this.addSql(`create index "outbox_deliveries_event_id_index" on "outbox_deliveries" ("event_id");`);
    this.addSql(`alter table "outbox_deliveries" add constraint "outbox_deliveries_delivery_id_unique" unique ("delivery_id");`);
    this.addSql(`create index "outbox_deliveries_status_next_attempt_at_index" on "outbox_deliveries" ("status", "next_attempt_at");`);

    this.addSql(`create table "delivery_attempts" ("id" serial primary key, "delivery_id" int not null, "attempted_at" timestamptz not null, "outcome" varchar(20) not null, "response_code" int null, "error" text null, "duration_ms" int not null);`);
    this.addSql(`create index "delivery_attempts_delivery_id_index" on "delivery_attempts" ("delivery_id");`);

    this.addSql(`create table "maintenance_windows" ("id" serial primary key, "workspace_id" int not null, "name" varchar(200) not null, "description" text null, "scope" text check ("scope" in ('workspace', 'uptime_check')) not null, "check_id" int null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "enabled" boolean not null default true, "managed_by" text check ("managed_by" in ('api', 'kubernetes')) not null default 'api', "kubernetes_ref" varchar(400) null, "kubernetes_uid" varchar(36) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "maintenance_windows" add constraint "maintenance_windows_kubernetes_uid_unique" unique ("kubernetes_uid");`);
    this.addSql(`create index "maintenance_windows_workspace_id_starts_at_ends_at_index" on "maintenance_windows" ("workspace_id", "starts_at", "ends_at");`);

    this.addSql(`create table "incidents" ("id" serial primary key, "workspace_id" int not null, "check_id" int not null, "status" text check ("status" in ('open', 'acknowledged', 'resolved')) not null default 'open', "severity" text check ("severity" in ('major', 'critical')) not null, "failed_locations" jsonb not null, "opened_by_cycle" varchar(64) not null, "opened_at" timestamptz not null, "acknowledged_at" timestamptz null, "acknowledged_by_id" int null, "resolved_at" timestamptz null, "resolved_by_id" int null, "resolution_notes" text null);`);
    this.addSql(`alter table "incidents" add constraint "incidents_opened_by_cycle_unique" unique ("opened_by_cycle");`);
    this.addSql(`create index "incidents_check_id_status_index" on "incidents" ("check_id", "status");`);
    this.addSql(`create index "incidents_workspace_id_status_opened_at_index" on "incidents" ("workspace_id", "status", "opened_at");`);

    this.addSql(`create table "incident_notes" ("id" serial primary key, "incident_id" int not null, "author_id" int null, "body" text not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "incident_notes_incident_id_index" on "incident_notes" ("incident_id");`);

    this.addSql(`create table "domains" ("id" serial primary key, "workspace_id" int not null, "name" varchar(253) not null, "description" text null, "active" boolean not null default true, "current_certificate_id" int null, "certificate_not_after" timestamptz null, "last_checked_at" timestamptz null, "last_check_error" text null, "next_check_at" timestamptz null, "managed_by" text check ("managed_by" in ('api', 'kubernetes')) not null default 'api', "kubernetes_ref" varchar(400) null, "kubernetes_uid" varchar(36) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "domains_certificate_not_after_index" on "domains" ("certificate_not_after");`);
    this.addSql(`create index "domains_next_check_at_index" on "domains" ("next_check_at");`);
    this.addSql(`alter table "domains" add constraint "domains_kubernetes_uid_unique" unique ("kubernetes_uid");`);
    this.addSql(`create index "domains_workspace_id_active_index" on "domains" ("workspace_id", "active");`);
    this.addSql(`alter table "domains" add constraint "domains_workspace_id_name_unique" unique ("workspace_id", "name");`);

    this.addSql(`create table "expiry_notices" ("id" serial primary key, "domain_id" int not null, "fingerprint_sha256" varchar(95) not null, "milestone_days" int not null, "sent_at" timestamptz not null);`);
    this.addSql(`alter table "expiry_notices" add constraint "expiry_notices_domain_id_fingerprint_sha256_miles_ab9d3_unique" unique ("domain_id", "fingerprint_sha256", "milestone_days");`);

    this.addSql(`create table "domain_notification_groups" ("domain_id" int not null, "notification_group_id" int not null, constraint "domain_notification_groups_pkey" primary key ("domain_id", "notification_group_id"));`);

    this.addSql(`create table "certificate_snapshots" ("id" serial primary key, "domain_id" int not null, "subject" text not null, "issuer" text not null, "subject_alt_names" jsonb not null, "not_before" timestamptz not null, "not_after" timestamptz not null, "serial_number" varchar(128) not null, "fingerprint_sha256" varchar(95) not null, "chain" jsonb not null, "trusted" boolean not null, "hostname_matches" boolean not null, "verification_error" text null, "first_seen_at" timestamptz not null, "last_seen_at" timestamptz not null);`);
    this.addSql(`create index "certificate_snapshots_domain_id_first_seen_at_index" on "certificate_snapshots" ("domain_id", "first_seen_at");`);

    this.addSql(`create table "workspace_shares" ("id" serial primary key, "workspace_id" int not null, "user_id" int not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "workspace_shares_user_id_index" on "workspace_shares" ("user_id");`);
    this.addSql(`alter table "workspace_shares" add constraint "workspace_shares_workspace_id_user_id_unique" unique ("workspace_id", "user_id");`);

    this.addSql(`alter table "users" add constraint "users_client_id_foreign" foreign key ("client_id") references "clients" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "push_tokens" add constraint "push_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "activity_log" add constraint "activity_log_client_id_foreign" foreign key ("client_id") references "clients" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "activity_log" add constraint "activity_log_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "workspaces" add constraint "workspaces_client_id_foreign" foreign key ("client_id") references "clients" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "uptime_checks" add constraint "uptime_checks_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "uptime_check_favorites" add constraint "uptime_check_favorites_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "uptime_check_favorites" add constraint "uptime_check_favorites_check_id_foreign" foreign key ("check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "runs" add constraint "runs_check_id_foreign" foreign key ("check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "daily_availability" add constraint "daily_availability_check_id_foreign" foreign key ("check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "outbox_events" add constraint "outbox_events_client_id_foreign" foreign key ("client_id") references "clients" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "outbox_events" add constraint "outbox_events_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "notification_groups" add constraint "notification_groups_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "uptime_check_notification_groups" add constraint "uptime_check_notification_groups_uptime_check_id_foreign" foreign key ("uptime_check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "uptime_check_notification_groups" add constraint "uptime_check_notification_groups_notification_group_id_foreign" foreign key ("notification_group_id") references "notification_groups" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "outbox_deliveries" add constraint "outbox_deliveries_event_id_foreign" foreign key ("event_id") references "outbox_events" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "outbox_deliveries" add constraint "outbox_deliveries_group_id_foreign" foreign key ("group_id") references "notification_groups" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "delivery_attempts" add constraint "delivery_attempts_delivery_id_foreign" foreign key ("delivery_id") references "outbox_deliveries" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "maintenance_windows" add constraint "maintenance_windows_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "maintenance_windows" add constraint "maintenance_windows_check_id_foreign" foreign key ("check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "incidents" add constraint "incidents_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "incidents" add constraint "incidents_check_id_foreign" foreign key ("check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "incidents" add constraint "incidents_acknowledged_by_id_foreign" foreign key ("acknowledged_by_id") references "users" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "incidents" add constraint "incidents_resolved_by_id_foreign" foreign key ("resolved_by_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "incident_notes" add constraint "incident_notes_incident_id_foreign" foreign key ("incident_id") references "incidents" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "incident_notes" add constraint "incident_notes_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "domains" add constraint "domains_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "domains" add constraint "domains_current_certificate_id_foreign" foreign key ("current_certificate_id") references "certificate_snapshots" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "expiry_notices" add constraint "expiry_notices_domain_id_foreign" foreign key ("domain_id") references "domains" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "domain_notification_groups" add constraint "domain_notification_groups_domain_id_foreign" foreign key ("domain_id") references "domains" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "domain_notification_groups" add constraint "domain_notification_groups_notification_group_id_foreign" foreign key ("notification_group_id") references "notification_groups" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "certificate_snapshots" add constraint "certificate_snapshots_domain_id_foreign" foreign key ("domain_id") references "domains" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "workspace_shares" add constraint "workspace_shares_workspace_id_foreign" foreign key ("workspace_id") references "workspaces" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "workspace_shares" add constraint "workspace_shares_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_client_id_foreign";`);

    this.addSql(`alter table "activity_log" drop constraint "activity_log_client_id_foreign";`);

    this.addSql(`alter table "workspaces" drop constraint "workspaces_client_id_foreign";`);

    this.addSql(`alter table "outbox_events" drop constraint "outbox_events_client_id_foreign";`);

    this.addSql(`alter table "push_tokens" drop constraint "push_tokens_user_id_foreign";`);

    this.addSql(`alter table "activity_log" drop constraint "activity_log_actor_id_foreign";`);

    this.addSql(`alter table "uptime_check_favorites" drop constraint "uptime_check_favorites_user_id_foreign";`);

    this.addSql(`alter table "incidents" drop constraint "incidents_acknowledged_by_id_foreign";`);

    this.addSql(`alter table "incidents" drop constraint "incidents_resolved_by_id_foreign";`);

    this.addSql(`alter table "incident_notes" drop constraint "incident_notes_author_id_foreign";`);

    this.addSql(`alter table "workspace_shares" drop constraint "workspace_shares_user_id_foreign";`);

    this.addSql(`alter table "uptime_checks" drop constraint "uptime_checks_workspace_id_foreign";`);

    this.addSql(`alter table "outbox_events" drop constraint "outbox_events_workspace_id_foreign";`);

    this.addSql(`alter table "notification_groups" drop constraint "notification_groups_workspace_id_foreign";`);

    this.addSql(`alter table "maintenance_windows" drop constraint "maintenance_windows_workspace_id_foreign";`);

    this.addSql(`alter table "incidents" drop constraint "incidents_workspace_id_foreign";`);

    this.addSql(`alter table "domains" drop constraint "domains_workspace_id_foreign";`);

    this.addSql(`alter table "workspace_shares" drop constraint "workspace_shares_workspace_id_foreign";`);

    this.addSql(`alter table "uptime_check_favorites" drop constraint "uptime_check_favorites_check_id_foreign";`);

    this.addSql(`alter table "runs" drop constraint "runs_check_id_foreign";`);

    this.addSql(`alter table "daily_availability" drop constraint "daily_availability_check_id_foreign";`);

    this.addSql(`alter table "uptime_check_notification_groups" drop constraint "uptime_check_notification_groups_uptime_check_id_foreign";`);

    this.addSql(`alter table "maintenance_windows" drop constraint "maintenance_windows_check_id_foreign";`);

    this.addSql(`alter table "incidents" drop constraint "incidents_check_id_foreign";`);

    this.addSql(`alter table "outbox_deliveries" drop constraint "outbox_deliveries_event_id_foreign";`);

    this.addSql(`alter table "uptime_check_notification_groups" drop constraint "uptime_check_notification_groups_notification_group_id_foreign";`);

    this.addSql(`alter table "outbox_deliveries" drop constraint "outbox_deliveries_group_id_foreign";`);

    this.addSql(`alter table "domain_notification_groups" drop constraint "domain_notification_groups_notification_group_id_foreign";`);

    this.addSql(`alter table "delivery_attempts" drop constraint "delivery_attempts_delivery_id_foreign";`);

    this.addSql(`alter table "incident_notes" drop constraint "incident_notes_incident_id_foreign";`);

    this.addSql(`alter table "expiry_notices" drop constraint "expiry_notices_domain_id_foreign";`);

    this.addSql(`alter table "domain_notification_groups" drop constraint "domain_notification_groups_domain_id_foreign";`);

    this.addSql(`alter table "certificate_snapshots" drop constraint "certificate_snapshots_domain_id_foreign";`);

    this.addSql(`alter table "domains" drop constraint "domains_current_certificate_id_foreign";`);

    this.addSql(`drop table if exists "clients" cascade;`);

    this.addSql(`drop table if exists "sign_in_addresses" cascade;`);

    this.addSql(`drop table if exists "sign_in_failures" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "push_tokens" cascade;`);

    this.addSql(`drop table if exists "activity_log" cascade;`);

    this.addSql(`drop table if exists "workspaces" cascade;`);

    this.addSql(`drop table if exists "uptime_checks" cascade;`);

    this.addSql(`drop table if exists "uptime_check_favorites" cascade;`);

    this.addSql(`drop table if exists "runs" cascade;`);

    this.addSql(`drop table if exists "daily_availability" cascade;`);

    this.addSql(`drop table if exists "outbox_events" cascade;`);

    this.addSql(`drop table if exists "notification_groups" cascade;`);

    this.addSql(`drop table if exists "uptime_check_notification_groups" cascade;`);

    this.addSql(`drop table if exists "outbox_deliveries" cascade;`);

    this.addSql(`drop table if exists "delivery_attempts" cascade;`);

    this.addSql(`drop table if exists "maintenance_windows" cascade;`);

    this.addSql(`drop table if exists "incidents" cascade;`);

    this.addSql(`drop table if exists "incident_notes" cascade;`);

    this.addSql(`drop table if exists "domains" cascade;`);

    this.addSql(`drop table if exists "expiry_notices" cascade;`);

    this.addSql(`drop table if exists "domain_notification_groups" cascade;`);

    this.addSql(`drop table if exists "certificate_snapshots" cascade;`);

    this.addSql(`drop table if exists "workspace_shares" cascade;`);
  }

}
