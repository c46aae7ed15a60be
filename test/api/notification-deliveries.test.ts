import { Writable } from 'node:stream';
import test from 'ava';
import { createLogger } from '../../src/log.js';
import { startNotifier, type Notifier } from '../../src/notify/notifier.js';
import { verifyWebhookSignature } from '../../src/notify/webhook-signature.js';
import { NotificationGroup } from '../../src/store/entities/notification-group.js';
import { startReceiver, type Answer, type Receiver } from '../support/notify/receiver.js';
import { notifySettings } from '../support/notify/settings.js';
import { makeTestCertificates } from '../support/notify/tls.js';
import { waitFor } from '../support/notify/wait.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

/**
 * The deliveries API against a real notifier and real HTTPS receivers whose certificates come
 * from a private CA given as VANTAGE_EXTRA_CA_FILE (and one from a CA it was not given). The
 * notifier backs off for ten minutes after a passing failure, so only a retry now can deliver.
 */
const certificates = makeTestCertificates();
const strangers = makeTestCertificates();
const logLines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let api: ApiHarness;
let notifier: Notifier;
let owner: Account;
const receivers: Receiver[] = [];

test.before(async () => {
  api = await ApiHarness.start({}, { VANTAGE_ALLOW_PRIVATE_TARGETS: '1' });
  const settings = notifySettings({ VANTAGE_EXTRA_CA_FILE: certificates.caFile, VANTAGE_NOTIFY_RETRY_BASE_MS: '600000', VANTAGE_NOTIFY_RETRY_MAX_MS: '600000' });
  notifier = startNotifier({ settings, logger: createLogger('info', sink), store: api.store, bus: api.bus });
  owner = await api.account('trial');
});

test.after.always(async () => {
  await notifier?.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await api?.close();
});

async function receiver(respond: (index: number) => Answer, tls = certificates): Promise<Receiver> {
  const started = await startReceiver((_request, index) => respond(index), tls);
  receivers.push(started);
  return started;
}

async function webhookGroup(name: string, url: string, account = owner): Promise<number> {
  const res = await api.call('POST', '/mobile/notification-groups', { account, body: { name, webhook_url: url } });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data.id;
}

const deliveriesOf = (group: number, query = '', account = owner) => api.call('GET', `/mobile/notification-groups/${group}/deliveries${query}`, { account });
const deliveryOf = (group: number, id: number) => api.call('GET', `/mobile/notification-groups/${group}/deliveries/${id}`, { account: owner });
const sendTest = (group: number, account = owner) => api.call('POST', `/mobile/notification-groups/${group}/send-test`, { account });
const retryNow = (group: number, id: number) => api.call('POST', `/mobile/notification-groups/${group}/deliveries/${id}/retry`, { account: owner });

async function until(group: number, id: number, status: string, attempts: number): Promise<Record<string, any>> {
  let last: Record<string, any> = {};
  await waitFor(async () => {
    last = (await deliveryOf(group, id)).body.data;
    return last.status === status && last.attempt_count === attempts;
  }, 15_000, `delivery ${id} ${status} after ${attempts} attempts`);
  return last;
}

