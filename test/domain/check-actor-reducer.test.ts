import test from 'ava';
import { cycleDeadlineMs, decide } from '../../src/domain/check-actor-reducer.js';
import { phaseOffset } from '../../src/domain/schedule.js';
import { allDown, allUp, config, Driver, initialState, locations, minute, ofType, result, window } from './check-fixtures.js';

const offset = phaseOffset(42, minute);
/** A real slot of check 42 at the 1-minute frequency, far from the epoch. */
const slot0 = 1_700_000_000_000 - (((1_700_000_000_000 - offset) % minute) + minute) % minute;
const slot = (n: number): number => slot0 + n * minute;

// ---- run state: the spec's table ----

test('all compatible locations up: run UP, check up, nothing else', (t) => {
  const d = new Driver(initialState());
  const effects = d.cycle(slot(0), allUp);
  const [persist] = ofType(effects, 'persistRun');
  t.is(persist?.run.state, 'UP');
  t.is(persist?.run.failingLocations, 0);
  t.is(persist?.run.latencyMs, 30);
  t.deepEqual(ofType(effects, 'updateCheckState').map((e) => e.state), ['up']);
  t.is(ofType(effects, 'openIncident').length, 0);
});

test('all locations down: run DOWN, incident opens critical with every failed location and its reason', (t) => {
  const d = new Driver(initialState());
  const effects = d.cycle(slot(0), allDown);
  t.is(ofType(effects, 'persistRun')[0]?.run.state, 'DOWN');
  const [open] = ofType(effects, 'openIncident');
  t.is(open?.severity, 'critical');
  t.is(open?.cycleId, `test.42.${slot(0)}`);
  t.deepEqual(open?.failures, locations.map((location) => ({ location, reason: 'connection refused' })));
  t.is(open?.compatibleLocations, 3);
  t.deepEqual(d.state.openIncident, { id: null, openedByCycle: `test.42.${slot(0)}`, status: 'open' });
  d.opened(11);
  t.is(d.state.openIncident?.id, 11);
});

test('locations disagree: run UNKNOWN; below the quorum no incident', (t) => {
  const d = new Driver(initialState({}, { minFailingLocations: 2 }));
  const effects = d.cycle(slot(0), { 'eu-west': 'up', 'us-east': 'down', 'ap-south': 'up' });
  t.is(ofType(effects, 'persistRun')[0]?.run.state, 'UNKNOWN');
  t.deepEqual(ofType(effects, 'updateCheckState').map((e) => e.state), ['unknown']);
  t.is(ofType(effects, 'openIncident').length, 0);
});

test('a location that does not answer in time: run UNKNOWN, closed by the deadline with the location missing', (t) => {
  const d = new Driver(initialState());
  const effects = d.cycle(slot(0), { 'eu-west': 'up', 'us-east': 'up' });
  const [persist] = ofType(effects, 'persistRun');
  t.is(persist?.run.state, 'UNKNOWN');
  t.is(persist?.run.results.find((r) => r.location === 'ap-south')?.state, 'missing');
  t.is(persist?.run.finishedAt, slot(0) + 15_000);
});

test('unsupported answers are incompatible locations, left out of the verdict', (t) => {
  const d = new Driver(initialState({}, { minFailingLocations: 3 }));
  t.is(ofType(d.cycle(slot(0), { 'eu-west': 'up', 'us-east': 'up', 'ap-south': 'unsupported' }), 'persistRun')[0]?.run.state, 'UP');
  const effects = d.cycle(slot(1), { 'eu-west': 'down', 'us-east': 'down', 'ap-south': 'unsupported' });
  t.is(ofType(effects, 'persistRun')[0]?.run.state, 'DOWN');
  const [open] = ofType(effects, 'openIncident');
  t.is(open?.severity, 'critical', 'every compatible location failed, and the quorum of 3 is capped at the 2 compatible');
  t.is(open?.compatibleLocations, 2);
});

