import type { EntityManager } from '@mikro-orm/postgresql';
import { provisionClient } from '../src/store/provisioning.js';

export interface SeededWorkspace {
  email: string;
  password: string;
  workspaceId: number;
  /** A check in the middle of the name order, for the detail route. */
  checkId: number;
  /** The lowest of the workspace's check ids, which follow one another: the updates' checks. */
  firstCheckId: number;
}

export interface Seed {
  /** The large workspace: the read routes. */
  reader: SeededWorkspace;
  /** An empty workspace of a `pro` client of its own: the creates (the pro limit is 1,000 checks per client). */
  writer: SeededWorkspace;
  /** Another such client, for the creates' warm-up, so that the measured creates have the writer's whole limit. */
  warmWriter: SeededWorkspace;
}

const PASSWORD = 'bench-password-1';

/**
 * Writes the rows of a large workspace directly (no plan allows 10,000 checks through the API):
 * checks in every state, some paused, a tenth favourites of the reader, each in one of 20
 * notification groups, three runs each, an incident for every fifth check and 200 domains. The
 * checks' targets (`host-N.bench.test` on `targetPort`) answer, so that an engine probing them
 * finds them up, as in a workspace at rest, rather than opening an incident for each.
 */
export async function seedWorkspaces(em: EntityManager, checks: number, targetPort: number): Promise<Seed> {
  const reader = await provisionClient(em, { name: 'Bench reader', email: 'reader@bench.test', password: PASSWORD, plan: 'pro' });
  const writer = await provisionClient(em, { name: 'Bench writer', email: 'writer@bench.test', password: PASSWORD, plan: 'pro' });
  const warmWriter = await provisionClient(em, { name: 'Bench warm-up writer', email: 'warm-writer@bench.test', password: PASSWORD, plan: 'pro' });
  const connection = em.getConnection();
  const ws = reader.workspace_id;
  await connection.execute(`
    insert into notification_groups (workspace_id, name, email_addresses, phone_numbers, webhook_secret, created_at, updated_at)
    select ${ws}, 'group ' || g, '[]', '[]', md5(g::text), now(), now() from generate_series(1, 20) g`);
  await connection.execute(`
    insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method,
      response_timeout, trigger_locations, min_failing_locations, response_classes, paused, state, created_at, updated_at)
    select ${ws}, 'check ' || lpad(i::text, 6, '0'), 'http', 'host-' || i || '.bench.test:${targetPort}', 'http', '/', 15, 'get',
      10000, '["eu-west"]', 1, '["2XX"]', i % 10 = 0,
      (array['up', 'up', 'up', 'down', 'unknown', 'pending'])[1 + i % 6], now(), now()
    from generate_series(1, ${checks}) i`);
  await connection.execute(`
    insert into uptime_check_last_runs (check_id, last_run_at)
    select id, now() - (id % 60) * interval '1 second' from uptime_checks where workspace_id = ${ws} and state <> 'pending'`);
  await connection.execute(`
    insert into uptime_check_notification_groups (uptime_check_id, notification_group_id)
    select c.id, (select min(id) from notification_groups where workspace_id = ${ws}) + c.id % 20
    from uptime_checks c where c.workspace_id = ${ws}`);
  await connection.execute(`
    insert into uptime_check_favorites (user_id, workspace_id, check_id)
    select ${reader.user_id}, workspace_id, id from uptime_checks where workspace_id = ${ws} and id % 10 = 3`);
  await connection.execute(`
    insert into runs (check_id, cycle_key, started_at, finished_at, state, failing_locations, latency_ms, results)
    select c.id, c.id::bigint * 3 + r, now() - r * interval '15 minutes', now() - r * interval '15 minutes' + interval '80 milliseconds',
      'UP', 0, 80, '[["eu-west","u",80]]'
    from uptime_checks c, generate_series(0, 2) r where c.workspace_id = ${ws}`);
  await connection.execute(`
    insert into incidents (workspace_id, check_id, status, severity, failed_locations, opened_by_cycle, opened_at, resolved_at)
    select ${ws}, c.id, (array['open', 'acknowledged', 'resolved', 'resolved'])[1 + c.id % 4], 'major', '["eu-west"]',
      'incident-' || c.id, now() - c.id * interval '1 minute', case when c.id % 4 >= 2 then now() end
    from uptime_checks c where c.workspace_id = ${ws} and c.id % 5 = 0`);
  await connection.execute(`
    insert into domains (workspace_id, name, active, certificate_not_after, created_at, updated_at)
    select ${ws}, 'site-' || d || '.bench.test', d % 7 <> 0, now() + d * interval '1 day', now(), now() from generate_series(1, 200) d`);
  // As autovacuum leaves a workspace that has settled (the test server runs without it): statistics, and the
  // visibility map that lets the list's page walk read its index alone.
  await connection.execute('vacuum analyze');
  const [middle] = await connection.execute<{ id: number }[]>(
    `select id from uptime_checks where workspace_id = ${ws} order by name offset ${Math.floor(checks / 2)} limit 1`,
  );
  const [first] = await connection.execute<{ id: number }[]>(`select min(id) as id from uptime_checks where workspace_id = ${ws}`);
  return {
    reader: { email: 'reader@bench.test', password: PASSWORD, workspaceId: ws, checkId: middle!.id, firstCheckId: first!.id },
    writer: { email: 'writer@bench.test', password: PASSWORD, workspaceId: writer.workspace_id, checkId: 0, firstCheckId: 0 },
    warmWriter: { email: 'warm-writer@bench.test', password: PASSWORD, workspaceId: warmWriter.workspace_id, checkId: 0, firstCheckId: 0 },
  };
}