test.serial('a test notification goes through the outbox to the HTTPS receiver, signed, and its attempt shows', async (t) => {
  const hook = await receiver(() => ({ status: 204 }));
  const group = await webhookGroup('Test target', `${hook.origin}/hooks/vantage`);
  const sent = await sendTest(group);
  t.is(sent.status, 200, sent.text);
  t.is(sent.body.data.event_type, 'notification.test');
  t.is(sent.body.data.deliveries.length, 1);
  const [planned] = sent.body.data.deliveries;
  t.like(planned, { channel: 'webhook', status: 'pending', attempt_count: 0, event_type: 'notification.test', resource: { type: 'notification_group', id: group, name: 'Test target' } });

  const [request] = await hook.waitForRequests(1);
  const body = JSON.parse(request!.body);
  t.like(body, { schema_version: 1, delivery_id: planned.delivery_id, event_type: 'notification.test', client_id: owner.clientId, workspace_id: owner.workspaceId });
  t.deepEqual(body.resource, { type: 'notification_group', id: group, name: 'Test target' });
  t.regex(body.occurred_at, /Z$/);
  t.is(request!.headers['x-vantage-event'], 'notification.test');
  const secret = (await api.em.findOneOrFail(NotificationGroup, group)).webhookSecret;
  t.true(verifyWebhookSignature(secret, request!.body, String(request!.headers['x-vantage-signature']), Math.floor(Date.now() / 1000)));

  const done = await until(group, planned.id, 'delivered', 1);
  t.is(done.next_attempt_at, null);
  t.truthy(done.delivered_at);
  t.is(done.attempts.length, 1);
  t.like(done.attempts[0], { outcome: 'delivered', response_code: 204, error: null });
  const list = await deliveriesOf(group);
  t.deepEqual(list.body.pagination, { limit: 50, offset: 0, total: 1 });
  t.is(list.body.data[0].delivery_id, planned.delivery_id);
  t.is((await deliveriesOf(group, '?status=failed')).body.pagination.total, 0);

  const again = await retryNow(group, planned.id);
  t.is(again.status, 409);
  t.is(again.body.error.code, 'CONFLICT');
});

test.serial('a backing-off delivery waits for its next attempt; retry now delivers it at once', async (t) => {
  let healthy = false;
  const hook = await receiver(() => (healthy ? { status: 200 } : { status: 503, body: '{"error":"maintenance"}' }));
  const group = await webhookGroup('Flaky receiver', `${hook.origin}/hook`);
  const id = (await sendTest(group)).body.data.deliveries[0].id;
  const waiting = await until(group, id, 'pending', 1);
  t.like(waiting.attempts[0], { outcome: 'retry', response_code: 503, error: 'HTTP 503' });
  t.is(waiting.last_error, 'HTTP 503');
  t.true(Date.parse(waiting.next_attempt_at) > Date.now() + 60_000, 'the next attempt is minutes away');

  healthy = true;
  const retried = await retryNow(group, id);
  t.is(retried.status, 200, retried.text);
  t.is(retried.body.data.status, 'pending');
  t.true(Date.parse(retried.body.data.next_attempt_at) <= Date.now());
  const done = await until(group, id, 'delivered', 2);
  t.deepEqual(done.attempts.map((a: { outcome: string }) => a.outcome), ['retry', 'delivered']);
  t.is(hook.requests.length, 2);
  t.is(JSON.parse(hook.requests[0]!.body).delivery_id, JSON.parse(hook.requests[1]!.body).delivery_id, 'a retry carries the same delivery_id');
});

test.serial('a receiver certificate from an unknown CA: the error names VANTAGE_EXTRA_CA_FILE, in the attempt and the log', async (t) => {
  const hook = await receiver(() => ({ status: 200 }), strangers);
  const group = await webhookGroup('Private CA receiver', `${hook.origin}/hook`);
  const id = (await sendTest(group)).body.data.deliveries[0].id;
  const waiting = await until(group, id, 'pending', 1);
  t.regex(waiting.attempts[0].error, /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED|UNABLE_TO_GET_ISSUER/);
  t.regex(waiting.attempts[0].error, /VANTAGE_EXTRA_CA_FILE/);
  t.is(waiting.attempts[0].response_code, null);
  const line = logLines.find((entry) => entry.delivery_id === waiting.delivery_id && entry.level === 40);
  t.truthy(line, 'a warn line for the attempt');
  t.regex(String(line?.reason), /VANTAGE_EXTRA_CA_FILE/);
  const started = logLines.find((entry) => entry.msg === 'trusting extra certificate authorities from VANTAGE_EXTRA_CA_FILE');
  t.deepEqual(started?.subjects, ['CN=Vantage Test CA']);
  t.is(started?.extra_ca_file, certificates.caFile);
});