test('no compatible location at all: UNKNOWN and no incident', (t) => {
  const d = new Driver(initialState());
  const effects = d.cycle(slot(0), { 'eu-west': 'unsupported', 'us-east': 'unsupported', 'ap-south': 'unsupported' });
  t.is(ofType(effects, 'persistRun')[0]?.run.state, 'UNKNOWN');
  t.is(ofType(effects, 'openIncident').length, 0);
});

// ---- quorum edges ----

test('min failing = 1: one failing location opens a major incident', (t) => {
  const d = new Driver(initialState({}, { minFailingLocations: 1 }));
  const [open] = ofType(d.cycle(slot(0), { 'eu-west': 'down', 'us-east': 'up', 'ap-south': 'up' }), 'openIncident');
  t.is(open?.severity, 'major');
  t.deepEqual(open?.failures.map((f) => f.location), ['eu-west']);
});

test('min failing = all locations: two of three failing open nothing, three open a critical incident', (t) => {
  const d = new Driver(initialState({}, { minFailingLocations: 3 }));
  t.is(ofType(d.cycle(slot(0), { 'eu-west': 'down', 'us-east': 'down', 'ap-south': 'up' }), 'openIncident').length, 0);
  t.is(ofType(d.cycle(slot(1), allDown), 'openIncident')[0]?.severity, 'critical');
});

test('min failing above the number of locations is treated as all of them', (t) => {
  const d = new Driver(initialState({}, { minFailingLocations: 5 }));
  t.is(ofType(d.cycle(slot(0), { 'eu-west': 'down', 'us-east': 'down', 'ap-south': 'up' }), 'openIncident').length, 0);
  t.is(ofType(d.cycle(slot(1), allDown), 'openIncident').length, 1);
});

test('a silent location does not block the quorum: two down and one silent open a major incident', (t) => {
  const d = new Driver(initialState({}, { minFailingLocations: 2 }));
  const effects = d.cycle(slot(0), { 'eu-west': 'down', 'us-east': 'down' });
  t.is(ofType(effects, 'persistRun')[0]?.run.state, 'UNKNOWN');
  t.is(ofType(effects, 'openIncident')[0]?.severity, 'major');
});

// ---- incidents and recovery ----

test('recovery: a complete cycle below the quorum resolves the incident and notifies', (t) => {
  const d = new Driver(initialState());
  d.cycle(slot(0), allDown);
  d.opened(11);
  t.is(ofType(d.cycle(slot(1), allDown), 'openIncident').length, 0, 'a second failing cycle does not open a second incident');
  const effects = d.cycle(slot(2), allUp);
  t.like(ofType(effects, 'resolveIncident')[0], { incidentId: 11, notify: true, at: slot(2) + 100 });
  t.is(d.state.openIncident, null);
  t.is(ofType(d.cycle(slot(3), allDown), 'openIncident').length, 1, 'after recovery a new failure opens a new incident');
});

test('no recovery from an incomplete cycle: a silent location keeps the incident open', (t) => {
  const d = new Driver(initialState({}, { minFailingLocations: 2 }));
  d.cycle(slot(0), allDown);
  d.opened(11);
  t.is(ofType(d.cycle(slot(1), { 'eu-west': 'up', 'us-east': 'down' }), 'resolveIncident').length, 0);
  t.truthy(d.state.openIncident);
  t.is(ofType(d.cycle(slot(2), { 'eu-west': 'up', 'us-east': 'down', 'ap-south': 'up' }), 'resolveIncident').length, 1, 'complete and below quorum: recovered');
});

test('an acknowledged incident stays until recovery resolves it', (t) => {
  const d = new Driver(initialState());
  d.cycle(slot(0), allDown);
  d.opened(11);
  d.send({ type: 'incidentChanged', at: slot(0) + 1000, incidentId: 11, status: 'acknowledged' });
  t.is(d.state.openIncident?.status, 'acknowledged');
  t.is(ofType(d.cycle(slot(1), allDown), 'openIncident').length, 0);
  t.is(ofType(d.cycle(slot(2), allUp), 'resolveIncident')[0]?.incidentId, 11);
});

