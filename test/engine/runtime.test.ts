import test from 'ava';
import { Actor } from '../../src/engine/actor.js';
import { Scheduler } from '../../src/engine/scheduler.js';
import { createLogger } from '../../src/log.js';
import { FakeClock } from './fake-clock.js';

const logger = createLogger('silent');

test('an actor handles one message at a time, in order, even when handlers are slow', async (t) => {
  const seen: string[] = [];
  let active = 0;
  const actor = new Actor<number>(
    'a',
    {
      handle: async (n) => {
        active++;
        t.is(active, 1, 'never two handlers at once');
        await new Promise((resolve) => setTimeout(resolve, 5 - n));
        seen.push(`${n}`);
        active--;
      },
      restart: async () => {},
    },
    logger,
  );
  for (let n = 0; n < 5; n++) actor.tell(n);
  await actor.idle();
  t.deepEqual(seen, ['0', '1', '2', '3', '4']);
});

test('a failing handler restarts the behaviour from stored state; the actor and the process go on', async (t) => {
  let state = { count: 0 };
  const stored = { count: 100 };
  const restarts: unknown[] = [];
  const actor = new Actor<'add' | 'boom'>(
    'b',
    {
      handle: (message) => {
        if (message === 'boom') throw new Error('handler bug');
        state.count++;
      },
      restart: async (error) => {
        restarts.push(error);
        state = { ...stored };
      },
    },
    logger,
  );
  actor.tell('add');
  actor.tell('boom');
  actor.tell('add');
  await actor.idle();
  t.is(restarts.length, 1);
  t.is((restarts[0] as Error).message, 'handler bug');
  t.is(state.count, 101, 'restarted from the stored 100, then handled the next message');
});

test('a failing restart is tried again by itself until it succeeds, without waiting for another message', async (t) => {
  let failuresLeft = 3;
  let restarted = false;
  const actor = new Actor<boolean>(
    'c',
    {
      handle: (fail) => {
        if (fail) throw new Error('bug');
      },
      restart: async () => {
        if (failuresLeft-- > 0) throw new Error('database away');
        restarted = true;
      },
    },
    logger,
    { baseMs: 5, maxMs: 20 },
  );
  actor.tell(true);
  await actor.idle();
  t.true(restarted, 'the behaviour came back with no message to wake it');
  t.is(failuresLeft, -1);
});

test('a stopped actor gives up restarting', async (t) => {
  let attempts = 0;
  const actor = new Actor<boolean>(
    'e',
    {
      handle: () => {
        throw new Error('bug');
      },
      restart: async () => {
        attempts++;
        throw new Error('database away');
      },
    },
    logger,
    { baseMs: 5, maxMs: 5 },
  );
  actor.tell(true);
  await new Promise((resolve) => setTimeout(resolve, 30));
  actor.stop();
  await actor.idle();
  const seen = attempts;
  await new Promise((resolve) => setTimeout(resolve, 30));
  t.true(seen >= 1);
  t.is(attempts, seen, 'no attempt after the stop');
});

test('a stopped actor drops its queue and refuses new messages', async (t) => {
  let handled = 0;
  const actor = new Actor<number>('d', { handle: async () => void handled++, restart: async () => {} }, logger);
  actor.tell(1);
  actor.tell(2);
  actor.stop();
  actor.tell(3);
  await actor.idle();
  t.is(handled, 1, 'only the message already being handled finishes');
  t.true(actor.isStopped);
});

test('the scheduler fires in time order with one clock timer, skips cancelled entries', (t) => {
  const clock = new FakeClock(1_000);
  let armed = 0;
  const counting = { ...clock, now: () => clock.now(), setTimeout: (cb: () => void, ms: number) => (armed++, clock.setTimeout(cb, ms)), clearTimeout: (h: object) => clock.clearTimeout(h) };
  const scheduler = new Scheduler(counting);
  const fired: string[] = [];
  scheduler.at(1_300, () => fired.push('c'));
  scheduler.at(1_100, () => fired.push('a'));
  const cancelled = scheduler.at(1_200, () => fired.push('cancelled'));
  scheduler.at(1_200, () => fired.push('b'));
  scheduler.cancel(cancelled);
  clock.advanceTo(1_250);
  t.deepEqual(fired, ['a', 'b']);
  clock.advanceTo(2_000);
  t.deepEqual(fired, ['a', 'b', 'c']);
  t.true(armed <= 6, `one timer re-armed per change of the earliest entry, not one per entry (${armed})`);
});

test('the scheduler holds many entries and fires each exactly once at its time', (t) => {
  const clock = new FakeClock(0);
  const scheduler = new Scheduler(clock);
  const firedAt: number[] = [];
  const times = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 60_000);
  for (const at of times) scheduler.at(at, () => firedAt.push(clock.now() - at));
  t.is(scheduler.size, 5000);
  clock.advanceTo(60_000);
  t.is(firedAt.length, 5000);
  t.true(firedAt.every((late) => late === 0), 'each fired at its own instant');
  t.is(scheduler.size, 0);
});

test('an entry scheduled in the past fires on the next turn of the clock', (t) => {
  const clock = new FakeClock(10_000);
  const scheduler = new Scheduler(clock);
  let fired = false;
  scheduler.at(5_000, () => (fired = true));
  clock.advance(0);
  t.true(fired);
  scheduler.stop();
  scheduler.at(20_000, () => t.fail('stopped'));
  clock.advance(20_000);
});
