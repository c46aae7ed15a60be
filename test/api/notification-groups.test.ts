import test from 'ava';
import { NotificationGroup } from '../../src/store/entities/notification-group.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let owner: Account;

test.before(async () => {
  api = await ApiHarness.start({}, { VANTAGE_ALLOW_PRIVATE_TARGETS: '0' });
  owner = await api.account('trial');
});

test.after.always(async () => {
  await api?.close();
});

const create = (account: Account, body: unknown, workspace?: number) =>
  api.call('POST', '/mobile/notification-groups', { account, body, ...(workspace ? { workspace } : {}) });

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

test('create with every channel: 201; detail masks secrets, shows the signing secret to administrators only', async (t) => {
  const body = {
    name: 'On call',
    email_addresses: ['Ops@Example.com', 'ops@example.com', 'dev@example.com'],
    phone_numbers: ['+14155550123'],
    webhook_url: 'https://hooks.example.com/vantage',
    chat_incoming_webhook_url: 'https://chat.example.com/services/T000/B000/XXXXsecretXXXX',
    messenger_bot_token: TOKEN,
    messenger_chat_id: '-1001234567',
    push_enabled: true,
    trigger_7_days: false,
  };
  const res = await create(owner, body);
  t.is(res.status, 201);
  const id = res.body.data.id;
  const detail = await api.call('GET', `/mobile/notification-groups/${id}`, { account: owner });
  t.is(detail.status, 200);
  t.like(detail.body.data, {
    id,
    name: 'On call',
    email_addresses: ['ops@example.com', 'dev@example.com'],
    phone_numbers: ['+14155550123'],
    webhook_url: 'https://hooks.example.com/vantage',
    chat_incoming_webhook_url: 'https://chat.example.com/…XXXX',
    messenger_bot_token: '123…Dsaw',
    messenger_chat_id: '-1001234567',
    push_enabled: true,
    trigger_30_days: true,
    trigger_14_days: true,
    trigger_7_days: false,
    trigger_3_days: true,
    trigger_1_day: true,
    uptime_check_ids: [],
    domain_ids: [],
  });
  t.deepEqual(detail.body.data.channels, ['email', 'sms', 'webhook', 'chat', 'messenger', 'push']);
  t.false(detail.text.includes(TOKEN));
  t.false(detail.text.includes('XXXXsecretXXXX'));
  t.regex(detail.body.data.webhook_secret, /^[0-9a-f]{64}$/);
  const stored = await api.em.findOneOrFail(NotificationGroup, id);
  t.is(stored.webhookSecret, detail.body.data.webhook_secret);
  t.is(stored.messengerBotToken, TOKEN);

  const member = await api.member(owner, { shareWorkspaces: [owner.workspaceId] });
  const asMember = await api.call('GET', `/mobile/notification-groups/${id}`, { as: member, workspace: owner.workspaceId });
  t.is(asMember.status, 200);
  t.is(asMember.body.data.webhook_secret, null);
  const list = await api.call('GET', '/mobile/notification-groups', { account: owner });
  t.false(list.text.includes(TOKEN));
  t.false('webhook_secret' in list.body.data[0]);
});

