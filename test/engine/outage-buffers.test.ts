import test from 'ava';
import type { RunRecord } from '../../src/domain/check-actor-reducer.js';
import { IncidentDecisions } from '../../src/engine/incident-decisions.js';
import type { IncidentOpening, IncidentRecovery, IncidentWriter } from '../../src/engine/incident-writer.js';
import { RunWriter } from '../../src/engine/run-writer.js';
import { createLogger } from '../../src/log.js';
import type { Store } from '../../src/store/orm.js';
import { until } from './helpers.js';

const logger = createLogger('silent');

/** An incident writer whose database is away for its first `failures` calls. */
function flakyWriter(failures: number): { writer: IncidentWriter; applied: string[] } {
  const applied: string[] = [];
  let left = failures;
  const attempt = (what: string): void => {
    if (left-- > 0) throw new Error('connect ECONNREFUSED');
    applied.push(what);
  };
  const writer = {
    open: async (opening: IncidentOpening) => (attempt(`open ${opening.checkId} ${opening.cycleId}`), 100 + opening.checkId),
    resolve: async (recovery: IncidentRecovery) => attempt(`resolve ${recovery.checkId} ${recovery.openedByCycle}`),
  } as unknown as IncidentWriter;
  return { writer, applied };
}

const opening = (checkId: number, cycleId: string): IncidentOpening => ({ checkId, cycleId, at: 0, severity: 'critical', failures: [], compatibleLocations: 1 });
const recovery = (checkId: number, openedByCycle: string): IncidentRecovery => ({ checkId, incidentId: null, openedByCycle, at: 1, notify: true });

test('decisions made while the database is away are applied after it returns, once each, in the order each check made them', async (t) => {
  const { writer, applied } = flakyWriter(5);
  const decisions = new IncidentDecisions(writer, logger, { baseMs: 5, maxMs: 20 });
  const opened: Array<number | null> = [];
  decisions.open(opening(1, 'a'), (id) => opened.push(id));
  decisions.resolve(recovery(1, 'a'));
  decisions.open(opening(1, 'b'), (id) => opened.push(id));
  decisions.open(opening(2, 'c'), (id) => opened.push(id));
  t.is(decisions.pending, 4);
  await decisions.settled(1);
  await decisions.settled(2);
  t.deepEqual(
    applied.filter((a) => a.includes(' 1 ')),
    ['open 1 a', 'resolve 1 a', 'open 1 b'],
  );
  t.true(applied.includes('open 2 c'));
  t.is(applied.length, 4, 'each decision applied once');
  t.deepEqual(opened.sort(), [101, 101, 102]);
  t.is(decisions.pending, 0);
  decisions.resolve(recovery(2, 'c'));
  await until('a later decision starts a new worker', async () => applied.includes('resolve 2 c'));
  await decisions.stop();
});

const run = (n: number): RunRecord => ({
  checkId: 1,
  cycleId: `r.${n}`,
  startedAt: n,
  finishedAt: n + 1,
  state: 'DOWN',
  failingLocations: 1,
  latencyMs: null,
  results: [{ location: 'eu-west', state: 'down', reason: 'x'.repeat(500), latencyMs: 10, phases: { connectMs: 3 }, late: false }],
  inMaintenance: false,
  onDemand: false,
});

test('the run buffer sheds the probe detail of its oldest runs first, and drops runs only past its bound', (t) => {
  // No writing lane: the database is as good as away.
  const writer = new RunWriter({} as Store, logger, { lanes: 0, maxDetailed: 2, maxPending: 4, flushIntervalMs: 1 });
  const runs = Array.from({ length: 6 }, (_, n) => run(n));
  for (let n = 0; n < 4; n++) writer.addRun(runs[n]!);
  t.is(writer.pendingRuns, 4, 'nothing dropped within the bound');
  t.deepEqual(runs[0]!.results[0]!.phases, {}, 'the oldest run lost its detail');
  t.is(runs[0]!.results[0]!.reason!.length, 120);
  t.is(runs[0]!.results[0]!.state, 'down', 'but keeps what each location found');
  t.deepEqual(runs[3]!.results[0]!.phases, { connectMs: 3 }, 'the newest keep their detail');
  writer.addRun(runs[4]!);
  writer.addRun(runs[5]!);
  t.is(writer.pendingRuns, 4, 'past the bound the oldest runs go');
});
