import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import { createApiApp } from '../../src/api/app.js';
import { isDatabaseUnavailable } from '../../src/api/database-unavailable.js';
import { closeServer, listen } from '../../src/api/http-server.js';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { createLogger } from '../../src/log.js';
import { closeStore, migrate, openStore, type Store } from '../../src/store/orm.js';
import { provisionClient } from '../../src/store/provisioning.js';
import { PrivatePostgres } from '../support/private-postgres.js';
import { basic } from './helpers/api-harness.js';

let postgres: PrivatePostgres;
let store: Store;
let server: Server;
let origin: string;
let workspaceId: number;
const email = 'outage-api@example.com';
const password = 'correct horse battery staple';

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${origin}${path}`, {
    method,
    headers: { authorization: basic(email, password), 'x-workspace-id': String(workspaceId), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

test.before(async () => {
  postgres = await PrivatePostgres.start();
  store = await openStore({ databaseUrl: postgres.url });
  await migrate(store);
  workspaceId = (await provisionClient(store.em.fork(), { name: 'Outage', email, password, plan: 'pro' })).workspace_id;
  const logger = createLogger('silent');
  const settings = loadSettings({ VANTAGE_LOCATIONS: 'eu-west' });
  server = await listen(createApiApp({ settings, logger, store, bus: new InProcessBus(logger), now: () => new Date() }), 0, '127.0.0.1');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.after.always(async () => {
  if (server) await closeServer(server);
  if (store) await closeStore(store).catch(() => undefined);
  await postgres?.dispose();
});

test('while the database is away the API answers 503 with Retry-After in the error envelope, never 500, and recovers on its return', async (t) => {
  t.timeout(60_000);
  t.is((await call('GET', '/app/api/v1/mobile/uptime-checks')).status, 200);

  await postgres.stop('immediate');
  const requests: Array<[string, string, unknown?]> = [
    ['GET', '/app/api/v1/mobile/uptime-checks'],
    ['POST', '/app/api/v1/mobile/uptime-checks', { name: 'x', check_type: 'http', hostname: 'x.example.com', protocol: 'https', trigger_locations: ['eu-west'], min_failing_locations: 1 }],
    ['GET', '/app/api/v1/mobile/domains'],
    ['GET', '/app/api/v1/mobile/incidents'],
  ];
  for (const [method, path, body] of requests) {
    const response = await call(method, path, body);
    t.is(response.status, 503, `${method} ${path}`);
    t.is(response.headers.get('retry-after'), '5');
    const answer = (await response.json()) as { error: { code: string; message: string } };
    t.is(answer.error.code, 'SERVICE_UNAVAILABLE');
  }
  t.is((await fetch(`${origin}/readyz`)).status, 503);
  t.is((await fetch(`${origin}/healthz`)).status, 200);

  await postgres.resume();
  t.is((await call('GET', '/app/api/v1/mobile/uptime-checks')).status, 200, 'the first request after the return succeeds');
  t.is((await fetch(`${origin}/readyz`)).status, 200);
  // The create and the update run their one statement outside a transaction: they come back as well.
  const created = await call('POST', '/app/api/v1/mobile/uptime-checks', { ...requests[1]![2] as object, name: 'after the return' });
  t.is(created.status, 201);
  const { data } = (await created.json()) as { data: { id: number } };
  const updated = await call('POST', `/app/api/v1/mobile/uptime-checks/${data.id}/update`, { ...requests[1]![2] as object, name: 'after the return, renamed' });
  t.is(updated.status, 200);
});

test('only errors that say the database is away count as unavailability', (t) => {
  const withCode = (code: string) => Object.assign(new Error('x'), { code });
  t.true(isDatabaseUnavailable(withCode('ECONNREFUSED')));
  t.true(isDatabaseUnavailable(withCode('57P01')));
  t.true(isDatabaseUnavailable(new Error('outer', { cause: withCode('08006') })));
  t.true(isDatabaseUnavailable(Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })));
  t.false(isDatabaseUnavailable(withCode('23505')), 'a unique violation is the request, not the database');
  t.false(isDatabaseUnavailable(new Error('syntax error at or near "select"')));
  t.false(isDatabaseUnavailable(null));
  t.false(isDatabaseUnavailable('ECONNREFUSED'));
});
