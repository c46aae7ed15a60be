import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { freshDatabase } from '../support/database.js';
import { startServe, stopServe, type ServeProcess } from '../support/serve-process.js';

/** The whole product in one process, driven only through its HTTP API, as the mobile app does. */

const database = await freshDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'vantage-smoke-'));
let targetStatus = 200;
const target: Server = createServer((_req, res) => {
  res.writeHead(targetStatus, { 'content-type': 'text/plain' }).end('hello');
});
await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
const targetPort = (target.address() as { port: number }).port;

let serve: ServeProcess;
test.before(async () => {
  serve = await startServe({
    DATABASE_URL: database.databaseUrl,
    VANTAGE_DATA_DIR: dataDir,
    VANTAGE_LOCATIONS: 'loc-a,loc-b',
    VANTAGE_ADMIN_EMAIL: 'owner@smoke.test',
    VANTAGE_ADMIN_PASSWORD: 'smoke-test-password',
  });
});
test.after.always(async () => {
  if (serve) await stopServe(serve);
  target.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const authorization = `Basic ${Buffer.from('owner@smoke.test:smoke-test-password').toString('base64')}`;

async function call(method: string, path: string, body?: unknown, workspaceId?: number): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = { authorization };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (workspaceId !== undefined) headers['x-workspace-id'] = String(workspaceId);
  const response = await fetch(`${serve.baseUrl}/app/api/v1${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, json: await response.json() };
}

test.serial('sign in, create a check, and probe it on demand from every location', async (t) => {
  const me = await call('GET', '/mobile/auth/me');
  t.is(me.status, 200, JSON.stringify(me.json));
  t.is(me.json.data.user.email_address, 'owner@smoke.test');
  const workspaceId: number = me.json.data.current_workspace_id;

  const options = await call('GET', '/mobile/uptime-checks/options', undefined, workspaceId);
  t.is(options.status, 200);

  const created = await call(
    'POST',
    '/mobile/uptime-checks',
    {
      name: 'Local target',
      check_type: 'http',
      hostname: `127.0.0.1:${targetPort}`,
      protocol: 'http',
      path: '/',
      check_frequency: 1,
      request_method: 'get',
      response_timeout: 2000,
      trigger_locations: ['loc-a', 'loc-b'],
      min_failing_locations: 2,
      response_classes: ['2XX'],
      flag_follow_redirect: false,
      notification_group_ids: [],
    },
    workspaceId,
  );
  t.is(created.status, 201, JSON.stringify(created.json));
  const checkId: number = created.json.data.id;

  const up = await call('POST', `/mobile/uptime-checks/${checkId}/test-now`, undefined, workspaceId);
  t.is(up.status, 200, JSON.stringify(up.json));
  t.is(up.json.data.state, 'UP');
  t.deepEqual(up.json.data.results.map((r: { location: string }) => r.location).sort(), ['loc-a', 'loc-b']);

  targetStatus = 503;
  const down = await call('POST', `/mobile/uptime-checks/${checkId}/test-now`, undefined, workspaceId);
  t.is(down.json.data.state, 'DOWN');
  t.true(down.json.data.results.every((r: { reason: string }) => /503/.test(r.reason)), JSON.stringify(down.json.data.results));

  const runs = await call('GET', `/mobile/uptime-checks/${checkId}/runs`, undefined, workspaceId);
  t.is(runs.status, 200);
  t.true(runs.json.pagination.total >= 2);
});
