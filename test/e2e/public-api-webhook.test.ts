import test from 'ava';
import { type ApiAnswer, ofType, payloadOf, startWatchedShape, until, watchedCheck, withClusterTail } from './helpers/cluster-shape.js';

const distributed = process.env.DATABASE_URL ? test : test.skip;


/**
 * An operator's path through the public API only, against real api, engine and agent processes
 * on PostgreSQL and NATS: a check on a loopback target every minute (the shortest frequency the
 * API allows) and a group with an HTTPS webhook (a receiver with a test certificate the notifier
 * trusts). Target stopped: one `uptime.check.failed`; started again: one
 * `uptime.check.recovered`, and the incident reads resolved. Payloads follow the webhook contract.
 */
distributed('public API: target down → one uptime.check.failed, up → one uptime.check.recovered, incident resolved', async (t) => {
  t.timeout(420_000);
  const { shape, receiver, target } = await startWatchedShape(t, { engines: 1, locations: 1, firstLocationReplicas: 1 });
  try {
    const checkId = await watchedCheck(shape, receiver.origin, target, 'Local service');
    let detail: ApiAnswer | undefined;
    await until('a first UP run of the check', async () => {
      detail = await shape.call('GET', `/mobile/uptime-checks/${checkId}`);
      return detail.json.data?.status?.label === 'up';
    }, 150_000).catch((error: Error) => {
      throw new Error(`${error.message}; the check's detail last read ${JSON.stringify(detail).slice(0, 1_000)}`);
    });

    await target.stop();
    const [failed] = await until('an uptime.check.failed webhook', async () => ofType(receiver.requests, 'uptime.check.failed').length > 0 && ofType(receiver.requests, 'uptime.check.failed'), 180_000);
    const incidents = await until('the open incident, read through the API', async () => {
      const list = await shape.call('GET', '/mobile/incidents?status=open');
      return list.json.data?.length > 0 && list.json.data;
    }, 30_000);
    t.is(incidents.length, 1);
    const incident = incidents[0];
    t.is(incident.check.id, checkId);

    await target.resume();
    await until('an uptime.check.recovered webhook', async () => ofType(receiver.requests, 'uptime.check.recovered').length > 0, 180_000);
    const resolved = await until('the incident resolved, read through the API', async () => {
      const detail = await shape.call('GET', `/mobile/incidents/${incident.id}`);
      return detail.json.data?.status === 'resolved' && detail.json.data;
    }, 30_000);
    t.truthy(resolved.resolved_at);

    // Retries or a second decision would arrive within a poll or two; give them the time of a cycle's close.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    t.is(ofType(receiver.requests, 'uptime.check.failed').length, 1, 'exactly one uptime.check.failed');
    t.is(ofType(receiver.requests, 'uptime.check.recovered').length, 1, 'exactly one uptime.check.recovered');
    t.is(receiver.requests.length, 2, 'no other delivery');

    const recovered = ofType(receiver.requests, 'uptime.check.recovered')[0]!;
    for (const [request, type] of [[failed!, 'uptime.check.failed'], [recovered, 'uptime.check.recovered']] as const) {
      t.is(request.method, 'POST');
      t.is(request.path, '/hooks/vantage');
      t.is(request.headers['content-type'], 'application/json; charset=utf-8');
      t.regex(String(request.headers['user-agent']), /^[^/\s]+\/1\.0$/);
      const payload = payloadOf(request);
      t.is(payload.schema_version, 1);
      t.regex(payload.delivery_id, /^[0-9a-f]{32}$/);
      t.is(payload.event_type, type);
      t.regex(payload.occurred_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      t.is(typeof payload.client_id, 'number');
      t.is(typeof payload.workspace_id, 'number');
      t.deepEqual(payload.resource, { type: 'uptime_check', id: checkId, name: 'Local service', url_or_host: payload.resource.url_or_host });
      t.true(String(payload.resource.url_or_host).includes(target.hostname), payload.resource.url_or_host);
      t.is(payload.context.incident_id, incident.id);
      t.is(payload.ssl, undefined);
    }
    t.not(payloadOf(failed!).delivery_id, payloadOf(recovered).delivery_id);
    t.is(payloadOf(failed!).context.severity, incident.severity);
    t.deepEqual(payloadOf(failed!).context.failed_locations, shape.locations);
    t.is(payloadOf(recovered).context.severity, 'recovered');
  } catch (error) {
    throw withClusterTail(t, shape, error);
  }
});
