import { createServer } from 'node:http';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_OPTIONS } from '../src/store/embedded-options.js';

/**
 * The bare baseline of bench/api: a `node:http` handler answering one page of checks with the
 * same row query the list route needs (the page and the total), through `pg` on PostgreSQL or
 * PGlite on the embedded data dir, and nothing else: no authentication, no framework, no ORM.
 *
 *   node dist/bench/api-baseline.js <port> <workspace id> <postgres URL | data dir>
 */

const [port, workspaceId, target] = process.argv.slice(2) as [string, string, string];

type Query = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

function openQuery(): Query {
  if (/^postgres(ql)?:/.test(target)) {
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    return async (sql, params) => (await pool.query(sql, params)).rows;
  }
  const pglite = new PGlite(join(target, 'pglite'), PGLITE_OPTIONS);
  return async (sql, params) => (await pglite.query<Record<string, unknown>>(sql, params)).rows;
}

const query = openQuery();

const PAGE = `select p.*, r.last_run_at from (
    select id, workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method, response_timeout,
      trigger_locations, min_failing_locations, response_classes, flag_follow_redirect, dns_record_type, dns_expected_values, port,
      banner_match_operator, banner_match_value, state, paused, managed_by, created_at, updated_at
    from uptime_checks where workspace_id = $1 order by name, id limit 50 offset $2
  ) p left join uptime_check_last_runs r on r.check_id = p.id order by p.name, p.id`;

const server = createServer((req, res) => {
  const offset = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('offset') ?? 0);
  Promise.all([query(PAGE, [workspaceId, offset]), query('select count(*)::int as total from uptime_checks where workspace_id = $1', [workspaceId])]).then(
    ([rows, [count]]) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data: rows, pagination: { limit: 50, offset, total: count?.total } }));
    },
    (error: Error) => {
      res.writeHead(500);
      res.end(error.message);
    },
  );
});
server.listen(Number(port), '127.0.0.1', () => process.send?.('listening'));
process.on('SIGTERM', () => process.exit(0));