test('field rules at their edges are 422 naming the field', async (t) => {
  const fifty = Array.from({ length: 50 }, (_, i) => `u${i}@example.com`);
  t.is((await create(owner, { name: 'n'.repeat(200), email_addresses: fifty })).status, 201);
  t.is((await create(owner, { name: 'Phones', phone_numbers: Array.from({ length: 50 }, (_, i) => `+1415555${String(i).padStart(4, '0')}`) })).status, 201);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ name: '', push_enabled: true }, 'name'],
    [{ name: '   ', push_enabled: true }, 'name'],
    [{ name: 'n'.repeat(201), push_enabled: true }, 'name'],
    [{ push_enabled: true }, 'name'],
    [{ name: 'x', email_addresses: [...fifty, 'u50@example.com'] }, 'email_addresses'],
    [{ name: 'x', email_addresses: ['not-an-address'] }, 'email_addresses[0]'],
    [{ name: 'x', phone_numbers: ['4155550123'] }, 'phone_numbers[0]'],
    [{ name: 'x', phone_numbers: ['+0123456'] }, 'phone_numbers[0]'],
    [{ name: 'x', phone_numbers: ['+1234567890123456'] }, 'phone_numbers[0]'],
    [{ name: 'x', webhook_url: 'http://hooks.example.com/' }, 'webhook_url'],
    [{ name: 'x', webhook_url: 'not a url' }, 'webhook_url'],
    [{ name: 'x', webhook_url: 'https://127.0.0.1/hook' }, 'webhook_url'],
    [{ name: 'x', webhook_url: 'https://localhost/hook' }, 'webhook_url'],
    [{ name: 'x', webhook_url: `https://example.com/${'a'.repeat(2030)}` }, 'webhook_url'],
    [{ name: 'x', chat_incoming_webhook_url: 'http://chat.example.com/x' }, 'chat_incoming_webhook_url'],
    [{ name: 'x', messenger_bot_token: TOKEN }, 'messenger_chat_id'],
    [{ name: 'x', messenger_chat_id: '42' }, 'messenger_bot_token'],
    [{ name: 'x', push_enabled: 'yes' }, 'push_enabled'],
    [{ name: 'x', push_enabled: true, trigger_1_day: 'no' }, 'trigger_1_day'],
    [{ name: 'x' }, 'channels'],
    [{ name: 'x', email_addresses: [], push_enabled: false }, 'channels'],
  ];
  for (const [body, field] of cases) {
    const res = await create(owner, body);
    t.is(res.status, 422, JSON.stringify(body).slice(0, 90));
    t.is(res.body.error.code, 'VALIDATION_ERROR');
    t.truthy(res.body.error.fields?.[field], `${field} in ${JSON.stringify(res.body.error.fields)}`);
  }
  t.regex((await create(owner, { name: 'x' })).body.error.fields.channels, /at least one channel/);
  t.is((await create(owner, { name: 'n'.repeat(200), push_enabled: true })).status, 409);
});

test('update changes only the given fields, keeps masked secrets, refuses leaving no channel', async (t) => {
  const id = (await create(owner, { name: 'Partial', messenger_bot_token: TOKEN, messenger_chat_id: '7', email_addresses: ['a@example.com'] })).body.data.id;
  const masked = (await api.call('GET', `/mobile/notification-groups/${id}`, { account: owner })).body.data.messenger_bot_token;
  const res = await api.call('POST', `/mobile/notification-groups/${id}/update`, { account: owner, body: { phone_numbers: ['+442071838750'], messenger_bot_token: masked, trigger_30_days: false } });
  t.is(res.status, 200);
  t.like(res.body.data, { name: 'Partial', email_addresses: ['a@example.com'], phone_numbers: ['+442071838750'], messenger_chat_id: '7', trigger_30_days: false, trigger_1_day: true });
  t.is((await api.em.findOneOrFail(NotificationGroup, id)).messengerBotToken, TOKEN);
  const cleared = await api.call('POST', `/mobile/notification-groups/${id}/update`, { account: owner, body: { messenger_bot_token: null, messenger_chat_id: null, email_addresses: null } });
  t.is(cleared.status, 200);
  t.deepEqual(cleared.body.data.channels, ['sms']);
  const none = await api.call('POST', `/mobile/notification-groups/${id}/update`, { account: owner, body: { phone_numbers: [] } });
  t.is(none.status, 422);
  t.truthy(none.body.error.fields.channels);
  t.is((await api.call('POST', `/mobile/notification-groups/${id}/update`, { account: owner, body: { webhook_url: 'ftp://x.example.com' } })).status, 422);
  await create(owner, { name: 'Taken name', push_enabled: true });
  t.is((await api.call('POST', `/mobile/notification-groups/${id}/update`, { account: owner, body: { name: 'Taken name' } })).status, 409);
  t.is((await api.call('POST', `/mobile/notification-groups/${id}/update`, { account: owner, body: { name: 'Partial' } })).status, 200);
});

