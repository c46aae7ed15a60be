import test from 'ava';
import { buildChatMessage } from '../../src/notify/channels/chat.js';
import { buildEmail } from '../../src/notify/channels/email.js';
import { buildMessengerText } from '../../src/notify/channels/messenger.js';
import { buildPushMessage, isDeadTokenAnswer } from '../../src/notify/channels/push.js';
import { buildSmsBody } from '../../src/notify/channels/sms.js';
import type { OutboxEventView } from '../../src/notify/event.js';

const failed: OutboxEventView = {
  eventType: 'uptime.check.failed',
  occurredAt: new Date('2026-03-04T05:06:07Z'),
  clientId: 3,
  workspaceId: 9,
  resource: { type: 'uptime_check', id: 41, name: 'Shop <prod> & *main*', url_or_host: 'https://shop.example.com/a_b' },
  context: { incident_id: 77, severity: 'critical', failed_locations: ['eu-west', 'us-east'] },
  ssl: null,
  certificate: null,
};

const changed: OutboxEventView = {
  ...failed,
  eventType: 'domain.ssl.certificate_changed',
  resource: { type: 'domain', id: 5, name: 'example.com' },
  context: null,
  certificate: {
    changed: ['fingerprint', 'serial'],
    previous: { fingerprint_sha256: 'AA:BB', serial_number: '01', issuer: 'Old CA', not_after: '2026-04-01T00:00:00Z' },
    current: { fingerprint_sha256: 'CC:DD', serial_number: '02', issuer: 'New CA', not_after: '2026-07-01T00:00:00Z' },
  },
};

test('chat: text plus section and context blocks, mrkdwn special characters escaped', (t) => {
  const message = buildChatMessage(failed);
  t.true(message.text.startsWith('DOWN: Shop <prod> & *main*'));
  t.deepEqual(message.blocks.map((b) => (b as { type: string }).type), ['section', 'section', 'context']);
  const title = (message.blocks[0] as { text: { type: string; text: string } }).text;
  t.deepEqual(title, { type: 'mrkdwn', text: '*DOWN: Shop &lt;prod&gt; &amp; *main**' });
  const facts = (message.blocks[1] as { text: { text: string } }).text.text;
  t.true(facts.includes('*Severity:* critical'));
  t.true(facts.includes('*Failing locations:* eu-west, us-east'));
  t.true(facts.includes('*Incident:* #77'));
});

test('messenger: Markdown title in bold, entity characters escaped', (t) => {
  const text = buildMessengerText(failed);
  t.true(text.startsWith('*DOWN: Shop <prod> & \\*main\\**\n'));
  t.true(text.includes('Target: https://shop.example.com/a\\_b'));
});

test('certificate change notices name both fingerprints and serials', (t) => {
  const text = buildMessengerText(changed);
  t.true(text.startsWith('*Certificate of example.com changed*'));
  t.true(text.includes('SHA-256 fingerprint: AA:BB → CC:DD'));
  t.true(text.includes('Serial number: 01 → 02'));
  t.true(text.includes('Expires: 2026-07-01 00:00:00 UTC'));
});

test('e-mail: subject, text part and an HTML part with every value escaped', (t) => {
  const mail = buildEmail(failed);
  t.is(mail.subject, '[Vantage] DOWN: Shop <prod> & *main*');
  t.true(mail.text.includes('Severity: critical'));
  t.true(mail.html.includes('<h2>DOWN: Shop &lt;prod&gt; &amp; *main*</h2>'));
  t.false(mail.html.includes('<prod>'));
});

test('expiry wording follows the days left', (t) => {
  const expiring = (days: number): OutboxEventView => ({
    ...failed,
    eventType: 'domain.ssl.expiring_soon',
    resource: { type: 'domain', id: 5, name: 'example.com' },
    context: null,
    ssl: { days_until_expiry: days, not_after: '2026-03-18 12:00:00' },
  });
  t.true(buildSmsBody(expiring(14)).startsWith('Vantage: Certificate of example.com expires in 14 days'));
  t.true(buildSmsBody(expiring(1)).includes('expires in 1 day\n'));
  t.true(buildSmsBody(expiring(0)).includes('expires today'));
});

test('SMS stays within two segments however long the facts are', (t) => {
  const long = { ...failed, context: { ...failed.context!, failed_locations: Array.from({ length: 60 }, (_, i) => `location-${i}`) } };
  const body = buildSmsBody(long);
  t.true(body.length <= 300);
  t.true(body.startsWith('Vantage: DOWN:'));
});

test('push: FCM v1 message with notification and string-only data', (t) => {
  const message = buildPushMessage(failed, 'b'.repeat(32), 'device-1') as { message: { token: string; data: Record<string, unknown>; notification: { title: string } } };
  t.is(message.message.token, 'device-1');
  t.is(message.message.notification.title, 'DOWN: Shop <prod> & *main*');
  for (const value of Object.values(message.message.data)) t.is(typeof value, 'string');
  t.like(message.message.data, { delivery_id: 'b'.repeat(32), event_type: 'uptime.check.failed', workspace_id: '9', resource_id: '41' });
});

test('dead device tokens: UNREGISTERED or INVALID_ARGUMENT answers only', (t) => {
  const answer = (status: string, errorCode?: string) =>
    JSON.stringify({ error: { status, details: errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [] } });
  t.true(isDeadTokenAnswer(404, answer('NOT_FOUND', 'UNREGISTERED')));
  t.true(isDeadTokenAnswer(400, answer('INVALID_ARGUMENT', 'INVALID_ARGUMENT')));
  t.true(isDeadTokenAnswer(404, answer('UNREGISTERED')));
  t.false(isDeadTokenAnswer(404, 'not json'));
  t.false(isDeadTokenAnswer(500, answer('INTERNAL', 'UNREGISTERED')));
  t.false(isDeadTokenAnswer(403, answer('PERMISSION_DENIED', 'SENDER_ID_MISMATCH')));
  t.false(isDeadTokenAnswer(429, answer('RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED')));
});
