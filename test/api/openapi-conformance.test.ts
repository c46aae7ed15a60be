import test from 'ava';
import { Incident } from '../../src/store/entities/incident.js';
import { closeStore, openStore, type Store } from '../../src/store/orm.js';
import { freshDatabase } from '../support/database.js';
import { startHttpTarget } from '../support/http-target.js';
import { startServe, stopServe, type ServeProcess } from '../support/serve-process.js';
import { temporaryFolder } from '../support/temporary-folder.js';
import { basic } from './helpers/api-harness.js';
import { ConformanceRecorder, type ServedDocument } from './helpers/openapi-conformance.js';

/**
 * A walk through every operation of the served OpenAPI document against a running `serve`,
 * successes and the errors each route documents, every answer checked by an independent validator.
 */

const database = await freshDatabase();
// Removed at exit: when every test here is skipped (no PostgreSQL), no hook runs.
const dataDir = temporaryFolder('conformance');
const PUBLIC_URL = 'https://vantage.example.test';
const OWNER = { email: 'owner@conformance.test', password: 'conformance-password' };
let target: Awaited<ReturnType<typeof startHttpTarget>> | undefined;

let serve: ServeProcess;
let store: Store | undefined;
test.before(async () => {
  target = await startHttpTarget();
  serve = await startServe({
    DATABASE_URL: database.databaseUrl,
    VANTAGE_DATA_DIR: dataDir,
    VANTAGE_LOCATIONS: 'loc-a',
    VANTAGE_PUBLIC_URL: PUBLIC_URL,
    VANTAGE_ADMIN_EMAIL: OWNER.email,
    VANTAGE_ADMIN_PASSWORD: OWNER.password,
  });
});
test.after.always(async () => {
  if (serve) await stopServe(serve);
  if (store) await closeStore(store);
  target?.close();
  await database.drop();
});

interface Call {
  body?: unknown;
  rawBody?: string | FormData;
  contentType?: string;
  workspace?: number | string;
  as?: { email: string; password: string } | null;
}

// The walk writes an incident into serve's database beside it, which needs PostgreSQL: the embedded one is opened by one process.
const besideServe = database.databaseUrl ? test.serial : test.serial.skip;

