import { createHmac } from 'node:crypto';
import test from 'ava';
import type { OutboxEventView } from '../../src/notify/event.js';
import { buildWebhookBody, formatNotAfter } from '../../src/notify/webhook-body.js';
import { signWebhook, verifyWebhookSignature } from '../../src/notify/webhook-signature.js';

const id = 'a'.repeat(32);
const failedEvent: OutboxEventView = {
  eventType: 'uptime.check.failed',
  occurredAt: new Date('2026-03-04T05:06:07.089Z'),
  clientId: 3,
  workspaceId: 9,
  resource: { type: 'uptime_check', id: 41, name: 'Shop', url_or_host: 'https://shop.example.com/health' },
  context: { incident_id: 77, severity: 'critical', failed_locations: ['eu-west', 'us-east'] },
  ssl: null,
  certificate: null,
};

test('check failure: exactly the contract fields, in order, with their types', (t) => {
  const body = buildWebhookBody(failedEvent, id);
  t.deepEqual(Object.keys(body), ['schema_version', 'delivery_id', 'event_type', 'occurred_at', 'client_id', 'workspace_id', 'resource', 'context']);
  t.deepEqual(body, {
    schema_version: 1,
    delivery_id: id,
    event_type: 'uptime.check.failed',
    occurred_at: '2026-03-04T05:06:07.089Z',
    client_id: 3,
    workspace_id: 9,
    resource: { type: 'uptime_check', id: 41, name: 'Shop', url_or_host: 'https://shop.example.com/health' },
    context: { incident_id: 77, severity: 'critical', failed_locations: ['eu-west', 'us-east'] },
  });
  t.regex(body.occurred_at as string, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
});

test('recovery keeps the context; a check event without one omits it', (t) => {
  const recovered = buildWebhookBody({ ...failedEvent, eventType: 'uptime.check.recovered', context: { incident_id: 77, severity: 'recovered', failed_locations: [] } }, id);
  t.deepEqual(recovered.context, { incident_id: 77, severity: 'recovered', failed_locations: [] });
  t.false('context' in buildWebhookBody({ ...failedEvent, context: null }, id));
  t.false('ssl' in recovered);
});

test('extra keys stored on the event never leak into the payload', (t) => {
  const event = {
    ...failedEvent,
    resource: { ...failedEvent.resource, secret: 'x' } as OutboxEventView['resource'],
    context: { ...failedEvent.context!, internal: 1 } as OutboxEventView['context'],
  };
  const body = buildWebhookBody(event, id);
  t.deepEqual(Object.keys(body.resource as object), ['type', 'id', 'name', 'url_or_host']);
  t.deepEqual(Object.keys(body.context as object), ['incident_id', 'severity', 'failed_locations']);
});

test('certificate expiry: domain resource without url_or_host, ssl with not_after as YYYY-MM-DD HH:MM:SS, no context', (t) => {
  const body = buildWebhookBody(
    {
      ...failedEvent,
      eventType: 'domain.ssl.expiring_soon',
      resource: { type: 'domain', id: 5, name: 'example.com' },
      context: null,
      ssl: { days_until_expiry: 14, not_after: '2026-03-18T12:00:00.000Z' },
    },
    id,
  );
  t.deepEqual(Object.keys(body), ['schema_version', 'delivery_id', 'event_type', 'occurred_at', 'client_id', 'workspace_id', 'resource', 'ssl']);
  t.deepEqual(body.resource, { type: 'domain', id: 5, name: 'example.com' });
  t.deepEqual(body.ssl, { days_until_expiry: 14, not_after: '2026-03-18 12:00:00' });
});

test('not_after is accepted in the contract form or any instant, and a non-date is refused', (t) => {
  t.is(formatNotAfter('2026-03-18 12:00:00'), '2026-03-18 12:00:00');
  t.is(formatNotAfter('2026-03-18T14:00:00+02:00'), '2026-03-18 12:00:00');
  t.throws(() => formatNotAfter('soon'), { message: /not a date/ });
});

test('certificate change notices and malformed delivery ids are not webhook payloads', (t) => {
  t.throws(() => buildWebhookBody({ ...failedEvent, eventType: 'domain.ssl.certificate_changed' }, id), { message: /not part of the webhook contract/ });
  t.throws(() => buildWebhookBody(failedEvent, 'A'.repeat(32)), { message: /32 hexadecimal/ });
  t.throws(() => buildWebhookBody(failedEvent, 'a'.repeat(31)), { message: /32 hexadecimal/ });
});

test('the signature is HMAC-SHA256 of "<t>.<body>" and verifies only with the same secret, body and a recent time', (t) => {
  const body = JSON.stringify(buildWebhookBody(failedEvent, id));
  const header = signWebhook('s3cret', body, 1_700_000_000);
  t.regex(header, /^t=1700000000,v1=[0-9a-f]{64}$/);
  t.is(header, `t=1700000000,v1=${createHmac('sha256', 's3cret').update(`1700000000.${body}`).digest('hex')}`);
  t.true(verifyWebhookSignature('s3cret', body, header, 1_700_000_100));
  t.false(verifyWebhookSignature('other', body, header, 1_700_000_100));
  t.false(verifyWebhookSignature('s3cret', body + ' ', header, 1_700_000_100));
  t.false(verifyWebhookSignature('s3cret', body, header, 1_700_001_000), 'too old: a replay');
  t.false(verifyWebhookSignature('s3cret', body, 't=x,v1=zz', 1_700_000_000));
  t.false(verifyWebhookSignature('s3cret', body, '', 1_700_000_000));
});
