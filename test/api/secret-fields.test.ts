import test from 'ava';
import { memberPermissions } from '../../src/domain/permissions.js';
import { ApiHarness, type Account } from './helpers/api-harness.js';

let api: ApiHarness;
let admin: Account;
let member: Account;
let groupId: number;

const WEBHOOK = 'https://hooks.example.com/services/T000/B000/XXXXsecrettokenXXXX?sig=abcdef123456';
const CHAT = 'https://chat.example.com/webhook/abcdefsecretchat0001';
const BOT_TOKEN = '123456789:AAbbCCddEEffGGhhIIjjKKllMMnnOOppQQ';

test.before(async () => {
  api = await ApiHarness.start({}, { AMQP_URL: 'amqp://publisher:secret@127.0.0.1:5672/%2F', VANTAGE_AMQP_CLIENT_SECRET: 'k'.repeat(32) });
  admin = await api.account('pro');
  // A member who works on the groups of the workspace but is no administrator.
  member = await api.member(admin, { permissions: memberPermissions(), shareWorkspaces: [admin.workspaceId] });
  const created = await api.call('POST', '/mobile/notification-groups', {
    account: admin,
    body: { name: 'ops', webhook_url: WEBHOOK, chat_incoming_webhook_url: CHAT, messenger_bot_token: BOT_TOKEN, messenger_chat_id: '42' },
  });
  groupId = created.body.data.id;
});

test.after.always(async () => {
  await api?.close();
});

const asMember = () => ({ as: member, workspace: admin.workspaceId });

test('webhook_url: in full for administrators; path and query masked for others, in the list and the detail', async (t) => {
  const adminView = await api.call('GET', `/mobile/notification-groups/${groupId}`, { account: admin });
  t.is(adminView.body.data.webhook_url, WEBHOOK);
  for (const path of [`/mobile/notification-groups/${groupId}`, '/mobile/notification-groups']) {
    const res = await api.call('GET', path, asMember());
    t.is(res.status, 200, res.text);
    const group = Array.isArray(res.body.data) ? res.body.data[0] : res.body.data;
    t.regex(group.webhook_url, /^https:\/\/hooks\.example\.com\/…/);
    t.false(group.webhook_url.includes('secrettoken'));
    t.false(group.webhook_url.includes('sig='));
    t.false(res.text.includes('secrettoken'), path);
  }
});

test('webhook_url: the masked form sent back keeps the stored URL', async (t) => {
  const masked = (await api.call('GET', `/mobile/notification-groups/${groupId}`, asMember())).body.data.webhook_url;
  const res = await api.call('POST', `/mobile/notification-groups/${groupId}/update`, { account: admin, body: { webhook_url: masked } });
  t.is(res.status, 200, res.text);
  t.is((await api.call('GET', `/mobile/notification-groups/${groupId}`, { account: admin })).body.data.webhook_url, WEBHOOK);
});

test('chat_incoming_webhook_url and messenger_bot_token are masked for everyone; webhook_secret only for administrators', async (t) => {
  for (const who of [{ account: admin }, asMember()]) {
    const res = await api.call('GET', `/mobile/notification-groups/${groupId}`, who);
    t.false(res.text.includes('abcdefsecretchat'));
    t.false(res.text.includes(BOT_TOKEN));
  }
  t.truthy((await api.call('GET', `/mobile/notification-groups/${groupId}`, { account: admin })).body.data.webhook_secret);
  t.is((await api.call('GET', `/mobile/notification-groups/${groupId}`, asMember())).body.data.webhook_secret, null);
});

test('amqp-config: broker credentials only for administrators and users with manage_notification_groups', async (t) => {
  const full = await api.call('GET', '/mobile/amqp-config', { as: admin });
  t.is(full.status, 200);
  t.truthy(full.body.data.username);
  t.truthy(full.body.data.password);
  t.truthy((await api.call('GET', '/mobile/amqp-config', { as: member })).body.data.password);
  const viewer = await api.member(admin, { permissions: { ...memberPermissions(), manage_notification_groups: false } });
  const reduced = await api.call('GET', '/mobile/amqp-config', { as: viewer });
  t.is(reduced.status, 200);
  t.is(reduced.body.data.username, null);
  t.is(reduced.body.data.password, null);
  t.is(reduced.body.data.exchange, full.body.data.exchange);
  t.false(reduced.text.includes(full.body.data.password));
});
