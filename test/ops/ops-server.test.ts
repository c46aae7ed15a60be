import test from 'ava';
import { createLogger } from '../../src/log.js';
import { counter } from '../../src/metrics/registry.js';
import { startOpsServer, type Readiness } from '../../src/ops/ops-server.js';
import { PrivateNats } from '../support/private-nats.js';
import { PrivatePostgres } from '../support/private-postgres.js';
import pg from '@mikro-orm/postgresql';

test('ops server: /healthz lives, /readyz follows readiness, /metrics speaks the Prometheus text format', async (t) => {
  let report: Readiness = { ready: true, checks: { database: 'up' } };
  const ops = await startOpsServer({ host: '127.0.0.1', port: 0, logger: createLogger('silent'), readiness: () => report });
  t.teardown(() => ops.close());
  const base = `http://127.0.0.1:${ops.port}`;
  counter('vantage_ops_test_total', 'a counter of this test').inc();

  t.is((await fetch(`${base}/healthz`)).status, 200);
  t.is((await fetch(`${base}/readyz`)).status, 200);
  report = { ready: false, checks: { database: 'unreachable' } };
  const unready = await fetch(`${base}/readyz`);
  t.is(unready.status, 503);
  t.deepEqual(await unready.json(), { status: 'unavailable', checks: { database: 'unreachable' } });
  t.is((await fetch(`${base}/healthz`)).status, 200);
  const metrics = await fetch(`${base}/metrics`);
  t.regex(metrics.headers.get('content-type') ?? '', /text\/plain/);
  const text = await metrics.text();
  t.regex(text, /^vantage_ops_test_total 1$/m);
  t.regex(text, /process_cpu_seconds_total/);
  t.is((await fetch(`${base}/metrics`, { method: 'POST' })).status, 405);
  t.is((await fetch(`${base}/nothing`)).status, 404);
});

test('metrics: a metric asked for twice by name is the same metric', (t) => {
  t.is(counter('vantage_ops_twice_total', 'asked twice'), counter('vantage_ops_twice_total', 'asked twice'));
});

test('private nats-server stops and resumes on the same port', async (t) => {
  const nats = await PrivateNats.start();
  t.teardown(() => nats.dispose());
  const { connect } = await import('@nats-io/transport-node');
  const nc = await connect({ servers: nats.url });
  await nc.flush();
  await nc.close();
  await nats.stop();
  await t.throwsAsync(connect({ servers: nats.url, reconnect: false }));
  await nats.resume();
  const again = await connect({ servers: nats.url });
  await again.close();
  t.pass();
});

test('private PostgreSQL stops and resumes with its data', async (t) => {
  const postgres = await PrivatePostgres.start();
  t.teardown(() => postgres.dispose());
  const query = async (sql: string) => {
    const orm = await pg.MikroORM.init({ clientUrl: postgres.url, entities: [], discovery: { warnWhenNoEntities: false }, allowGlobalContext: true });
    try {
      return await orm.em.getConnection().execute(sql);
    } finally {
      await orm.close(true);
    }
  };
  await query('create table kept (v int); insert into kept values (7)');
  await postgres.stop();
  await t.throwsAsync(query('select 1'));
  await postgres.resume();
  t.deepEqual(await query('select v from kept'), [{ v: 7 }]);
});
