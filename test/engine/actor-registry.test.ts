import test from 'ava';
import type { ProbeRequest } from '../../src/bus/messages.js';
import { ActorRegistry } from '../../src/engine/actor-registry.js';
import { OnDemandReplies } from '../../src/engine/on-demand.js';
import { Scheduler } from '../../src/engine/scheduler.js';
import { createLogger } from '../../src/log.js';
import { metricsRegistry } from '../../src/metrics/registry.js';
import { config, initialState, locations, result } from '../domain/check-fixtures.js';
import { FakeClock } from './fake-clock.js';

const fencedCount = async (): Promise<number> => (await metricsRegistry.getSingleMetric('vantage_engine_fenced_events_total')?.get())?.values[0]?.value ?? 0;

/**
 * A registry whose checks live in partition `checkId mod 2`, each partition's lease window open
 * as the test says. No cycle closes here, so nothing reaches the run writer, the incident
 * decisions or the loader: they are left out.
 */
function registry(open: Record<number, boolean>) {
  const clock = new FakeClock(1_700_000_000_000);
  const sent: ProbeRequest[] = [];
  const actors = new ActorRegistry({
    context: {
      clock,
      scheduler: new Scheduler(clock),
      sendProbe: (request) => sent.push(request),
      runs: undefined as never,
      incidents: undefined as never,
      loader: undefined as never,
      onDemand: new OnDemandReplies(),
      logger: createLogger('silent'),
      observer: undefined,
      stateOf: () => {
        throw new Error('no restart in these tests');
      },
    },
    partitionOf: (checkId) => checkId % 2,
    mayAct: (partition) => open[partition] ?? false,
    restartBackoff: undefined,
    startRatePerSecond: 1_000,
  });
  return { actors, sent, clock };
}

const check = (checkId: number) => initialState({ checkId, resultSubject: `vantage.result.${checkId % 2}.${checkId}` }, config({ id: checkId }));

test.serial('every message an actor handles passes the fence, its first one too', async (t) => {
  const open: Record<number, boolean> = { 0: false };
  const { actors, sent, clock } = registry(open);
  const before = await fencedCount();
  actors.spawn(check(42));
  t.is((await fencedCount()) - before, 1, 'the start, due while the window is closed, is refused');
  t.deepEqual(actors.stateOf(42)?.cycles, []);

  open[0] = true;
  t.true(actors.tell(42, { type: 'testNow', at: clock.now(), nonce: 'a' }));
  t.is(actors.stateOf(42)?.cycles.length, 1);
  t.is(sent.length, locations.length);

  open[0] = false;
  actors.tell(42, { type: 'testNow', at: clock.now(), nonce: 'b' });
  t.is(actors.stateOf(42)?.cycles.length, 1, 'nothing started once the window closed again');
  t.is((await fencedCount()) - before, 2);
  await actors.stopPartitions(new Set([0]));
  t.false(actors.has(42));
  t.false(actors.tell(42, { type: 'testNow', at: clock.now(), nonce: 'c' }), 'a stopped check is told nothing');
});

test.serial('a batch of results is refused whole while any of its checks is fenced, and handled whole once none is', (t) => {
  const open: Record<number, boolean> = { 0: true, 1: true };
  const { actors, clock } = registry(open);
  actors.spawn(check(42));
  actors.spawn(check(43));
  const cycleOf = (checkId: number): string => actors.stateOf(checkId)!.cycles[0]!.cycleId;
  const batch = [result(cycleOf(42), 'eu-west', 'up', 42), result(cycleOf(43), 'eu-west', 'up', 43)];

  open[1] = false;
  t.throws(() => actors.deliverResults(batch, clock.now()), { message: /check 43 is not ours/ });
  t.is(actors.stateOf(42)?.cycles[0]?.answers.length, 0, 'not even the answer of the check that may act is handled');

  open[1] = true;
  actors.deliverResults(batch, clock.now());
  t.is(actors.stateOf(42)?.cycles[0]?.answers.length, 1);
  t.is(actors.stateOf(43)?.cycles[0]?.answers.length, 1);
});

test.serial('probe requests leaving a batch are fenced again; requests for domains are not the checks’ fence to judge', async (t) => {
  const { actors } = registry({ 0: true, 1: false });
  const request = (subjectId: number, subjectKind: ProbeRequest['subjectKind'] = 'uptime_check'): ProbeRequest => ({
    requestId: `r.${subjectId}`,
    subjectId,
    subjectKind,
    cycleId: `c.${subjectId}`,
    location: 'eu-west',
    spec: config().spec,
    resultSubject: `vantage.result.${subjectId % 2}.${subjectId}`,
    deadlineAt: new Date(0).toISOString(),
  });
  const before = await fencedCount();
  const allowed = actors.fenceRequests([request(42), request(43), request(45, 'domain')]);
  t.deepEqual(
    allowed.map((r) => r.subjectId),
    [42, 45],
  );
  t.is((await fencedCount()) - before, 1);
});
