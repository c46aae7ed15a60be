import { Migration } from '@mikro-orm/migrations';

/**
 * Runs partitioned by time, so that retention drops whole days instead of deleting rows.
 *
 * - `runs` becomes a table partitioned by range of `started_at` (one partition per UTC day, made
 *   ahead of need by the retention worker), with a default partition that catches a run whose day
 *   has no partition yet; the worker moves such rows into their day's partition when it makes it.
 * - Runs are stored compactly: primary key `(check_id, started_at, id)` as the one index, the cycle
 *   as a 64-bit key instead of its id, the per-location results in a positional text form.
 * - The runs already there are copied into their day partitions in that form (no run is lost, ids
 *   are kept); the retention worker drops the days already past retention on its first pass.
 * - `hourly_availability`: the hourly rollup per check, partitioned by UTC month and backfilled
 *   from the runs there are; `daily_availability` gains latency figures, backfilled as well.
 * - `maintenance_leases`: one retention worker at a time across engine replicas.
 * - Indexes for the retention of finished notifications and of the activity log.
 */
export class Migration20261126000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "runs" rename to "runs_legacy";`);
    this.addSql(`alter table "runs_legacy" rename constraint "runs_pkey" to "runs_legacy_pkey";`);

    // Columns ordered so that alignment wastes no byte: 8-byte, then 4, 2, 1, then variable length.
    this.addSql(
      `create table "runs" ("id" bigint not null default nextval('runs_id_seq'), "started_at" timestamptz not null, "finished_at" timestamptz not null, "cycle_key" bigint not null, "check_id" int not null, "latency_ms" int null, "failing_locations" smallint not null, "in_maintenance" boolean not null default false, "on_demand" boolean not null default false, "state" text not null, "results" text not null, constraint "runs_state_check" check ("state" in ('UP', 'DOWN', 'UNKNOWN')), constraint "runs_pkey" primary key ("check_id", "started_at", "id")) partition by range ("started_at");`,
    );
    // The sequence belonged to the old table's column: it must outlive that table.
    this.addSql(`alter sequence "runs_id_seq" owned by "runs"."id";`);
    this.addSql(`alter table "runs" add constraint "runs_check_id_foreign" foreign key ("check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "runs_default" partition of "runs" default;`);
    this.addSql(
      `create table "hourly_availability" ("check_id" int not null, "hour" timestamptz not null, "up_runs" int not null default 0, "down_runs" int not null default 0, "unknown_runs" int not null default 0, "maintenance_runs" int not null default 0, "latency_sum_ms" bigint not null default 0, "latency_runs" int not null default 0, "latency_min_ms" int null, "latency_max_ms" int null, "quorum_down_runs" int not null default 0, "partial_runs" int not null default 0, "downtime_seconds" int not null default 0, constraint "hourly_availability_pkey" primary key ("check_id", "hour")) partition by range ("hour");`,
    );
    this.addSql(`alter table "hourly_availability" add constraint "hourly_availability_check_id_foreign" foreign key ("check_id") references "uptime_checks" ("id") on update cascade on delete cascade;`);
    this.addSql(`create table "hourly_availability_default" partition of "hourly_availability" default;`);

    this.addSql(`alter table "daily_availability" add column "latency_sum_ms" bigint not null default 0, add column "latency_runs" int not null default 0, add column "latency_min_ms" int null, add column "latency_max_ms" int null, add column "quorum_down_runs" int not null default 0, add column "partial_runs" int not null default 0, add column "downtime_seconds" int not null default 0;`);

    // One partition per day of the old runs (the retention worker drops those already past retention), one
    // hourly-rollup partition per month, then the old runs copied over in the compact form.
    this.addSql(`do $$
      declare
        first_day timestamptz;
        after_last_day timestamptz;
        day timestamptz;
        month timestamptz;
      begin
        select date_trunc('day', min(started_at) at time zone 'UTC') at time zone 'UTC',
               (date_trunc('day', max(started_at) at time zone 'UTC') + interval '1 day') at time zone 'UTC'
          into first_day, after_last_day
          from runs_legacy;
        if first_day is null then
          return;
        end if;
        day := first_day;
        while day < after_last_day loop
          execute format('create table %I partition of runs for values from (%L) to (%L)',
            'runs_p' || to_char(day at time zone 'UTC', 'YYYYMMDD'), day, (day at time zone 'UTC' + interval '1 day') at time zone 'UTC');
          day := (day at time zone 'UTC' + interval '1 day') at time zone 'UTC';
        end loop;
        month := date_trunc('month', first_day at time zone 'UTC') at time zone 'UTC';
        while month < after_last_day loop
          execute format('create table %I partition of hourly_availability for values from (%L) to (%L)',
            'hourly_availability_p' || to_char(month at time zone 'UTC', 'YYYYMM'), month, (month at time zone 'UTC' + interval '1 month') at time zone 'UTC');
          month := (month at time zone 'UTC' + interval '1 month') at time zone 'UTC';
        end loop;
      end $$;`);
    // cycle_key: the first 8 bytes of the id's SHA-256 as a signed bigint, as cycleKey() computes it.
    this.addSql(`insert into "runs" ("id", "started_at", "finished_at", "cycle_key", "check_id", "latency_ms", "failing_locations", "in_maintenance", "on_demand", "state", "results")
      select l.id, l.started_at, l.finished_at, ('x' || left(encode(sha256(convert_to(l.cycle_id, 'UTF8')), 'hex'), 16))::bit(64)::bigint,
             l.check_id, l.latency_ms, l.failing_locations, l.in_maintenance, l.on_demand, l.state,
             coalesce((select '[' || string_agg(json_build_array(
                         r.x->>'location',
                         case r.x->>'state' when 'up' then 'u' when 'down' then 'd' when 'unsupported' then 'x' else 'm' end,
                         (r.x->>'latencyMs')::int, (r.x->'phases'->>'dnsMs')::int, (r.x->'phases'->>'connectMs')::int,
                         (r.x->'phases'->>'tlsMs')::int, (r.x->'phases'->>'firstByteMs')::int,
                         case when (r.x->>'late')::boolean then 1 end, r.x->>'reason')::text, ',' order by r.n) || ']'
                       from jsonb_array_elements(l.results) with ordinality r(x, n)), '[]')
      from "runs_legacy" l;`);
    this.addSql(`drop table "runs_legacy";`);
    // The quorum and period are the checks' as they are now: the old runs did not record them.
    this.addSql(`insert into "hourly_availability" ("check_id", "hour", "up_runs", "down_runs", "unknown_runs", "maintenance_runs", "latency_sum_ms", "latency_runs", "latency_min_ms", "latency_max_ms", "quorum_down_runs", "partial_runs", "downtime_seconds")
      select r.check_id, date_trunc('hour', r.started_at at time zone 'UTC') at time zone 'UTC',
             count(*) filter (where not r.in_maintenance and r.state = 'UP'),
             count(*) filter (where not r.in_maintenance and r.state = 'DOWN'),
             count(*) filter (where not r.in_maintenance and r.state = 'UNKNOWN'),
             count(*) filter (where r.in_maintenance),
             coalesce(sum(r.latency_ms), 0), count(r.latency_ms), min(r.latency_ms), max(r.latency_ms),
             count(*) filter (where not r.in_maintenance and r.state = 'DOWN' and r.failing_locations >= c.min_failing_locations),
             count(*) filter (where not r.in_maintenance and r.state = 'UNKNOWN' and r.failing_locations > 0),
             coalesce(sum(c.check_frequency * 60) filter (where not r.in_maintenance and r.state = 'DOWN' and r.failing_locations >= c.min_failing_locations), 0)
      from "runs" r join "uptime_checks" c on c.id = r.check_id where not r.on_demand group by 1, 2;`);
    this.addSql(`update "daily_availability" d set "latency_sum_ms" = l.sum_ms, "latency_runs" = l.runs, "latency_min_ms" = l.min_ms, "latency_max_ms" = l.max_ms,
        "quorum_down_runs" = l.quorum_down, "partial_runs" = l.partial, "downtime_seconds" = l.downtime
      from (select to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day, check_id, sum(latency_sum_ms) as sum_ms, sum(latency_runs) as runs, min(latency_min_ms) as min_ms, max(latency_max_ms) as max_ms,
                   sum(quorum_down_runs) as quorum_down, sum(partial_runs) as partial, sum(downtime_seconds) as downtime
            from "hourly_availability" group by 1, 2) l
      where d.check_id = l.check_id and d.day = l.day;`);

    this.addSql(`create table "maintenance_leases" ("name" varchar(64) not null, "holder" varchar(200) not null, "lease_until" timestamptz not null, "last_pass_at" timestamptz null, constraint "maintenance_leases_pkey" primary key ("name"));`);
    this.addSql(`create index "outbox_events_occurred_at_index" on "outbox_events" ("occurred_at");`);
    this.addSql(`create index "activity_log_at_index" on "activity_log" ("at");`);
  }
}
