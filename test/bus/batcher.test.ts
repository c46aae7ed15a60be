import test from 'ava';
import { Batcher } from '../../src/bus/batcher.js';

const endOfTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function recording(maxItems: number, windowMs: number): { batcher: Batcher<number>; sent: Array<[string, number[]]> } {
  const sent: Array<[string, number[]]> = [];
  return { batcher: new Batcher<number>({ maxItems, windowMs }, (key, items) => sent.push([key, items])), sent };
}

test('a full batch leaves at once, the rest with the window', async (t) => {
  const { batcher, sent } = recording(3, 30);
  for (const item of [1, 2, 3, 4]) batcher.add('a', item);
  t.deepEqual(sent, [['a', [1, 2, 3]]]);
  t.is(batcher.pending, 1);
  await new Promise((resolve) => setTimeout(resolve, 60));
  t.deepEqual(sent, [['a', [1, 2, 3]], ['a', [4]]]);
  t.is(batcher.pending, 0);
});

test('urgent items leave at the end of the turn, each key with what it gathered in the turn, without the window', async (t) => {
  const { batcher, sent } = recording(100, 60_000);
  batcher.add('a', 1);
  batcher.add('a', 2, true);
  batcher.add('b', 3);
  batcher.add('a', 4, true);
  batcher.add('c', 5, true);
  t.deepEqual(sent, [], 'nothing leaves inside the turn');
  await endOfTurn();
  t.deepEqual(sent, [['a', [1, 2, 4]], ['c', [5]]]);
  t.is(batcher.pending, 1, 'the key without an urgent item still waits for its window');
  batcher.flush();
  t.deepEqual(sent.at(-1), ['b', [3]]);
});

test('an urgent item in a batch filled in the same turn leaves once, with the batch', async (t) => {
  const { batcher, sent } = recording(2, 60_000);
  batcher.add('a', 1, true);
  batcher.add('a', 2);
  await endOfTurn();
  t.deepEqual(sent, [['a', [1, 2]]]);
});

test('a flush at shutdown sends the urgent items too, once', async (t) => {
  const { batcher, sent } = recording(100, 60_000);
  batcher.add('a', 1, true);
  batcher.flush();
  await endOfTurn();
  t.deepEqual(sent, [['a', [1]]]);
});