test('manual resolve while still failing: no new incident until the check recovers, then it can fail again', (t) => {
  const d = new Driver(initialState());
  d.cycle(slot(0), allDown);
  d.opened(11);
  d.send({ type: 'incidentChanged', at: slot(0) + 1000, incidentId: 11, status: 'resolved' });
  t.deepEqual(d.state.awaitingRecovery, { incidentId: 11 });
  t.is(ofType(d.cycle(slot(1), allDown), 'openIncident').length, 0, 'still failing: no reopen');
  const recovered = d.cycle(slot(2), allUp);
  t.like(ofType(recovered, 'resolveIncident')[0], { incidentId: 11, notify: true });
  t.is(d.state.awaitingRecovery, null);
  t.is(ofType(d.cycle(slot(3), allDown), 'openIncident').length, 1, 'fails again after recovering: a new incident');
});

test('manual resolve after the check stopped failing: the next failure opens a new incident', (t) => {
  const d = new Driver(initialState({}, { minFailingLocations: 2 }));
  d.cycle(slot(0), allDown);
  d.opened(11);
  d.cycle(slot(1), { 'eu-west': 'up', 'us-east': 'down' });
  d.send({ type: 'incidentChanged', at: slot(1) + 20_000, incidentId: 11, status: 'resolved' });
  t.is(d.state.awaitingRecovery, null);
  t.is(ofType(d.cycle(slot(2), allDown), 'openIncident').length, 1);
});

test('a change notice for another incident does not touch the open one', (t) => {
  const d = new Driver(initialState());
  d.cycle(slot(0), allDown);
  d.opened(11);
  d.send({ type: 'incidentChanged', at: slot(0) + 1000, incidentId: 99, status: 'resolved' });
  t.is(d.state.openIncident?.id, 11);
});

// ---- maintenance ----

test('failing in maintenance: no incident, no notification, run marked in maintenance', (t) => {
  const d = new Driver(initialState({ maintenance: [window()] }));
  const effects = d.cycle(slot(0), allDown);
  t.is(ofType(effects, 'openIncident').length, 0);
  t.true(ofType(effects, 'persistRun')[0]?.run.inMaintenance);
});

test('maintenance starting mid-incident: the incident stays, recovery resolves it without notifying', (t) => {
  const d = new Driver(initialState());
  d.cycle(slot(0), allDown);
  d.opened(11);
  d.send({ type: 'maintenanceChanged', at: slot(0) + 5000, windows: [window({ startsAt: slot(1), endsAt: slot(5) })] });
  t.is(ofType(d.cycle(slot(1), allDown), 'openIncident').length, 0);
  t.truthy(d.state.openIncident);
  t.like(ofType(d.cycle(slot(2), allUp), 'resolveIncident')[0], { incidentId: 11, notify: false });
});

test('maintenance ending mid-incident: the incident stays open and its recovery notifies again', (t) => {
  const d = new Driver(initialState({ maintenance: [window({ startsAt: slot(1), endsAt: slot(3) })] }));
  d.cycle(slot(0), allDown);
  d.opened(11);
  d.cycle(slot(1), allDown);
  t.is(ofType(d.cycle(slot(3), allDown), 'openIncident').length, 0, 'after the window the same incident is still open');
  t.like(ofType(d.cycle(slot(4), allUp), 'resolveIncident')[0], { incidentId: 11, notify: true });
});

test('a failure that started in maintenance opens an incident once the window has ended', (t) => {
  const d = new Driver(initialState({ maintenance: [window({ startsAt: slot(0), endsAt: slot(2) })] }));
  t.is(ofType(d.cycle(slot(0), allDown), 'openIncident').length, 0);
  t.is(ofType(d.cycle(slot(1), allDown), 'openIncident').length, 0);
  t.is(ofType(d.cycle(slot(2), allDown), 'openIncident').length, 1);
});

test('windows that do not apply: disabled, another check, another workspace, not yet started', (t) => {
  const d = new Driver(
    initialState({
      maintenance: [
        window({ id: 1, enabled: false }),
        window({ id: 2, checkId: 43 }),
        window({ id: 3, workspaceId: 8 }),
        window({ id: 4, startsAt: slot(5) }),
      ],
    }),
  );
  const effects = d.cycle(slot(0), allDown);
  t.is(ofType(effects, 'openIncident').length, 1);
  t.false(ofType(effects, 'persistRun')[0]?.run.inMaintenance);
});