test('delete detaches the group from checks and domains; groups of another workspace cannot be attached', async (t) => {
  const id = (await create(owner, { name: 'Attached', push_enabled: true })).body.data.id;
  const check = await api.call('POST', '/mobile/uptime-checks', {
    account: owner,
    body: { name: 'Grouped', check_type: 'http', hostname: 'example.com', protocol: 'https', notification_group_ids: [id] },
  });
  t.is(check.status, 201, JSON.stringify(check.body));
  const domain = await api.call('POST', '/mobile/domains', { account: owner, body: { name: 'grouped.example.com', notification_group_ids: [id] } });
  const detail = await api.call('GET', `/mobile/notification-groups/${id}`, { account: owner });
  t.deepEqual(detail.body.data.uptime_check_ids, [check.body.data.id]);
  t.deepEqual(detail.body.data.domain_ids, [domain.body.data.id]);
  const removed = await api.call('POST', `/mobile/notification-groups/${id}/delete`, { account: owner });
  t.is(removed.status, 200);
  t.is((await api.call('GET', `/mobile/notification-groups/${id}`, { account: owner })).status, 404);
  t.deepEqual((await api.call('GET', `/mobile/uptime-checks/${check.body.data.id}`, { account: owner })).body.data.notification_group_ids, []);
  t.deepEqual((await api.call('GET', `/mobile/domains/${domain.body.data.id}`, { account: owner })).body.data.notification_group_ids, []);
  t.true(api.bus.durable.some((m) => m.subject === `vantage.changes.notification_group.${id}` && (m.data as { action: string }).action === 'deleted'));

  const second = await api.workspace(owner, 'Second');
  const elsewhere = (await create(owner, { name: 'Elsewhere', push_enabled: true }, second)).body.data.id;
  const refused = await api.call('POST', '/mobile/uptime-checks', {
    account: owner,
    body: { name: 'Cross', check_type: 'http', hostname: 'example.com', protocol: 'https', notification_group_ids: [elsewhere] },
  });
  t.is(refused.status, 422);
  t.is((await api.call('GET', `/mobile/notification-groups/${elsewhere}`, { account: owner })).status, 404);
});

test('list is paginated; permission, plan limit, entitlement and isolation', async (t) => {
  const account = await api.account('basic');
  for (const name of ['b', 'a', 'c']) await create(account, { name, push_enabled: true });
  const list = await api.call('GET', '/mobile/notification-groups?limit=2&offset=1', { account });
  t.deepEqual(list.body.pagination, { limit: 2, offset: 1, total: 3 });
  t.deepEqual(list.body.data.map((g: { name: string }) => g.name), ['b', 'c']);
  t.is((await api.call('GET', '/mobile/notification-groups?limit=0', { account })).status, 400);

  const em = api.em;
  for (let i = 3; i < 10; i++) em.create(NotificationGroup, { workspace: account.workspaceId, name: `g${i}`, webhookSecret: 'x', pushEnabled: true });
  await em.flush();
  const limited = await create(account, { name: 'eleventh', push_enabled: true });
  t.is(limited.status, 403);
  t.regex(limited.body.error.message, /10 notification groups/);

  const member = await api.member(account, { permissions: { manage_notification_groups: false }, shareWorkspaces: [account.workspaceId] });
  t.is((await api.call('GET', '/mobile/notification-groups', { as: member, workspace: account.workspaceId })).status, 403);
  t.is((await api.call('POST', '/mobile/notification-groups', { as: member, workspace: account.workspaceId, body: { name: 'm', push_enabled: true } })).status, 403);

  const expired = await api.account('expired');
  t.is((await create(expired, { name: 'e', push_enabled: true })).status, 402);

  const id = list.body.data[0].id;
  const other = await api.account('trial');
  for (const path of [`/${id}`, `/${id}/update`, `/${id}/delete`]) {
    const read = path === `/${id}`;
    const res = await api.call(read ? 'GET' : 'POST', `/mobile/notification-groups${path}`, { account: other, ...(read ? {} : { body: { push_enabled: true } }) });
    t.is(res.status, 404, path);
  }
  t.is((await api.call('GET', '/mobile/notification-groups', { account: other, workspace: account.workspaceId })).status, 403);
  t.is((await api.call('PATCH', `/mobile/notification-groups/${id}`, { account })).status, 405);
});
