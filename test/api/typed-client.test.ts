import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import createClient from 'openapi-fetch';
import { freshDatabase } from '../support/database.js';
import { startHttpTarget } from '../support/http-target.js';
import { startServe, stopServe, type ServeProcess } from '../support/serve-process.js';
import { basic } from './helpers/api-harness.js';
import { clientTypes } from './client/client-types.js';
import type { paths } from './client/vantage-api.js';

/** A client generated from the served document (openapi-typescript + openapi-fetch) drives a check through its whole life. */

const database = await freshDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'vantage-typed-client-'));
const OWNER = { email: 'owner@client.test', password: 'typed-client-password' };
const target = await startHttpTarget();
const targetPort = target.port;

let serve: ServeProcess;
test.before(async () => {
  serve = await startServe({
    DATABASE_URL: database.databaseUrl,
    VANTAGE_DATA_DIR: dataDir,
    VANTAGE_LOCATIONS: 'loc-a,loc-b',
    VANTAGE_ADMIN_EMAIL: OWNER.email,
    VANTAGE_ADMIN_PASSWORD: OWNER.password,
  });
});
test.after.always(async () => {
  if (serve) await stopServe(serve);
  target.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

test.serial('the committed client types are what openapi-typescript makes of the served document', async (t) => {
  const served = (await (await fetch(`${serve.baseUrl}/app/api/v1/openapi.json`)).json()) as object;
  const committed = readFileSync(fileURLToPath(new URL('../../../test/api/client/vantage-api.ts', import.meta.url)), 'utf8');
  t.true((await clientTypes(served)) === committed, 'test/api/client/vantage-api.ts differs: run npm run generate:api');
});

test.serial('a generated client creates, probes, edits, pauses and deletes a check', async (t) => {
  const client = createClient<paths>({ baseUrl: `${serve.baseUrl}/app/api/v1`, headers: { authorization: basic(OWNER.email, OWNER.password) } });
  const me = await client.GET('/mobile/auth/me');
  t.is(me.response.status, 200, JSON.stringify(me.error));
  const workspace = { 'X-Workspace-Id': me.data!.data.current_workspace_id! };

  const fields = {
    name: 'Typed client target',
    check_type: 'http',
    hostname: `127.0.0.1:${targetPort}`,
    protocol: 'http',
    check_frequency: 1,
    response_timeout: 2000,
    trigger_locations: ['loc-a', 'loc-b'],
  };
  const created = await client.POST('/mobile/uptime-checks', { params: { header: workspace }, body: fields });
  t.is(created.response.status, 201, JSON.stringify(created.error));
  const path = { id: created.data!.data.id };

  const up = await client.POST('/mobile/uptime-checks/{id}/test-now', { params: { header: workspace, path } });
  t.is(up.data?.data.state, 'UP', JSON.stringify(up.error));
  t.true(up.data!.data.results.every((result) => typeof result.latency_ms === 'number'));
  target.status = 503;
  const down = await client.POST('/mobile/uptime-checks/{id}/test-now', { params: { header: workspace, path } });
  t.is(down.data?.data.state, 'DOWN', JSON.stringify(down.error));

  const updated = await client.POST('/mobile/uptime-checks/{id}/update', { params: { header: workspace, path }, body: { ...fields, name: 'Typed client target, renamed' } });
  t.is(updated.data?.data.name, 'Typed client target, renamed', JSON.stringify(updated.error));
  const runs = await client.GET('/mobile/uptime-checks/{id}/runs', { params: { header: workspace, path, query: { limit: 10 } } });
  t.true((runs.data?.pagination.total ?? 0) >= 2, JSON.stringify(runs.error));
  const latency = await client.GET('/mobile/uptime-checks/{id}/latency', { params: { header: workspace, path } });
  t.true((latency.data?.data.points.length ?? 0) >= 1, JSON.stringify(latency.error));
  const calendar = await client.GET('/mobile/uptime-checks/{id}/sla-calendar', { params: { header: workspace, path } });
  t.is(calendar.response.status, 200, JSON.stringify(calendar.error));
  const csv = await client.GET('/mobile/uptime-checks/{id}/export-csv', { params: { header: workspace, path }, parseAs: 'text' });
  t.true((csv.data ?? '').trim().split(/\r?\n/).length >= 3, csv.data);

  const paused = await client.POST('/mobile/uptime-checks/{id}/pause', { params: { header: workspace, path } });
  t.is(paused.data?.data.paused, true);
  const resumed = await client.POST('/mobile/uptime-checks/{id}/resume', { params: { header: workspace, path } });
  t.is(resumed.data?.data.paused, false);
  const deleted = await client.POST('/mobile/uptime-checks/{id}/delete', { params: { header: workspace, path } });
  t.is(deleted.response.status, 200);
  const gone = await client.GET('/mobile/uptime-checks/{id}', { params: { header: workspace, path } });
  t.is(gone.response.status, 404);
  t.is(gone.error?.error.code, 'NOT_FOUND');
});