test('a window for this very check suppresses its incident', (t) => {
  const d = new Driver(initialState({ maintenance: [window({ checkId: 42 })] }));
  t.is(ofType(d.cycle(slot(0), allDown), 'openIncident').length, 0);
});

// ---- pause, resume, delete, config ----

test('pause during an incident: cycles stop, the in-flight cycle is dropped, the incident stays open', (t) => {
  const d = new Driver(initialState());
  d.cycle(slot(0), allDown);
  d.opened(11);
  d.send({ type: 'tick', at: slot(1), slot: slot(1) });
  const paused = d.send({ type: 'paused', at: slot(1) + 10 });
  t.deepEqual(paused, [{ type: 'disarm' }]);
  t.is(d.state.cycles.length, 0);
  t.deepEqual(d.send({ type: 'probeResult', at: slot(1) + 20, message: result(`test.42.${slot(1)}`, 'eu-west', 'up') }), []);
  t.deepEqual(d.send({ type: 'tick', at: slot(2), slot: slot(2) }), [], 'a tick that raced the pause does nothing');
  t.is(d.state.openIncident?.id, 11);
  const resumed = d.send({ type: 'resumed', at: slot(5) + 1000 });
  t.is(ofType(resumed, 'publishProbes').length, 1, 'resume runs the current slot at once');
  t.deepEqual(ofType(resumed, 'armTick'), [{ type: 'armTick', slot: slot(6) }]);
  const cycleId = `test.42.${slot(5)}`;
  const effects = ['eu-west', 'us-east', 'ap-south'].flatMap((l) => d.send({ type: 'probeResult', at: slot(5) + 1200, message: result(cycleId, l, 'up') }));
  t.is(ofType(effects, 'resolveIncident')[0]?.incidentId, 11);
});

test('deleted: timers stop at once and later events do nothing', (t) => {
  const d = new Driver(initialState());
  d.send({ type: 'tick', at: slot(0), slot: slot(0) });
  t.deepEqual(d.send({ type: 'deleted', at: slot(0) + 1 }), [{ type: 'disarm' }, { type: 'stop' }]);
  t.deepEqual(d.send({ type: 'tick', at: slot(1), slot: slot(1) }), []);
  t.deepEqual(d.send({ type: 'testNow', at: slot(1), nonce: 'n' }), []);
});

test('config changes apply to the next cycle; a cycle in flight keeps its locations', (t) => {
  const d = new Driver(initialState());
  d.send({ type: 'tick', at: slot(0), slot: slot(0) });
  const changed = d.send({ type: 'configChanged', at: slot(0) + 10, config: config({ version: 2, triggerLocations: ['eu-west'] }) });
  t.deepEqual(changed, []);
  t.deepEqual(d.state.cycles[0]?.expected, locations);
  const next = d.send({ type: 'tick', at: slot(1), slot: slot(1) });
  t.deepEqual(ofType(next, 'publishProbes')[0]?.requests.map((r) => r.location), ['eu-west']);
});

test('a frequency change re-arms the schedule on the new period', (t) => {
  const d = new Driver(initialState());
  const [arm] = ofType(d.send({ type: 'configChanged', at: slot(0) + 10, config: config({ version: 2, frequencyMinutes: 5 }) }), 'armTick');
  const period = 5 * minute;
  t.truthy(arm);
  t.is((((arm!.slot - phaseOffset(42, period)) % period) + period) % period, 0);
  t.true(arm!.slot > slot(0) + 10 && arm!.slot <= slot(0) + 10 + period);
});

