import test from 'ava';
import { IncidentWriter } from '../../../src/engine/incident-writer.js';
import { startNotifier, type Notifier } from '../../../src/notify/notifier.js';
import { verifyWebhookSignature } from '../../../src/notify/webhook-signature.js';
import { announceStartedWindows, announcesSchedule } from '../../../src/status-pages/subscriptions/maintenance-notices.js';
import { ApiHarness, type Account } from '../../api/helpers/api-harness.js';
import { startReceiver, type Receiver } from '../../support/notify/receiver.js';
import { notifySettings } from '../../support/notify/settings.js';
import { makeTestCertificates } from '../../support/notify/tls.js';
import { waitFor } from '../../support/notify/wait.js';
import { silent } from './harness.js';

let api: ApiHarness;
let strictApi: ApiHarness;
let owner: Account;
let receiver: Receiver;
let notifier: Notifier;

test.before(async () => {
  api = await ApiHarness.start({}, { VANTAGE_ALLOW_PRIVATE_TARGETS: '1', VANTAGE_PUBLIC_URL: 'https://status.example.test' });
  strictApi = await ApiHarness.start({ store: api.store });
  owner = await api.account('pro');
  const certificates = makeTestCertificates();
  receiver = await startReceiver(() => ({ status: 204 }), certificates);
  notifier = startNotifier({
    settings: notifySettings({ VANTAGE_EXTRA_CA_FILE: certificates.caFile, VANTAGE_PUBLIC_URL: 'https://status.example.test' }),
    logger: silent,
    store: api.store,
  });
});

test.after.always(async () => {
  await notifier?.stop();
  await receiver?.close();
  await strictApi?.close();
  await api?.close();
});

test.serial('a webhook subscriber added through the API gets signed deliveries of the incident and its public update', async (t) => {
  const checkId = (await api.call('POST', '/mobile/uptime-checks', { account: owner, body: { name: 'Private name', check_type: 'http', hostname: 'db.internal.example', protocol: 'https' } })).body.data.id;
  const page = await api.call('POST', '/mobile/status-pages', { account: owner, body: { slug: `hooks-${process.pid}`, title: 'Hooks', components: [{ uptime_check_id: checkId, display_name: 'Database' }] } });
  t.is(page.status, 201, page.text);
  const hooks = `/mobile/status-pages/${page.body.data.id}/webhook-subscribers`;

  const added = await api.call('POST', hooks, { account: owner, body: { url: `${receiver.origin}/status-hook` } });
  t.is(added.status, 201, added.text);
  const { secret, id } = added.body.data as { secret: string; id: number };
  t.regex(secret, /^[0-9a-f]{64}$/);
  t.is((await api.call('POST', hooks, { account: owner, body: { url: `${receiver.origin}/status-hook` } })).status, 409);
  t.deepEqual((await api.call('GET', hooks, { account: owner })).body.data.map((hook: { id: number }) => hook.id), [id]);

  const incidentId = await new IncidentWriter(api.store).open({ checkId, cycleId: `hook-${process.pid}`, at: Date.now(), severity: 'major', failures: [{ location: 'eu-west', reason: 'refused' }], compatibleLocations: 2 });
  const update = await api.call('POST', `/mobile/incidents/${incidentId}/public-updates`, { account: owner, body: { state: 'identified', body: 'A disk filled up.' } });
  t.is(update.status, 201, update.text);

  const requests = await receiver.waitForRequests(2, 30_000);
  for (const request of requests) {
    t.is(request.path, '/status-hook');
    t.true(verifyWebhookSignature(secret, request.body, String(request.headers['x-vantage-signature']), Math.floor(Date.now() / 1000)));
    t.false(verifyWebhookSignature('another secret', request.body, String(request.headers['x-vantage-signature']), Math.floor(Date.now() / 1000)));
    t.notRegex(request.body, /internal\.example|Private name/);
    t.is(request.headers['x-vantage-event'], (JSON.parse(request.body) as { event_type: string }).event_type);
  }
  // Both were due at once: the notifier may send them in either order.
  const bodies = requests.map((request) => JSON.parse(request.body) as Record<string, unknown>);
  const ofType = (type: string) => bodies.find((body) => body.event_type === type);
  t.like(ofType('status_page.incident.opened'), { incident_id: incidentId, components: ['Database'], status_page: { slug: `hooks-${process.pid}`, title: 'Hooks', url: `https://status.example.test/status/hooks-${process.pid}` } });
  t.like(ofType('status_page.incident.updated'), { incident_id: incidentId, state: 'identified', message: 'A disk filled up.' });
  t.not(requests[0]!.headers['x-vantage-delivery'], requests[1]!.headers['x-vantage-delivery']);

  t.is((await api.call('POST', `${hooks}/${id}/delete`, { account: owner })).status, 200);
  t.deepEqual((await api.call('GET', hooks, { account: owner })).body.data, []);
});

