import test from 'ava';
import pino from 'pino';
import { nextDependencyState } from '../../src/ops/dependency-state.js';
import { DependencyWatch } from '../../src/ops/dependency-watch.js';
import { metricsRegistry } from '../../src/metrics/registry.js';
import { closeStore, databaseAnswers, openStore } from '../../src/store/orm.js';
import { PrivatePostgres } from '../support/private-postgres.js';

test('losing and regaining a dependency are one transition each, the second with how long it lasted', (t) => {
  const up = { up: true, sinceMs: 0 };
  t.deepEqual(nextDependencyState(up, true, 1000), { state: up, transition: null });
  const lost = nextDependencyState(up, false, 1000);
  t.deepEqual(lost, { state: { up: false, sinceMs: 1000 }, transition: { event: 'lost' } });
  t.deepEqual(nextDependencyState(lost.state, false, 5000).transition, null);
  t.deepEqual(nextDependencyState(lost.state, true, 20_500), { state: { up: true, sinceMs: 20_500 }, transition: { event: 'regained', downForMs: 19_500 } });
});

test('a PostgreSQL outage is logged once when lost and once when regained, with its duration, and shown as a metric', async (t) => {
  t.timeout(60_000);
  const postgres = await PrivatePostgres.start();
  const store = await openStore({ databaseUrl: postgres.url });
  const lines: Array<{ msg: string; downForMs?: number }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const watch = new DependencyWatch({ logger, probes: { database: () => store.em.fork().getConnection().execute('select 1') }, intervalMs: 200, timeoutMs: 1000 });
  t.teardown(async () => {
    watch.stop();
    await closeStore(store).catch(() => undefined);
    await postgres.dispose();
  });
  watch.start();
  const waitFor = async (what: () => boolean) => {
    while (!what()) await new Promise((resolve) => setTimeout(resolve, 100));
  };
  await postgres.stop('immediate');
  await waitFor(() => !watch.allUp());
  t.deepEqual(watch.report(), { database: 'down' });
  t.regex(await metricsRegistry.metrics(), /vantage_dependency_up\{dependency="database"\} 0/);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await postgres.resume();
  await waitFor(() => watch.allUp());
  t.regex(await metricsRegistry.metrics(), /vantage_dependency_up\{dependency="database"\} 1/);
  const transitions = lines.filter((line) => /^(lost|regained) database/.test(line.msg));
  t.is(transitions.length, 2, JSON.stringify(transitions));
  t.is(transitions[0]!.msg, 'lost database');
  t.regex(transitions[1]!.msg, /^regained database after \d+\.\d s$/);
  t.true(transitions[1]!.downForMs! >= 2000);
});

test('the embedded database busy with a long statement is not lost; closed, it is', async (t) => {
  const store = await openStore({});
  const lines: Array<{ msg: string }> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const watch = new DependencyWatch({ logger, probes: { database: () => databaseAnswers(store) }, intervalMs: 100, timeoutMs: 300 });
  t.teardown(() => watch.stop());
  await store.em.fork().getConnection().execute('select 1');
  watch.start();
  // Far longer than the probe's time-out, on the database's one connection.
  const began = Date.now();
  await store.em.fork().getConnection().execute('select count(*) from generate_series(1, 4000000) a, generate_series(1, 2) b');
  const busyMs = Date.now() - began;
  t.true(busyMs > 3 * 300, `the statement took ${busyMs} ms, not longer than three of the probe's time-outs`);
  t.true(watch.allUp(), `reported ${JSON.stringify(watch.report())} after ${busyMs} ms busy`);
  t.deepEqual(
    lines.filter((line) => /database/.test(line.msg)),
    [],
  );
  await closeStore(store);
  await t.throwsAsync(databaseAnswers(store));
});