test('pausing and resuming through a config change', (t) => {
  const d = new Driver(initialState({ lastRunAt: slot(0) }));
  t.deepEqual(d.send({ type: 'configChanged', at: slot(0) + 10, config: config({ version: 2, paused: true }) }), [{ type: 'disarm' }]);
  t.true(d.state.config.paused);
  const resumed = d.send({ type: 'configChanged', at: slot(0) + 20, config: config({ version: 3, paused: false }) });
  t.deepEqual(resumed, [{ type: 'armTick', slot: slot(1) }], 'the current slot already ran: wait for the next');
});

// ---- scheduling ----

test('start: a check that has not run in the current slot runs at once, then follows its schedule', (t) => {
  const d = new Driver(initialState({ lastRunAt: slot(-3) }));
  const effects = d.send({ type: 'started', at: slot(0) + 2000 });
  const [publish] = ofType(effects, 'publishProbes');
  t.is(publish?.scheduledAt, null, 'a catch-up cycle is not measured against an ideal start');
  t.is(publish?.requests[0]?.cycleId, `test.42.${slot(0)}`, 'the catch-up reuses the slot cycle id, so a replay cannot double it');
  t.deepEqual(ofType(effects, 'armTick'), [{ type: 'armTick', slot: slot(1) }]);
});

test('a cycle taken over within its slot’s deadline is stored with the slot as its start, not the takeover time', (t) => {
  const d = new Driver(initialState({ lastRunAt: slot(-1) }));
  d.send({ type: 'started', at: slot(0) + 4000 });
  const cycleId = `test.42.${slot(0)}`;
  const effects = Object.entries(allUp).flatMap(([location, answer]) => d.send({ type: 'probeResult', at: slot(0) + 4100, message: result(cycleId, location, answer, 42) }));
  const [persisted] = ofType(effects, 'persistRun');
  t.is(persisted?.run.startedAt, slot(0));
  t.is(d.state.lastRunAt, slot(0));
});

test('start: when the current slot already ran, only the next slot is armed; a paused check arms nothing', (t) => {
  t.deepEqual(decide(initialState({ lastRunAt: slot(0) + 5 }), { type: 'started', at: slot(0) + 2000 }).effects, [{ type: 'armTick', slot: slot(1) }]);
  t.deepEqual(decide(initialState({}, { paused: true }), { type: 'started', at: slot(0) }).effects, [{ type: 'disarm' }]);
});

test('tick: one request per trigger location with the spec, the result subject and the deadline', (t) => {
  const d = new Driver(initialState());
  const effects = d.send({ type: 'tick', at: slot(0) + 3, slot: slot(0) });
  const [publish] = ofType(effects, 'publishProbes');
  t.is(publish?.scheduledAt, slot(0));
  t.deepEqual(
    publish?.requests.map((r) => [r.location, r.requestId, r.resultSubject, r.subjectKind]),
    locations.map((l) => [l, `test.42.${slot(0)}.${l}`, 'vantage.result.3.42', 'uptime_check']),
  );
  t.is(publish?.requests[0]?.spec.type, 'http');
  t.is(publish?.requests[0]?.deadlineAt, new Date(slot(0) + 3 + 15_000).toISOString());
  t.deepEqual(ofType(effects, 'armDeadline'), [{ type: 'armDeadline', cycleId: `test.42.${slot(0)}`, at: slot(0) + 3 + 15_000 }]);
});

test('drift-free: a late tick still arms the next slot on the epoch-aligned schedule', (t) => {
  const d = new Driver(initialState());
  for (let n = 0; n < 600; n++) {
    const effects = d.send({ type: 'tick', at: slot(n) + 900, slot: slot(n) });
    t.deepEqual(ofType(effects, 'armTick'), [{ type: 'armTick', slot: slot(n + 1) }]);
    d.send({ type: 'deadline', at: slot(n) + 15_900, cycleId: `test.42.${slot(n)}` });
  }
  const far = d.send({ type: 'tick', at: slot(700) + 5 * minute + 10, slot: slot(700) });
  t.deepEqual(ofType(far, 'armTick'), [{ type: 'armTick', slot: slot(706) }], 'a timer late by minutes skips the slots it missed');
});

