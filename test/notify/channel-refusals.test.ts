import test from 'ava';
import { EmailChannel } from '../../src/notify/channels/email.js';
import { PushChannel } from '../../src/notify/channels/push.js';
import { SmsChannel } from '../../src/notify/channels/sms.js';
import { ChatChannel } from '../../src/notify/channels/chat.js';
import type { OutboxEventView } from '../../src/notify/event.js';
import { MailSender } from '../../src/notify/mail-sender.js';
import { OutboundHttp } from '../../src/notify/outbound-http.js';
import type { Store } from '../../src/store/orm.js';

const event: OutboxEventView = {
  eventType: 'uptime.check.failed',
  occurredAt: new Date('2026-01-01T00:00:00Z'),
  clientId: 1,
  workspaceId: 2,
  resource: { type: 'uptime_check', id: 3, name: 'API', url_or_host: 'api.example.com' },
  context: null,
  ssl: null,
  certificate: null,
};
const signal = new AbortController().signal;
const to = (destination: string) => ({ deliveryId: '0'.repeat(32), destination, group: { id: 1, webhookSecret: 's', messengerBotToken: null } });
const strict = new OutboundHttp({ allowPrivate: false, timeoutMs: 1000 });
test.after.always(() => strict.close());

test('e-mail without SMTP_URL, or to a malformed address, fails with the reason', async (t) => {
  t.deepEqual(await new EmailChannel(new MailSender(undefined, 'a@b.example', { timeoutMs: 1000 })).send(event, to('ops@example.com'), signal), {
    kind: 'failed',
    reason: 'e-mail is not configured on this server (SMTP_URL)',
  });
  t.deepEqual(await new EmailChannel(new MailSender('smtp://127.0.0.1:1', 'a@b.example', { timeoutMs: 1000 })).send(event, to('not an address'), signal), {
    kind: 'failed',
    reason: '"not an address" is not an e-mail address',
  });
});

test('an unreachable SMTP relay is a passing failure', async (t) => {
  const mail = new MailSender('smtp://127.0.0.1:1', 'a@b.example', { timeoutMs: 1000 });
  const outcome = await new EmailChannel(mail).send(event, to('ops@example.com'), signal);
  mail.close();
  t.is(outcome.kind, 'retry');
});

test('SMS without an account, or to a number not in E.164 form, fails with the reason', async (t) => {
  const account = { apiBaseUrl: 'http://127.0.0.1:1', accountSid: 'AC1', authToken: 't', from: '+15550000000' };
  t.deepEqual(await new SmsChannel(strict, { ...account, authToken: undefined }).send(event, to('+15551234567'), signal), {
    kind: 'failed',
    reason: 'SMS is not configured on this server (VANTAGE_SMS_ACCOUNT_SID, _AUTH_TOKEN, _FROM)',
  });
  t.deepEqual(await new SmsChannel(strict, account).send(event, to('0171 1234'), signal), { kind: 'failed', reason: '"0171 1234" is not a phone number in E.164 form' });
});

test('push without a project or credential fails with the reason, before reading any device', async (t) => {
  const store = {} as Store;
  const outcome = await new PushChannel(strict, store, { apiBaseUrl: 'http://127.0.0.1:1', projectId: undefined, accessToken: null }).send(event, to('2'), signal);
  t.deepEqual(outcome, { kind: 'failed', reason: 'push is not configured on this server (VANTAGE_PUSH_PROJECT_ID and a credential)' });
});

test('user-given chat URLs: other schemes, credentials, malformed URLs and private addresses are refused', async (t) => {
  const chat = new ChatChannel(strict);
  const reasons = async (url: string) => {
    const outcome = await chat.send(event, to(url), signal);
    return outcome.kind === 'failed' ? outcome.reason : `not refused: ${outcome.kind}`;
  };
  t.is(await reasons('ftp://chat.example.com/x'), 'only http:// and https:// destinations are accepted');
  t.is(await reasons('https://user:pw@chat.example.com/x'), 'credentials in the URL are not accepted');
  t.is(await reasons('not a url'), 'the destination is not a valid URL');
  t.is(await reasons('http://127.0.0.1:9/x'), '127.0.0.1 is a loopback address, which notifications may not reach');
  t.is(await reasons('http://10.1.2.3/x'), '10.1.2.3 is a private address, which notifications may not reach');
  t.is(await reasons('http://169.254.169.254/latest/meta-data'), '169.254.169.254 is a link-local address, which notifications may not reach');
  t.is(await reasons('http://[::ffff:127.0.0.1]/x'), '::ffff:7f00:1 is a loopback address, which notifications may not reach');
  t.is(await reasons('http://[fd00::1]/x'), 'fd00::1 is a unique-local address, which notifications may not reach');
  t.regex(await reasons('http://localhost:9/x'), /^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
});

test('webhook and chat destinations in IPv4-in-IPv6, numeric and special-purpose forms are refused at connection time', async (t) => {
  const chat = new ChatChannel(strict);
  const refused = ['https://[64:ff9b::a9fe:a9fe]/x', 'https://[2002:7f00:1::]/x', 'https://[64:ff9b:1::a00:1]/x', 'https://198.18.0.1/x', 'https://2130706433/x', 'https://0x7f.1/x', 'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x'];
  for (const url of refused) {
    const outcome = await chat.send(event, to(url), signal);
    t.is(outcome.kind, 'failed', url);
    t.regex(outcome.kind === 'failed' ? outcome.reason : '', /which notifications may not reach/, url);
    await t.throwsAsync(strict.request({ method: 'POST', url, body: '{}', headers: {}, userDestination: true }, signal), { message: /may not reach/ });
  }
});