test.serial('a delivery that failed for good is delivered by a retry now', async (t) => {
  let gone = true;
  const hook = await receiver(() => (gone ? { status: 410 } : { status: 202 }));
  const group = await webhookGroup('Moved receiver', `${hook.origin}/hook`);
  const id = (await sendTest(group)).body.data.deliveries[0].id;
  const failed = await until(group, id, 'failed', 1);
  t.like(failed, { next_attempt_at: null, last_error: 'HTTP 410' });
  t.like(failed.attempts[0], { outcome: 'failed', response_code: 410 });
  const givenUp = logLines.find((entry) => entry.event === 'delivery.given_up' && entry.delivery_id === failed.delivery_id);
  t.like(givenUp, { level: 40, msg: 'notification delivery given up', channel: 'webhook', event_type: 'notification.test', group_id: group, attempts: 1, reason: 'HTTP 410' });
  t.is((await deliveriesOf(group, '?status=failed')).body.data[0].id, id);

  gone = false;
  t.is((await retryNow(group, id)).status, 200);
  const done = await until(group, id, 'delivered', 2);
  t.like(done.attempts[1], { outcome: 'delivered', response_code: 202 });
});

test.serial('a retry now restarts the give-up time: a passing failure after it backs off instead of failing for good', async (t) => {
  const hook = await receiver(() => ({ status: 503 }));
  const group = await webhookGroup('Old delivery', `${hook.origin}/hook`);
  const id = (await sendTest(group)).body.data.deliveries[0].id;
  await until(group, id, 'pending', 1);
  // As if the event were two days old: past the 24-hour give-up time, and given up.
  const em = api.em;
  await em.getConnection().execute(`update outbox_deliveries set created_at = now() - interval '2 days', status = 'failed' where id = ?`, [id]);
  t.is((await retryNow(group, id)).status, 200);
  const after = await until(group, id, 'pending', 2);
  t.is(after.attempts[1].outcome, 'retry');
  t.true(Date.parse(after.next_attempt_at) > Date.now() + 60_000, 'backing off again, not given up');
});

test.serial('every channel of the group gets the test notification; secrets stay masked for non-administrators', async (t) => {
  const hook = await receiver(() => ({ status: 200 }));
  const chat = await receiver(() => ({ status: 200 }));
  const created = await api.call('POST', '/mobile/notification-groups', {
    account: owner,
    body: { name: 'Two channels', webhook_url: `${hook.origin}/token/abcdefsecret`, chat_incoming_webhook_url: `${chat.origin}/services/T0/B0/XXXXsecretXXXX` },
  });
  const group = created.body.data.id;
  const sent = await sendTest(group);
  t.deepEqual(sent.body.data.deliveries.map((d: { channel: string }) => d.channel).sort(), ['chat', 'webhook']);
  const [chatRequest] = await chat.waitForRequests(1);
  t.regex(JSON.parse(chatRequest!.body).text, /Test notification for Two channels/);
  await hook.waitForRequests(1);

  const member = await api.member(owner, { shareWorkspaces: [owner.workspaceId] });
  const seen = await api.call('GET', `/mobile/notification-groups/${group}/deliveries`, { as: member, workspace: owner.workspaceId });
  t.is(seen.status, 200);
  t.false(seen.text.includes('XXXXsecretXXXX'));
  t.false(seen.text.includes('abcdefsecret'));
  t.true((await deliveriesOf(group)).text.includes('abcdefsecret'), 'administrators see the webhook URL in full, as on the group');
});

