import test from 'ava';
import { processOnPortOrNull, startWatchedShape, until, watchedCheck, withClusterTail } from './helpers/cluster-shape.js';

const distributed = process.env.DATABASE_URL ? test : test.skip;

interface Run {
  state: string;
  started_at: string;
  on_demand: boolean;
  results: Array<{ location: string; state: string }>;
}

const checks = 4;
const convergenceMs = 30_000;

/**
 * The distributed shape with two agent replicas of the first location: healthy checks that need
 * only one failing location to open an incident, so a probe lost with the killed replica would
 * show. One replica is killed with SIGKILL while a probe of it is in flight (the target holds each
 * request 1 s): no incident and no webhook, ever; and once 30 s have passed every scheduled run is
 * UP, from every location (none UNKNOWN because of the fault).
 */
distributed('kill -9 of one of two agent replicas: no false incident, runs UP after convergence', async (t) => {
  t.timeout(420_000);
  // The target answers after 1 s (well within the checks' time-out): a probe stays in flight long enough to kill its agent in it.
  const { shape, receiver, target } = await startWatchedShape(t, { engines: 2, locations: 2, firstLocationReplicas: 2, env: { VANTAGE_PARTITION_LEASE_MS: '3000' } }, undefined, 1_000);
  const runsOf = async (checkId: number): Promise<Run[]> => ((await shape.call('GET', `/mobile/uptime-checks/${checkId}/runs?limit=200`)).json.data as Run[]).filter((r) => !r.on_demand);
  try {
    const ids: number[] = [];
    for (let i = 0; i < checks; i++) ids.push(await watchedCheck(shape, receiver.origin, target, `Healthy ${i}`));
    await until('a first UP run of every check', async () => {
      for (const id of ids) if ((await shape.call('GET', `/mobile/uptime-checks/${id}`)).json.data?.status?.label !== 'up') return false;
      return true;
    }, 150_000);

    // Killed mid-cycle: while the target holds a probe of that replica.
    const replica = await until('a probe of a first-location replica in flight', async () => {
      for (const port of target.answering) {
        const sender = processOnPortOrNull(shape, port);
        if (sender?.location === shape.locations[0]) return sender;
      }
      return null;
    }, 120_000);
    replica.child.kill('SIGKILL');
    const convergedAt = Date.now() + convergenceMs;
    // Two cycles of every check that start after convergence.
    const after = async () => {
      const all = await Promise.all(ids.map(runsOf));
      const late = all.map((runs) => runs.filter((r) => Date.parse(r.started_at) >= convergedAt));
      return late.every((runs) => runs.length >= 2) && late;
    };
    const late = await until('two runs of every check after convergence', after, 240_000);
    for (const [i, runs] of late.entries()) {
      for (const run of runs) {
        t.is(run.state, 'UP', `check ${i}, run of ${run.started_at}: ${JSON.stringify(run.results)}`);
        t.deepEqual(run.results.map((r) => r.location).sort(), [...shape.locations].sort());
      }
    }
    const everyRun = (await Promise.all(ids.map(runsOf))).flat();
    t.log(`runs: ${everyRun.length}, not UP (before convergence): ${everyRun.filter((r) => r.state !== 'UP').length}`);
    t.true(everyRun.every((r) => r.state !== 'DOWN'), 'no run DOWN');
    t.deepEqual((await shape.call('GET', '/mobile/incidents?limit=200')).json.data, [], 'no incident');
    t.is(receiver.requests.length, 0, 'no webhook');
  } catch (error) {
    throw withClusterTail(t, shape, error);
  }
});
