import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { Domain } from '../../src/store/entities/domain.js';
import { closeStore, openStore } from '../../src/store/orm.js';
import { createTestPki } from '../agents/helpers/pki.js';
import { startHttpsServer } from '../agents/helpers/servers.js';
import { freshDatabase } from '../support/database.js';
import { startHttpTarget } from '../support/http-target.js';
import { startServe, stopServe, type ServeProcess } from '../support/serve-process.js';

/**
 * A self-hosted install watching internal names: names only in the hosts file resolve for checks
 * and domains, edits of the file are seen, and a certificate from the company CA is trusted once
 * VANTAGE_EXTRA_CA_FILE names that CA.
 */

const database = await freshDatabase();
const folder = mkdtempSync(join(tmpdir(), 'vantage-local-names-'));
const hostsFile = join(folder, 'hosts');
writeFileSync(hostsFile, '# test hosts file\n127.0.0.1\tweb.intranet.test   shop.intranet.test # both on loopback\n::1 ip6-only.intranet.test\n');
const pki = createTestPki(['shop.intranet.test']);
writeFileSync(join(folder, 'company-ca.pem'), pki.caPem);
const target = await startHttpTarget();
const shop = await startHttpsServer(pki.valid, (_req, res) => res.end('shop'));

let serve: ServeProcess;
test.before(async () => {
  serve = await startServe({
    DATABASE_URL: database.databaseUrl,
    VANTAGE_DATA_DIR: join(folder, 'data'),
    VANTAGE_LOCATIONS: 'loc-a',
    VANTAGE_HOSTS_FILE: hostsFile,
    VANTAGE_EXTRA_CA_FILE: join(folder, 'company-ca.pem'),
    VANTAGE_ADMIN_EMAIL: 'owner@intranet.test',
    VANTAGE_ADMIN_PASSWORD: 'intranet-password',
  });
});
test.after.always(async () => {
  if (serve) await stopServe(serve);
  target.close();
  await shop.close();
  await database.drop();
  rmSync(folder, { recursive: true, force: true });
});

const authorization = `Basic ${Buffer.from('owner@intranet.test:intranet-password').toString('base64')}`;

async function call(method: string, path: string, workspaceId?: number, body?: unknown): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = { authorization };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (workspaceId !== undefined) headers['x-workspace-id'] = String(workspaceId);
  const response = await fetch(`${serve.baseUrl}/app/api/v1${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: response.status, json: await response.json() };
}

const httpCheck = (name: string, host: string) => ({ name, check_type: 'http', hostname: `${host}:${target.port}`, protocol: 'http', response_timeout: 2000 });

test.serial('an HTTP check on a name only the hosts file knows is UP; names added to the file later resolve too', async (t) => {
  const workspaceId: number = (await call('GET', '/mobile/auth/me')).json.data.current_workspace_id;
  const created = await call('POST', '/mobile/uptime-checks', workspaceId, httpCheck('Intranet web', 'web.intranet.test'));
  t.is(created.status, 201, JSON.stringify(created.json));
  const run = await call('POST', `/mobile/uptime-checks/${created.json.data.id}/test-now`, workspaceId);
  t.is(run.json.data.state, 'UP', JSON.stringify(run.json.data.results));

  const later = await call('POST', '/mobile/uptime-checks', workspaceId, httpCheck('Added later', 'later.intranet.test'));
  const before = await call('POST', `/mobile/uptime-checks/${later.json.data.id}/test-now`, workspaceId);
  t.is(before.json.data.state, 'DOWN');
  t.regex(before.json.data.results[0].reason, /cannot resolve later\.intranet\.test/);
  appendFileSync(hostsFile, '127.0.0.1 later.intranet.test\n');
  const deadline = Date.now() + 30_000;
  let state = before.json.data.state as string;
  while (state !== 'UP' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    state = (await call('POST', `/mobile/uptime-checks/${later.json.data.id}/test-now`, workspaceId)).json.data.state;
  }
  t.is(state, 'UP', 'an edit of the hosts file is seen without a restart');
});

// The test writes into serve's database beside it, which needs PostgreSQL: the embedded one is opened by one process.
const besideServe = database.databaseUrl ? test.serial : test.serial.skip;

besideServe('a domain on a hosts-file name with a certificate from the company CA is read and trusted (needs DATABASE_URL)', async (t) => {
  const workspaceId: number = (await call('GET', '/mobile/auth/me')).json.data.current_workspace_id;
  const created = await call('POST', '/mobile/domains', workspaceId, { name: 'shop.intranet.test' });
  t.is(created.status, 201, JSON.stringify(created.json));
  // The API takes names only (port 443); the test server listens elsewhere, so the port is set as the operator's manifests may.
  const store = await openStore({ databaseUrl: database.databaseUrl });
  t.teardown(() => closeStore(store));
  await store.em.fork().nativeUpdate(Domain, { id: created.json.data.id }, { name: `shop.intranet.test:${shop.port}` });
  const checked = await call('POST', `/mobile/domains/${created.json.data.id}/check-now`, workspaceId);
  t.is(checked.status, 200, JSON.stringify(checked.json));
  const certificate = checked.json.data.certificate;
  t.truthy(certificate, JSON.stringify(checked.json.data));
  t.true(certificate.trusted, certificate.verification_error ?? '');
  t.true(certificate.hostname_matches);
  t.is(certificate.verification_error, null);
});
