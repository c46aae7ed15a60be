import test from 'ava';
import { createLogger } from '../../src/log.js';
import { WorkQueue } from '../../operator/work-queue.js';

test('a key whose work hangs is given up and retried, and the keys behind it still run', async (t) => {
  const done: string[] = [];
  let hungAttempts = 0;
  const queue = new WorkQueue(
    async (key) => {
      if (key === 'hangs') {
        hungAttempts++;
        if (hungAttempts === 1) await new Promise(() => undefined);
      }
      done.push(key);
      return undefined;
    },
    createLogger('silent'),
    50,
  );
  const stop = new AbortController();
  queue.add('hangs');
  queue.add('next', Date.now() + 1);
  const running = queue.run(stop.signal);
  while (!(done.includes('next') && done.includes('hangs'))) await new Promise((resolve) => setTimeout(resolve, 20));
  stop.abort();
  await running;
  t.is(hungAttempts, 2, 'the hung key ran again after its timeout');
  t.true(done.indexOf('next') < done.indexOf('hangs'));
});

test('a failing key is retried with backoff; a key added twice runs once', async (t) => {
  const runs: string[] = [];
  let failures = 1;
  const queue = new WorkQueue(async (key) => {
    runs.push(key);
    if (key === 'flaky' && failures-- > 0) throw new Error('database away');
    return undefined;
  }, createLogger('silent'));
  const stop = new AbortController();
  queue.add('flaky');
  queue.add('once');
  queue.add('once');
  const running = queue.run(stop.signal);
  while (runs.filter((key) => key === 'flaky').length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
  stop.abort();
  await running;
  t.is(runs.filter((key) => key === 'once').length, 1);
  t.is(runs.filter((key) => key === 'flaky').length, 2);
});

test('due keys run in the order they became due, delayed ones at their time, and an earlier add moves a key forward', async (t) => {
  const runs: string[] = [];
  const queue = new WorkQueue(async (key) => {
    runs.push(key);
    return undefined;
  }, createLogger('silent'));
  const now = Date.now();
  queue.add('late', now + 400);
  queue.add('moved', now + 10_000);
  queue.add('first');
  queue.add('second');
  queue.add('moved', now + 200);
  queue.add('moved', now + 5_000);
  t.is(queue.size, 4);
  const stop = new AbortController();
  const running = queue.run(stop.signal);
  while (runs.length < 4) await new Promise((resolve) => setTimeout(resolve, 20));
  stop.abort();
  await running;
  t.deepEqual(runs, ['first', 'second', 'moved', 'late']);
  t.is(queue.size, 0);
});