test('the cycle deadline is the timeout plus a margin, capped below the period', (t) => {
  t.is(cycleDeadlineMs(config({ responseTimeoutMs: 10_000 })), 15_000);
  t.is(cycleDeadlineMs(config({ responseTimeoutMs: 30_000 })), 35_000);
  t.is(cycleDeadlineMs(config({ responseTimeoutMs: 60_000, frequencyMinutes: 1 })), 59_000);
});

// ---- results ----

test('late answers are recorded on the closed run, not counted', (t) => {
  const d = new Driver(initialState());
  const closed = d.cycle(slot(0), { 'eu-west': 'up', 'us-east': 'up' });
  t.is(ofType(closed, 'persistRun')[0]?.run.state, 'UNKNOWN');
  const late = d.send({ type: 'probeResult', at: slot(0) + 20_000, message: result(`test.42.${slot(0)}`, 'ap-south', 'down') });
  const [record] = ofType(late, 'recordLateResults');
  t.is(record?.cycleId, `test.42.${slot(0)}`);
  t.like(record?.results.find((r) => r.location === 'ap-south'), { state: 'down', late: true });
  t.is(ofType(late, 'openIncident').length, 0, 'a late answer decides nothing');
  t.deepEqual(d.send({ type: 'probeResult', at: slot(0) + 21_000, message: result(`test.42.${slot(0)}`, 'ap-south', 'down') }), [], 'recorded once');
});

test('duplicate answers and answers from locations not asked are ignored', (t) => {
  const d = new Driver(initialState());
  d.send({ type: 'tick', at: slot(0), slot: slot(0) });
  const cycleId = `test.42.${slot(0)}`;
  d.send({ type: 'probeResult', at: slot(0) + 1, message: result(cycleId, 'eu-west', 'down') });
  t.deepEqual(d.send({ type: 'probeResult', at: slot(0) + 2, message: result(cycleId, 'eu-west', 'up') }), []);
  t.deepEqual(d.send({ type: 'probeResult', at: slot(0) + 3, message: result(cycleId, 'mars', 'up') }), []);
  t.deepEqual(d.send({ type: 'probeResult', at: slot(0) + 4, message: result('test.42.1', 'eu-west', 'up') }), [], 'unknown cycle');
  t.is(d.state.cycles[0]?.answers.length, 1);
  t.is(d.state.cycles[0]?.answers[0]?.state, 'down', 'first answer wins');
});

// ---- test-now ----

test('test-now: an on-demand cycle beside the schedule, answered and stored as on-demand', (t) => {
  const d = new Driver(initialState());
  const scheduled = d.send({ type: 'tick', at: slot(0), slot: slot(0) });
  t.true(ofType(scheduled, 'publishProbes')[0]?.requests.every((r) => !('urgent' in r)), 'a scheduled cycle waits for its batch');
  const started = d.send({ type: 'testNow', at: slot(0) + 500, nonce: 'abcd' });
  const cycleId = `test.42.${slot(0) + 500}.abcd`;
  t.is(ofType(started, 'publishProbes')[0]?.scheduledAt, null);
  t.true(ofType(started, 'publishProbes')[0]?.requests.every((r) => r.urgent === true), 'someone waits: the requests skip the batch windows');
  t.is(ofType(started, 'armTick').length, 0, 'the schedule is untouched');
  t.is(d.state.cycles.length, 2);
  const effects = locations.flatMap((l) => d.send({ type: 'probeResult', at: slot(0) + 600, message: result(cycleId, l, 'up') }));
  t.like(ofType(effects, 'replyOnDemand')[0], { cycleId });
  t.true(ofType(effects, 'persistRun')[0]?.run.onDemand);
  t.is(d.state.cycles.length, 1, 'the scheduled cycle is still in flight');
});