besideServe('every operation answers as the served OpenAPI document says (needs DATABASE_URL)', async (t) => {
  const documentResponse = await fetch(`${serve.baseUrl}/app/api/v1/openapi.json`);
  const document = (await documentResponse.json()) as ServedDocument;
  t.deepEqual(document.servers, [{ url: `${PUBLIC_URL}/app/api/v1` }], 'the server URL comes from VANTAGE_PUBLIC_URL');
  const recorder = new ConformanceRecorder(document);

  const call = async (method: string, path: string, options: Call = {}): Promise<{ status: number; json: any }> => {
    const headers: Record<string, string> = {};
    const as = options.as === undefined ? OWNER : options.as;
    if (as) headers.authorization = basic(as.email, as.password);
    if (options.workspace !== undefined) headers['x-workspace-id'] = String(options.workspace);
    let body: string | FormData | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (typeof body === 'string') headers['content-type'] = options.contentType ?? 'application/json';
    const response = await fetch(`${serve.baseUrl}/app/api/v1${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    recorder.check(method, path.split('?')[0]!, response.status, response.headers.get('content-type'), text);
    const json = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text;
    return { status: response.status, json };
  };
  const expect = async (status: number, method: string, path: string, options: Call = {}): Promise<any> => {
    const answer = await call(method, path, options);
    t.is(answer.status, status, `${method} ${path}: ${JSON.stringify(answer.json).slice(0, 300)}`);
    return answer.json;
  };

  // Account and sign-in.
  await expect(200, 'POST', '/authenticate', { as: null, body: { email_address: OWNER.email, password: OWNER.password } });
  const me = await expect(200, 'GET', '/mobile/auth/me');
  const ws: number = me.data.current_workspace_id;
  await expect(401, 'GET', '/mobile/auth/me', { as: { email: OWNER.email, password: 'wrong-password' } });
  await expect(200, 'GET', '/mobile/amqp-config');
  await expect(200, 'GET', '/mobile/billing/summary');
  await expect(200, 'POST', '/mobile/push/register-token', { body: { token: 'conformance-push-token' } });
  await expect(200, 'POST', '/mobile/push/unregister-token', { body: { token: 'conformance-push-token' } });
  await expect(422, 'POST', '/mobile/push/register-token', { body: {} });
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const form = new FormData();
  form.append('profile_image', new Blob([png], { type: 'image/png' }), 'me.png');
  await expect(200, 'POST', '/mobile/account/upload-image', { rawBody: form });
  await expect(415, 'POST', '/mobile/account/upload-image', { body: {} });
  await expect(422, 'POST', '/mobile/account/change-password', { body: { current_password: OWNER.password, new_password: 'x' } });
  await expect(200, 'POST', '/mobile/account/change-password', { body: { current_password: OWNER.password, new_password: 'temporary-password-1' } });
  await expect(200, 'POST', '/mobile/account/change-password', {
    as: { email: OWNER.email, password: 'temporary-password-1' },
    body: { current_password: 'temporary-password-1', new_password: OWNER.password },
  });

  // Middleware answers.
  await expect(400, 'GET', '/mobile/dashboard/summary');
  await expect(403, 'GET', '/mobile/dashboard/summary', { workspace: 999_999 });
  await expect(405, 'GET', '/mobile/uptime-checks/bulk-pause', { workspace: ws });
  await expect(415, 'POST', '/mobile/uptime-checks', { workspace: ws, rawBody: 'name=x', contentType: 'text/plain' });
  await expect(400, 'POST', '/mobile/uptime-checks', { workspace: ws, rawBody: '{"name":', contentType: 'application/json' });
  await expect(200, 'GET', '/mobile/dashboard/summary', { workspace: ws });
  await expect(200, 'GET', '/mobile/search?q=local', { workspace: ws });
  await expect(400, 'GET', '/mobile/search', { workspace: ws });

  // Notification groups.
  const group = await expect(201, 'POST', '/mobile/notification-groups', { workspace: ws, body: { name: 'On call', email_addresses: ['oncall@conformance.test'] } });
  const groupId: number = group.data.id;
  await expect(409, 'POST', '/mobile/notification-groups', { workspace: ws, body: { name: 'On call', push_enabled: true } });
  await expect(422, 'POST', '/mobile/notification-groups', { workspace: ws, body: { name: '' } });
  await expect(200, 'GET', '/mobile/notification-groups', { workspace: ws });
  await expect(200, 'GET', `/mobile/notification-groups/${groupId}`, { workspace: ws });
  await expect(404, 'GET', '/mobile/notification-groups/999999', { workspace: ws });
  await expect(200, 'POST', `/mobile/notification-groups/${groupId}/update`, { workspace: ws, body: { name: 'On call team' } });
  const sentTest = await expect(200, 'POST', `/mobile/notification-groups/${groupId}/send-test`, { workspace: ws });
  const testDelivery: number = sentTest.data.deliveries[0].id;
  await expect(200, 'GET', `/mobile/notification-groups/${groupId}/deliveries`, { workspace: ws });
  await expect(200, 'GET', `/mobile/notification-groups/${groupId}/deliveries/${testDelivery}`, { workspace: ws });
  await expect(404, 'POST', `/mobile/notification-groups/${groupId}/deliveries/999999/retry`, { workspace: ws });

  // Uptime checks through their whole life.
  await expect(200, 'GET', '/mobile/uptime-checks/options', { workspace: ws });
  const fields = {
    name: 'Local target',
    check_type: 'http',
    hostname: `127.0.0.1:${target!.port}`,
    protocol: 'http',
    check_frequency: 1,
    response_timeout: 2000,
    notification_group_ids: [groupId],
  };
  const created = await expect(201, 'POST', '/mobile/uptime-checks', { workspace: ws, body: fields });
  const checkId: number = created.data.id;
  await expect(409, 'POST', '/mobile/uptime-checks', { workspace: ws, body: fields });
  await expect(422, 'POST', '/mobile/uptime-checks', { workspace: ws, body: { ...fields, name: 'Other', check_frequency: 7 } });
  await expect(200, 'GET', '/mobile/uptime-checks?status=all&paused=false', { workspace: ws });
  await expect(400, 'GET', '/mobile/uptime-checks?status=sideways', { workspace: ws });
  await expect(200, 'POST', `/mobile/uptime-checks/${checkId}/test-now`, { workspace: ws });
  await expect(200, 'POST', `/mobile/uptime-checks/${checkId}/test-now`, { workspace: ws });
  await expect(200, 'GET', `/mobile/uptime-checks/${checkId}`, { workspace: ws });
  await expect(404, 'GET', '/mobile/uptime-checks/abc', { workspace: ws });
  await expect(200, 'POST', `/mobile/uptime-checks/${checkId}/update`, { workspace: ws, body: { ...fields, name: 'Local target (renamed)' } });
  await expect(200, 'GET', `/mobile/uptime-checks/${checkId}/runs?only_failed=false`, { workspace: ws });
  await expect(400, 'GET', `/mobile/uptime-checks/${checkId}/runs?from=yesterday`, { workspace: ws });
  await expect(200, 'GET', `/mobile/uptime-checks/${checkId}/latency`, { workspace: ws });
  await expect(200, 'GET', `/mobile/uptime-checks/${checkId}/sla-calendar`, { workspace: ws });
  await expect(400, 'GET', `/mobile/uptime-checks/${checkId}/sla-calendar?month=13`, { workspace: ws });
  const csv = await expect(200, 'GET', `/mobile/uptime-checks/${checkId}/export-csv`, { workspace: ws });
  t.regex(csv as string, /\n/);
  await expect(200, 'GET', `/mobile/uptime-checks/${checkId}/sla-report?period=week&time_zone=Europe/Berlin`, { workspace: ws });
  await expect(400, 'GET', `/mobile/uptime-checks/${checkId}/sla-report?time_zone=Nowhere/Land`, { workspace: ws });
  await expect(200, 'GET', `/mobile/uptime-checks/${checkId}/sla-report/export-csv`, { workspace: ws });
  await expect(200, 'GET', `/mobile/sla-reports?ids=${checkId}`, { workspace: ws });
  await expect(200, 'GET', '/mobile/sla-reports/export-csv', { workspace: ws });
  await expect(200, 'POST', `/mobile/uptime-checks/${checkId}/favorite`, { workspace: ws });
  await expect(200, 'POST', `/mobile/uptime-checks/${checkId}/pause`, { workspace: ws });
  await expect(200, 'POST', `/mobile/uptime-checks/${checkId}/resume`, { workspace: ws });
  await expect(200, 'POST', '/mobile/uptime-checks/bulk-pause', { workspace: ws, body: { action: 'pause', ids: [checkId, 999_999] } });
  await expect(422, 'POST', '/mobile/uptime-checks/bulk-pause', { workspace: ws, body: { action: 'sideways' } });

  // Incidents: the engine opens them; one is written as it would.
  store = await openStore({ databaseUrl: database.databaseUrl });
  const em = store.em.fork();
  const incident = em.create(Incident, {
    workspace: ws,
    check: checkId,
    severity: 'major',
    status: 'open',
    failedLocations: ['loc-a'],
    openedByCycle: 'conformance-1',
    openedAt: new Date(),
  });
  await em.flush();
  await expect(200, 'GET', '/mobile/incidents?status=open', { workspace: ws });
  await expect(400, 'GET', '/mobile/incidents?severity=apocalyptic', { workspace: ws });
  await expect(200, 'GET', `/mobile/incidents/${incident.id}`, { workspace: ws });
  await expect(200, 'POST', `/mobile/incidents/${incident.id}/acknowledge`, { workspace: ws });
  await expect(200, 'POST', `/mobile/incidents/${incident.id}/resolve`, { workspace: ws, body: { resolution_notes: 'restarted' } });
  await expect(409, 'POST', `/mobile/incidents/${incident.id}/acknowledge`, { workspace: ws });
  await expect(404, 'POST', '/mobile/incidents/999999/resolve', { workspace: ws, body: {} });
  await expect(201, 'POST', `/mobile/incidents/${incident.id}/public-updates`, { workspace: ws, body: { state: 'resolved', body: 'Restarted the service.' } });
  await expect(422, 'POST', `/mobile/incidents/${incident.id}/public-updates`, { workspace: ws, body: { state: 'fixed', body: 'x' } });
  await expect(200, 'GET', `/mobile/incidents/${incident.id}/public-updates`, { workspace: ws });
  await expect(404, 'GET', '/mobile/incidents/999999/public-updates', { workspace: ws });

  // Maintenance windows.
  const startsAt = new Date(Date.now() + 3_600_000).toISOString();
  const endsAt = new Date(Date.now() + 7_200_000).toISOString();
  const window = await expect(201, 'POST', '/mobile/maintenance-windows/upsert', {
    workspace: ws,
    body: { name: 'Upgrade', scope: 'uptime_check', uptime_check_id: checkId, starts_at: startsAt, ends_at: endsAt },
  });
  const windowId: number = window.data.id;
  await expect(200, 'POST', '/mobile/maintenance-windows/upsert', {
    workspace: ws,
    body: { id: windowId, name: 'Upgrade', description: 'database', scope: 'workspace', starts_at: startsAt, ends_at: endsAt },
  });
  await expect(422, 'POST', '/mobile/maintenance-windows/upsert', { workspace: ws, body: { name: 'Backwards', scope: 'workspace', starts_at: endsAt, ends_at: startsAt } });
  await expect(200, 'GET', '/mobile/maintenance-windows?state=scheduled', { workspace: ws });
  await expect(200, 'POST', '/mobile/maintenance-windows/delete', { workspace: ws, body: { id: windowId } });
  await expect(404, 'POST', '/mobile/maintenance-windows/delete', { workspace: ws, body: { id: windowId } });

  // Status pages.
  const statusPage = await expect(201, 'POST', '/mobile/status-pages', {
    workspace: ws,
    body: { slug: 'conformance', title: 'Conformance', components: [{ uptime_check_id: checkId, display_name: 'Target', group: 'Web' }], links: [{ label: 'Home', url: 'https://conformance.test/' }] },
  });
  const statusPageId: number = statusPage.data.id;
  await expect(409, 'POST', '/mobile/status-pages', { workspace: ws, body: { slug: 'conformance', title: 'Again' } });
  await expect(422, 'POST', '/mobile/status-pages', { workspace: ws, body: { slug: 'Not A Slug', title: 'x' } });
  await expect(200, 'GET', '/mobile/status-pages', { workspace: ws });
  await expect(200, 'GET', `/mobile/status-pages/${statusPageId}`, { workspace: ws });
  await expect(404, 'GET', '/mobile/status-pages/999999', { workspace: ws });
  await expect(200, 'POST', `/mobile/status-pages/${statusPageId}/update`, { workspace: ws, body: { time_zone: 'Europe/Berlin' } });
  const hooks = `/mobile/status-pages/${statusPageId}/webhook-subscribers`;
  const hook = await expect(201, 'POST', hooks, { workspace: ws, body: { url: 'https://hooks.conformance.test/status' } });
  await expect(409, 'POST', hooks, { workspace: ws, body: { url: 'https://hooks.conformance.test/status' } });
  await expect(422, 'POST', hooks, { workspace: ws, body: { url: 'javascript:alert(1)' } });
  await expect(200, 'GET', hooks, { workspace: ws });
  await expect(200, 'POST', `${hooks}/${hook.data.id}/delete`, { workspace: ws });
  await expect(404, 'POST', `${hooks}/${hook.data.id}/delete`, { workspace: ws });
  const logoForm = new FormData();
  logoForm.append('logo', new Blob([png], { type: 'image/png' }), 'logo.png');
  await expect(200, 'POST', `/mobile/status-pages/${statusPageId}/upload-logo`, { workspace: ws, rawBody: logoForm });
  await expect(200, 'POST', `/mobile/status-pages/${statusPageId}/delete-logo`, { workspace: ws });
  await expect(200, 'POST', `/mobile/status-pages/${statusPageId}/delete`, { workspace: ws });

  // Domains.
  const domain = await expect(201, 'POST', '/mobile/domains', { workspace: ws, body: { name: 'conformance.example.test', notification_group_ids: [groupId] } });
  const domainId: number = domain.data.id;
  await expect(409, 'POST', '/mobile/domains', { workspace: ws, body: { name: 'conformance.example.test' } });
  await expect(422, 'POST', '/mobile/domains', { workspace: ws, body: { name: 'not a domain' } });
  await expect(200, 'GET', '/mobile/domains?active=true', { workspace: ws });
  await expect(200, 'GET', `/mobile/domains/${domainId}`, { workspace: ws });
  await expect(200, 'POST', `/mobile/domains/${domainId}/update`, { workspace: ws, body: { description: 'the shop' } });
  const checked = await call('POST', `/mobile/domains/${domainId}/check-now`, { workspace: ws });
  t.true([200, 503].includes(checked.status), JSON.stringify(checked.json));
  await expect(200, 'GET', `/mobile/domains/${domainId}/certificate-history`, { workspace: ws });
  await expect(200, 'POST', `/mobile/domains/${domainId}/toggle`, { workspace: ws });
  await expect(200, 'POST', `/mobile/domains/${domainId}/delete`, { workspace: ws });

  // Administration.
  await expect(200, 'GET', '/admin/workspaces');
  const workspace = await expect(201, 'POST', '/admin/workspaces', { body: { name: 'Staging' } });
  const workspaceId: number = workspace.data.id;
  await expect(409, 'POST', '/admin/workspaces', { body: { name: 'Staging' } });
  await expect(200, 'POST', `/admin/workspaces/${workspaceId}/update`, { body: { name: 'Staging', description: 'pre-production' } });
  const user = await expect(201, 'POST', '/admin/users', { body: { email_address: 'member@conformance.test', password: 'member-password', workspace_ids: [] } });
  const userId: number = user.data.id;
  await expect(422, 'POST', '/admin/users', { body: { email_address: 'not-an-email', password: 'x' } });
  await expect(403, 'GET', '/admin/users', { as: { email: 'member@conformance.test', password: 'member-password' } });
  await expect(200, 'GET', '/admin/users');
  await expect(200, 'POST', `/admin/workspaces/${workspaceId}/share`, { body: { user_ids: [userId] } });
  await expect(200, 'POST', `/admin/workspaces/${workspaceId}/unshare`, { body: { user_ids: [userId] } });
  await expect(200, 'POST', `/admin/users/${userId}/update`, { body: { permissions: { manage_domains: false } } });
  await expect(200, 'POST', `/admin/users/${userId}/delete`);
  await expect(200, 'POST', `/admin/workspaces/${workspaceId}/delete`);
  await expect(404, 'POST', `/admin/workspaces/${workspaceId}/delete`);
  await expect(200, 'GET', '/admin/activity-log?action=workspace.create');
  await expect(400, 'GET', '/admin/activity-log?from=soon');
  await expect(200, 'GET', '/admin/account');
  await expect(200, 'POST', '/admin/account/update', { body: { billing_email: 'billing@conformance.test' } });
  await expect(422, 'POST', '/admin/account/delete', { body: { confirm: 'no' } });

  // Last: removing the check.
  await expect(200, 'POST', `/mobile/uptime-checks/${checkId}/delete`, { workspace: ws });
  await expect(200, 'POST', `/mobile/notification-groups/${groupId}/delete`, { workspace: ws });

  t.deepEqual(recorder.mismatches, [], 'answers that differ from the served document');
  const unseen = recorder.operationKeys().filter((key) => !recorder.seen.has(key));
  t.deepEqual(unseen, [], 'operations the walk did not reach');
});