test.serial('bad inputs: unknown ids, another workspace, NUL bytes, 2^63, filters, permission and entitlement', async (t) => {
  const hook = await receiver(() => ({ status: 200 }));
  const group = await webhookGroup('Inputs', `${hook.origin}/hook`);
  const delivery = (await sendTest(group)).body.data.deliveries[0].id;
  const other = await webhookGroup('Other group', `${hook.origin}/other`);
  const second = await api.workspace(owner, 'Second');
  const elsewhere = (await api.call('POST', '/mobile/notification-groups', { account: owner, workspace: second, body: { name: 'Elsewhere', webhook_url: `${hook.origin}/x` } })).body.data.id;
  const stranger = await api.account('trial');

  const expect = async (method: string, path: string, status: number, code: string, account = owner) => {
    const res = await api.call(method, `/mobile/notification-groups${path}`, { account });
    t.is(res.status, status, `${method} ${path}: ${res.text}`);
    t.is(res.body?.success, false, path);
    t.is(res.body?.error?.code, code, path);
  };
  for (const [method, suffix] of [['GET', '/deliveries'], ['POST', '/send-test'], ['GET', `/deliveries/${delivery}`], ['POST', `/deliveries/${delivery}/retry`]] as const) {
    await expect(method, `/999999${suffix}`, 404, 'NOT_FOUND');
    await expect(method, `/${elsewhere}${suffix}`, 404, 'NOT_FOUND');
    await expect(method, `/${group}${suffix}`, 404, 'NOT_FOUND', stranger);
    // As on every route: a path id that is not a positive 32-bit integer names no resource.
    await expect(method, `/9223372036854775808${suffix}`, 404, 'NOT_FOUND');
    await expect(method, `/1%00${suffix}`, 404, 'NOT_FOUND');
  }
  await expect('GET', `/${other}/deliveries/${delivery}`, 404, 'NOT_FOUND');
  await expect('POST', `/${other}/deliveries/${delivery}/retry`, 404, 'NOT_FOUND');
  await expect('GET', `/${group}/deliveries/999999`, 404, 'NOT_FOUND');
  await expect('GET', `/${group}/deliveries/9223372036854775808`, 404, 'NOT_FOUND');
  await expect('POST', `/${group}/deliveries/9223372036854775808/retry`, 404, 'NOT_FOUND');
  await expect('GET', `/${group}/deliveries/%00`, 404, 'NOT_FOUND');
  await expect('GET', `/${group}/deliveries?status=lost`, 400, 'BAD_REQUEST');
  await expect('GET', `/${group}/deliveries?status=pend%00ing`, 400, 'BAD_REQUEST');
  await expect('GET', `/${group}/deliveries?limit=9223372036854775808`, 400, 'BAD_REQUEST');
  await expect('GET', `/${group}/deliveries?offset=-1`, 400, 'BAD_REQUEST');
  await expect('DELETE', `/${group}/deliveries/${delivery}`, 405, 'METHOD_NOT_ALLOWED');
  await expect('GET', `/${group}/send-test`, 405, 'METHOD_NOT_ALLOWED');

  const noPermission = await api.member(owner, { permissions: { manage_notification_groups: false }, shareWorkspaces: [owner.workspaceId] });
  for (const [method, path] of [['GET', `/${group}/deliveries`], ['POST', `/${group}/send-test`], ['POST', `/${group}/deliveries/${delivery}/retry`]] as const) {
    const res = await api.call(method, `/mobile/notification-groups${path}`, { as: noPermission, workspace: owner.workspaceId });
    t.is(res.status, 403, path);
    t.is(res.body.error.code, 'FORBIDDEN');
  }
  t.is((await api.call('GET', `/mobile/notification-groups/${group}/deliveries`, { account: owner, workspace: null })).status, 400);

  const expired = await api.account('trial');
  const expiredGroup = await webhookGroup('Soon expired', `${hook.origin}/e`, expired);
  await api.setPlan(expired, 'expired');
  const refused = await sendTest(expiredGroup, expired);
  t.is(refused.status, 402);
  t.is(refused.body.error.code, 'ENTITLEMENT_REQUIRED');
  t.is((await deliveriesOf(expiredGroup, '', expired)).status, 200, 'history stays readable after a downgrade');
});
