import test from 'ava';
import { ofType, payloadOf, processOnPort, startWatchedShape, until, watchedCheck, withClusterTail } from './helpers/cluster-shape.js';

const distributed = process.env.DATABASE_URL ? test : test.skip;

/**
 * The distributed shape (2 engines, each with its notifier; agents of two locations) and a slow
 * HTTPS receiver that holds the first webhook request open. The engine that sent it is killed
 * with SIGKILL mid-delivery: once its claim on the delivery runs out the other engine's notifier
 * sends it again with the same delivery_id, within 30 s, and the receiver, de-duplicating by
 * delivery_id, sees the event once. One incident, resolved on recovery with one
 * `uptime.check.recovered`: nothing lost or doubled.
 */
distributed('kill -9 of the notifier mid-delivery: the retry repeats the delivery_id and the receiver sees the event once', async (t) => {
  t.timeout(480_000);
  let held: () => void = () => {};
  const { shape, receiver, target } = await startWatchedShape(
    t,
    // A claim outlives the longest attempt (its time-out), so only a dead sender's claim runs out.
    { engines: 2, locations: 2, firstLocationReplicas: 1, env: { VANTAGE_NOTIFY_TIMEOUT_MS: '8000', VANTAGE_NOTIFY_LEASE_MS: '10000', VANTAGE_PARTITION_LEASE_MS: '3000' } },
    (_request, index) => (index === 0 ? new Promise((resolve) => (held = () => resolve({ status: 200 }))) : { status: 200 }),
  );
  t.teardown(() => held());
  try {
    const checkId = await watchedCheck(shape, receiver.origin, target, 'Slow receiver');
    await until('a first UP run of the check', async () => (await shape.call('GET', `/mobile/uptime-checks/${checkId}`)).json.data?.status?.label === 'up', 150_000);

    await target.stop();
    const [first] = await receiver.waitForRequests(1, 180_000);
    const sender = processOnPort(shape, first!.remotePort);
    t.regex(sender.name, /^engine-/, 'the webhook is sent by an engine process (its notifier)');
    sender.child.kill('SIGKILL');
    const killedAt = Date.now();
    const [, retry] = await receiver.waitForRequests(2, 30_000);
    t.true(Date.now() - killedAt <= 30_000, 'the retry came within 30 s of the kill');
    t.is(payloadOf(first!).event_type, 'uptime.check.failed');
    t.is(payloadOf(retry!).delivery_id, payloadOf(first!).delivery_id, 'the retry repeats the delivery_id');
    t.deepEqual(payloadOf(retry!), payloadOf(first!), 'and the same event');

    const incidents = (await shape.call('GET', `/mobile/incidents?limit=200`)).json.data as Array<{ id: number; check: { id: number } }>;
    t.deepEqual(incidents.map((i) => i.check.id), [checkId], 'one incident');

    await target.resume();
    await until('an uptime.check.recovered webhook', async () => ofType(receiver.requests, 'uptime.check.recovered').length > 0, 180_000);
    await until('the incident resolved, read through the API', async () => (await shape.call('GET', `/mobile/incidents/${incidents[0]!.id}`)).json.data?.status === 'resolved', 30_000);
    // A doubled delivery would follow within a few outbox polls.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const seen = new Map(receiver.requests.map((r) => [payloadOf(r).delivery_id as string, payloadOf(r).event_type as string]));
    t.deepEqual([...seen.values()].sort(), ['uptime.check.failed', 'uptime.check.recovered'], 'after de-duplication: each event once');
    t.is(receiver.requests.length, 3, 'the held attempt, its retry and the recovery');
    t.is((await shape.call('GET', `/mobile/incidents?limit=200`)).json.data.length, 1, 'still one incident');
  } catch (error) {
    throw withClusterTail(t, shape, error);
  }
});
