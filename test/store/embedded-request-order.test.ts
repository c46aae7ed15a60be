import test from 'ava';
import { beginsTransaction, nextRequestAt, type QueuedRequest } from '../../src/store/embedded-request-order.js';

const read = (session: number): QueuedRequest => ({ session, op: 'prepared' });
const begin = (session: number, sql = 'BEGIN;'): QueuedRequest => ({ session, op: 'query', sql });

test('what opens a transaction: BEGIN or START TRANSACTION as a query, an exec or a statement, in any case', (t) => {
  for (const sql of ['BEGIN;', 'begin', '  Begin isolation level serializable', 'start transaction', 'START  TRANSACTION READ ONLY']) {
    t.true(beginsTransaction({ session: 1, op: 'query', sql }), sql);
    t.true(beginsTransaction({ session: 1, op: 'exec', sql }), sql);
    t.true(beginsTransaction({ session: 1, op: 'statement', sql }), sql);
  }
  for (const sql of ['select 1', 'commit', 'beginning', "select 'begin'", 'insert into t values (1)']) t.false(beginsTransaction({ session: 1, op: 'query', sql }), sql);
  t.false(beginsTransaction({ session: 1, op: 'prepared' }));
  t.false(beginsTransaction({ session: 1, op: 'end' }));
});

test('an open transaction runs alone: only its session’s requests, the oldest first; none when it has none waiting', (t) => {
  t.is(nextRequestAt([read(1), read(2), read(3), read(2)], 2, 0), 1);
  t.is(nextRequestAt([read(1), read(3)], 2, 4), -1);
  t.is(nextRequestAt([], null, 0), -1);
});

test('otherwise the oldest goes first', (t) => {
  t.is(nextRequestAt([begin(1), read(2), read(3)], null, 0), 0);
  t.is(nextRequestAt([read(2), begin(1)], null, 0), 0);
});

test('what waited through a transaction goes before the next transaction begins, each session in its order', (t) => {
  // Sessions 1 and 4 begin transactions; 2 and 3 read. All four waited through the last transaction.
  t.is(nextRequestAt([begin(1), begin(4), read(2), read(3)], null, 4), 2);
  t.is(nextRequestAt([begin(1), begin(4), read(3)], null, 3), 2);
  t.is(nextRequestAt([begin(1), begin(4)], null, 2), 0, 'only transactions waited: the oldest begins');
  // Session 2's read came after its own BEGIN (as after a pool hand-over): it keeps its place.
  t.is(nextRequestAt([begin(2), read(2), read(3)], null, 3), 2);
  // A read that came after the transaction ended waits its turn behind the BEGIN.
  t.is(nextRequestAt([begin(1), read(2)], null, 1), 0);
});