test('test-now failing during an open incident does not open a second one; failing with none opens one', (t) => {
  const d = new Driver(initialState());
  d.cycle(slot(0), allDown);
  d.opened(11);
  d.send({ type: 'testNow', at: slot(0) + 30_000, nonce: 'a' });
  const again = locations.flatMap((l) => d.send({ type: 'probeResult', at: slot(0) + 30_100, message: result(`test.42.${slot(0) + 30_000}.a`, l, 'down') }));
  t.is(ofType(again, 'openIncident').length, 0);
  const fresh = new Driver(initialState());
  fresh.send({ type: 'testNow', at: slot(0), nonce: 'b' });
  const opened = locations.flatMap((l) => fresh.send({ type: 'probeResult', at: slot(0) + 100, message: result(`test.42.${slot(0)}.b`, l, 'down') }));
  t.is(ofType(opened, 'openIncident').length, 1);
});

test('test-now on a paused check is stored and answered but decides no incident', (t) => {
  const d = new Driver(initialState({}, { paused: true }));
  d.send({ type: 'testNow', at: slot(0), nonce: 'c' });
  const effects = locations.flatMap((l) => d.send({ type: 'probeResult', at: slot(0) + 100, message: result(`test.42.${slot(0)}.c`, l, 'down') }));
  t.is(ofType(effects, 'replyOnDemand').length, 1);
  t.is(ofType(effects, 'persistRun').length, 1);
  t.is(ofType(effects, 'openIncident').length, 0);
});

test('incidentOpened fills the id of the pending incident only', (t) => {
  const d = new Driver(initialState());
  d.send({ type: 'incidentOpened', cycleId: 'x', incidentId: 5 });
  t.is(d.state.openIncident, null);
  d.cycle(slot(0), allDown);
  d.send({ type: 'incidentOpened', cycleId: 'another replica opened it', incidentId: 5 });
  t.is(d.state.openIncident?.id, 5);
  d.send({ type: 'incidentOpened', cycleId: 'x', incidentId: 6 });
  t.is(d.state.openIncident?.id, 5);
});

// ---- effects are stated, never implied ----

test('a cycle closed by its last answer cancels its deadline, before its run is persisted', (t) => {
  const d = new Driver(initialState());
  const effects = d.cycle(slot(0), allUp);
  const cycleId = `test.42.${slot(0)}`;
  t.deepEqual(ofType(effects, 'cancelDeadline'), [{ type: 'cancelDeadline', cycleId }]);
  const kinds = effects.map((e) => e.type);
  t.true(kinds.indexOf('cancelDeadline') < kinds.indexOf('persistRun'));
});

test('every closed cycle, by deadline, overdue at the next tick or on demand, cancels its own deadline and no other', (t) => {
  const byDeadline = new Driver(initialState());
  const silent = byDeadline.cycle(slot(0), { 'eu-west': 'up' });
  t.deepEqual(ofType(silent, 'cancelDeadline'), [{ type: 'cancelDeadline', cycleId: `test.42.${slot(0)}` }]);

  const overdue = new Driver(initialState());
  overdue.send({ type: 'tick', at: slot(0), slot: slot(0) });
  const next = overdue.send({ type: 'tick', at: slot(1), slot: slot(1) });
  t.deepEqual(ofType(next, 'cancelDeadline'), [{ type: 'cancelDeadline', cycleId: `test.42.${slot(0)}` }], 'the overdue cycle closes; the new one keeps its deadline');
  t.deepEqual(ofType(next, 'armDeadline').map((e) => e.cycleId), [`test.42.${slot(1)}`]);

  const onDemand = new Driver(initialState());
  onDemand.send({ type: 'testNow', at: slot(0) + 10, nonce: 'n' });
  const cycleId = `test.42.${slot(0) + 10}.n`;
  const answered = locations.flatMap((l) => onDemand.send({ type: 'probeResult', at: slot(0) + 100, message: result(cycleId, l, 'up') }));
  t.deepEqual(ofType(answered, 'cancelDeadline'), [{ type: 'cancelDeadline', cycleId }]);
});

test('a decision without a closed cycle cancels no deadline', (t) => {
  const d = new Driver(initialState());
  const started = d.send({ type: 'tick', at: slot(0), slot: slot(0) });
  const partial = d.send({ type: 'probeResult', at: slot(0) + 100, message: result(`test.42.${slot(0)}`, 'eu-west', 'up') });
  t.deepEqual(ofType([...started, ...partial], 'cancelDeadline'), []);
});