test.serial('webhook URLs follow the webhook rules: https only, no credentials, no private address unless allowed; hostile input is 4xx', async (t) => {
  const page = await api.call('POST', '/mobile/status-pages', { account: owner, body: { slug: `rules-${process.pid}`, title: 'Rules' } });
  const hooks = `/mobile/status-pages/${page.body.data.id}/webhook-subscribers`;
  for (const url of ['http://hooks.example.com/', 'javascript:alert(1)', 'https://user:pass@hooks.example.com/', 'not a url', 'https://hooks.example.com/\u0000', 'https://hooks.example.com/\ud800', `https://hooks.example.com/${'a'.repeat(5000)}`, '']) {
    const refused = await api.call('POST', hooks, { account: owner, body: { url } });
    t.is(refused.status, 422, `${url.slice(0, 40)}: ${refused.text}`);
  }
  t.is((await api.call('POST', hooks, { account: owner, body: { url: 2 ** 63 } })).status, 422);
  t.is((await strictApi.call('POST', hooks, { account: owner, body: { url: 'https://127.0.0.1/hook' } })).status, 422, 'loopback refused where private targets are not allowed');
  t.is((await api.call('POST', '/mobile/status-pages/999999/webhook-subscribers', { account: owner, body: { url: 'https://hooks.example.com/' } })).status, 404);
  const stranger = await api.account('pro');
  t.is((await api.call('GET', hooks, { account: stranger })).status, 404, "another workspace's page is not found");
  t.is((await api.call('POST', `${hooks}/1/delete`, { account: owner })).status, 404);
});

test.serial('maintenance: a window scheduled ahead and a window that starts are each told once', async (t) => {
  const checkId = (await api.call('POST', '/mobile/uptime-checks', { account: owner, body: { name: 'Queue', check_type: 'http', hostname: 'queue.example.com', protocol: 'https' } })).body.data.id;
  const page = await api.call('POST', '/mobile/status-pages', { account: owner, body: { slug: `maint-${process.pid}`, title: 'Maint', components: [{ uptime_check_id: checkId, display_name: 'Queue' }] } });
  t.is(page.status, 201, page.text);
  const hook = await api.call('POST', `/mobile/status-pages/${page.body.data.id}/webhook-subscribers`, { account: owner, body: { url: `${receiver.origin}/maintenance-hook` } });
  t.is(hook.status, 201, hook.text);
  const told = () => receiver.requests.filter((request) => request.path === '/maintenance-hook').map((request) => JSON.parse(request.body) as Record<string, unknown>);
  const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
  const upsert = (body: unknown) => api.call('POST', '/mobile/maintenance-windows/upsert', { account: owner, body });

  const ahead = { name: 'Broker upgrade', scope: 'uptime_check', uptime_check_id: checkId, starts_at: iso(3600_000), ends_at: iso(7200_000) };
  const scheduled = await upsert(ahead);
  t.is(scheduled.status, 201, scheduled.text);
  await receiver.waitForRequests(receiver.requests.length + 1, 30_000);
  // Saved again unchanged: nothing new to tell.
  t.is((await upsert({ ...ahead, id: scheduled.body.data.id })).status, 200);

  const now = await upsert({ name: 'Failover drill', scope: 'workspace', starts_at: iso(-1000), ends_at: iso(3600_000) });
  t.is(now.status, 201, now.text);
  await waitFor(() => told().some((body) => body.event_type === 'status_page.maintenance.started'), 30_000, 'the started notice');
  t.is(await announceStartedWindows(api.store, new Date()), 0, 'a start is claimed once');

  const notices = told();
  t.is(notices.filter((body) => body.event_type === 'status_page.maintenance.scheduled').length, 1);
  t.like(notices.find((body) => body.event_type === 'status_page.maintenance.scheduled'), { window_id: scheduled.body.data.id, message: 'Broker upgrade', components: ['Queue'] });
  t.is(notices.filter((body) => body.event_type === 'status_page.maintenance.started').length, 1);
  t.like(notices.find((body) => body.event_type === 'status_page.maintenance.started'), { window_id: now.body.data.id, message: 'Failover drill' });
});

test('a schedule is announced when a window becomes enabled with a future start or its future start moves', (t) => {
  const now = new Date('2026-11-26T10:00:00Z');
  const later = new Date('2026-11-26T12:00:00Z');
  const past = new Date('2026-11-26T09:00:00Z');
  t.true(announcesSchedule(null, { enabled: true, startsAt: later }, now));
  t.false(announcesSchedule(null, { enabled: false, startsAt: later }, now));
  t.false(announcesSchedule(null, { enabled: true, startsAt: past }, now));
  t.false(announcesSchedule({ enabled: true, startsAt: later }, { enabled: true, startsAt: later }, now));
  t.true(announcesSchedule({ enabled: false, startsAt: later }, { enabled: true, startsAt: later }, now));
  t.true(announcesSchedule({ enabled: true, startsAt: later }, { enabled: true, startsAt: new Date(later.getTime() + 60_000) }, now));
});
