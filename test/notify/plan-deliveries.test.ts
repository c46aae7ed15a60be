import test from 'ava';
import type { GroupChannels } from '../../src/notify/channel.js';
import { CHANNEL_NAMES, SUBSCRIBER_CHANNEL_NAMES } from '../../src/notify/channel-name.js';
import { CLIENT_CHANNEL_ROUTING, GROUP_CHANNEL_ROUTING } from '../../src/notify/channel-routing.js';
import { planDeliveries } from '../../src/notify/plan-deliveries.js';

const group = (id: number, channels: Partial<GroupChannels> = {}): GroupChannels => ({
  id,
  workspace: { id: 7 },
  emailAddresses: [],
  phoneNumbers: [],
  webhookUrl: null,
  chatIncomingWebhookUrl: null,
  messengerBotToken: null,
  messengerChatId: null,
  pushEnabled: false,
  ...channels,
});

const full = group(1, {
  webhookUrl: 'https://hooks.example.com/a',
  chatIncomingWebhookUrl: 'https://chat.example.com/services/x',
  messengerBotToken: '123:abc',
  messengerChatId: '-100200',
  emailAddresses: ['ops@example.com', 'oncall@example.com'],
  phoneNumbers: ['+15551234567'],
  pushEnabled: true,
});

const summary = (plan: ReturnType<typeof planDeliveries>) => plan.map((p) => `${p.channel}:${p.destination}:${p.groupId}`);

test('a failure fans out to one delivery per channel and destination, plus the client exchange when AMQP is on', (t) => {
  t.deepEqual(summary(planDeliveries('uptime.check.failed', [full], { amqpExchange: 'vantage.client.3' })), [
    'webhook:https://hooks.example.com/a:1',
    'chat:https://chat.example.com/services/x:1',
    'messenger:-100200:1',
    'email:ops@example.com:1',
    'email:oncall@example.com:1',
    'sms:+15551234567:1',
    'push:7:1',
    'amqp:vantage.client.3:null',
  ]);
});

test('without AMQP configured there is no queue delivery', (t) => {
  t.false(planDeliveries('uptime.check.recovered', [full]).some((p) => p.channel === 'amqp'));
});

test('certificate change notices go to chat, messenger and push only', (t) => {
  t.deepEqual(summary(planDeliveries('domain.ssl.certificate_changed', [full], { amqpExchange: 'vantage.client.3' })), [
    'chat:https://chat.example.com/services/x:1',
    'messenger:-100200:1',
    'push:7:1',
  ]);
});

test('every one of the three webhook event types reaches every channel', (t) => {
  for (const type of ['uptime.check.failed', 'uptime.check.recovered', 'domain.ssl.expiring_soon'] as const) {
    t.is(planDeliveries(type, [full], { amqpExchange: 'x' }).length, 8, type);
  }
});

test('a channel that is off in a group gives nothing on it', (t) => {
  const onlyEmail = group(2, { emailAddresses: ['a@example.com'] });
  t.deepEqual(summary(planDeliveries('uptime.check.failed', [onlyEmail])), ['email:a@example.com:2']);
  t.deepEqual(planDeliveries('uptime.check.failed', [group(3)]), []);
  t.deepEqual(planDeliveries('uptime.check.failed', []), []);
});

test('a messenger chat id without a bot token is not a destination', (t) => {
  t.deepEqual(planDeliveries('uptime.check.failed', [group(4, { messengerChatId: '42' })]), []);
  t.deepEqual(planDeliveries('uptime.check.failed', [group(4, { messengerBotToken: '1:a' })]), []);
});

test('a destination named by two groups is delivered once, with the first group', (t) => {
  const a = group(10, { emailAddresses: ['Ops@Example.com'], webhookUrl: 'https://h.example.com/x', pushEnabled: true });
  const b = group(11, { emailAddresses: ['ops@example.com', 'other@example.com'], webhookUrl: 'https://h.example.com/x', pushEnabled: true });
  t.deepEqual(summary(planDeliveries('uptime.check.failed', [a, b])), [
    'webhook:https://h.example.com/x:10',
    'email:Ops@Example.com:10',
    'push:7:10',
    'email:other@example.com:11',
  ]);
});

test('blank addresses and numbers are skipped, others trimmed', (t) => {
  const g = group(12, { emailAddresses: ['  ', ' x@example.com '], phoneNumbers: [''] });
  t.deepEqual(summary(planDeliveries('uptime.check.failed', [g])), ['email:x@example.com:12']);
});

test('the test notification reaches every channel of the group, never the client exchange', (t) => {
  t.deepEqual(summary(planDeliveries('notification.test', [full], { amqpExchange: 'vantage.client.3' })), [
    'webhook:https://hooks.example.com/a:1',
    'chat:https://chat.example.com/services/x:1',
    'messenger:-100200:1',
    'email:ops@example.com:1',
    'email:oncall@example.com:1',
    'sms:+15551234567:1',
    'push:7:1',
  ]);
});

test('every channel but the client exchange and the status page subscribers\' routes from groups, each named once', (t) => {
  const names = GROUP_CHANNEL_ROUTING.map((routing) => routing.name);
  t.deepEqual([...names, CLIENT_CHANNEL_ROUTING.name, ...SUBSCRIBER_CHANNEL_NAMES].sort(), [...CHANNEL_NAMES].sort());
  t.is(new Set(names).size, names.length);
});
