import type { EntityManager } from '@mikro-orm/postgresql';
import { provisionClient } from '../../src/store/provisioning.js';

/**
 * A workspace with one public status page of `components` checks, written directly: 90 days of
 * hourly and daily rollups per check (four runs a minute, a few hours with downtime), five
 * incidents (two open) with public updates, 50 older incidents per check, a scheduled
 * maintenance window. The page is `slug`,
 * in `timeZone`.
 */
export async function seedStatusPage(em: EntityManager, options: { components: number; slug: string; timeZone: string }): Promise<void> {
  const client = await provisionClient(em, { name: 'Bench status page', email: `${options.slug}@bench.test`, password: 'bench-password-1', plan: 'pro' });
  const ws = client.workspace_id;
  const connection = em.getConnection();
  await connection.execute(`
    insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method,
      response_timeout, trigger_locations, min_failing_locations, response_classes, paused, state, created_at, updated_at)
    select ${ws}, '${options.slug} check ' || lpad(i::text, 4, '0'), 'http', 'host-' || i || '.bench.test', 'https', '/', 15, 'get',
      10000, '["eu-west"]', 1, '["2XX"]', false, (array['up', 'up', 'up', 'up', 'down'])[1 + i % 5], now(), now()
    from generate_series(1, ${options.components}) i`);
  const checks = `(select id from uptime_checks where workspace_id = ${ws})`;
  await connection.execute(`insert into uptime_check_last_runs (check_id, last_run_at) select id, now() from ${checks} c`);
  // Every 97th hour of a check has 10 minutes of downtime.
  await connection.execute(`
    insert into hourly_availability (check_id, hour, up_runs, down_runs, downtime_seconds, latency_sum_ms, latency_runs, latency_min_ms, latency_max_ms)
    select c.id, h, case when (c.id + extract(epoch from h)::bigint / 3600) % 97 = 0 then 200 else 240 end,
      case when (c.id + extract(epoch from h)::bigint / 3600) % 97 = 0 then 40 else 0 end,
      case when (c.id + extract(epoch from h)::bigint / 3600) % 97 = 0 then 600 else 0 end, 240 * 80, 240, 40, 300
    from ${checks} c(id), generate_series(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '91 days', now(), interval '1 hour') h`);
  await connection.execute(`
    insert into daily_availability (check_id, day, up_runs, down_runs, downtime_seconds, latency_sum_ms, latency_runs, latency_min_ms, latency_max_ms)
    select check_id, to_char(hour at time zone 'UTC', 'YYYY-MM-DD'), sum(up_runs), sum(down_runs), sum(downtime_seconds), sum(latency_sum_ms), sum(latency_runs), min(latency_min_ms), max(latency_max_ms)
    from hourly_availability where check_id in ${checks} group by 1, 2`);
  await connection.execute(`
    insert into incidents (workspace_id, check_id, status, severity, failed_locations, opened_by_cycle, opened_at, resolved_at)
    select ${ws}, id, case when n <= 2 then 'open' else 'resolved' end, 'major', '["eu-west"]', 'bench-' || id,
      now() - n * interval '9 days', case when n > 2 then now() - n * interval '9 days' + interval '2 hours' end
    from (select id, row_number() over (order by id) as n from uptime_checks where workspace_id = ${ws}) c where n <= 5`);
  // A year of history before the 90 days: 50 short incidents per check, none of them on the page.
  await connection.execute(`
    insert into incidents (workspace_id, check_id, status, severity, failed_locations, opened_by_cycle, opened_at, resolved_at)
    select ${ws}, c.id, 'resolved', 'major', '["eu-west"]', 'bench-old-' || c.id || '-' || n, now() - interval '100 days' - n * interval '5 days',
      now() - interval '100 days' - n * interval '5 days' + interval '10 minutes'
    from ${checks} c(id), generate_series(1, 50) n`);
  await connection.execute(`
    insert into incident_public_updates (incident_id, state, body, created_at)
    select i.id, (array['investigating', 'identified', 'monitoring'])[u], 'Update ' || u || ': we are looking into errors on this service.', i.opened_at + u * interval '20 minutes'
    from incidents i, generate_series(1, 3) u where i.workspace_id = ${ws}`);
  await connection.execute(`
    insert into maintenance_windows (workspace_id, name, scope, starts_at, ends_at, created_at, updated_at)
    values (${ws}, 'Database upgrade', 'workspace', now() + interval '2 days', now() + interval '2 days 2 hours', now(), now())`);
  await connection.execute(
    `insert into status_pages (workspace_id, slug, title, description, time_zone, links, frame_ancestors, created_at, updated_at)
     values (${ws}, ?, 'Acme services', 'Live status of every Acme service.', ?, '[{"label":"Home","url":"https://acme.test/"}]', '[]', now(), now())`,
    [options.slug, options.timeZone],
  );
  await connection.execute(`
    insert into status_page_components (page_id, position, group_name, display_name, check_id)
    select p.id, row_number() over (order by c.id), 'Region ' || (1 + (row_number() over (order by c.id) - 1) / 25), 'Service ' || c.name, c.id
    from status_pages p, uptime_checks c where p.slug = '${options.slug}' and c.workspace_id = ${ws}`);
  await connection.execute('analyze');
}
