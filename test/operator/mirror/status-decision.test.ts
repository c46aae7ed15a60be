import test from 'ava';
import { decideStatusWrite } from '../../../operator/mirror/status-decision.js';

test('status: a state or incident change goes out at once; a last-run change waits for the interval; nothing changed writes nothing', (t) => {
  const current = { id: 1, state: 'up', lastRunAt: '2026-11-23T10:00:00Z' };
  t.deepEqual(decideStatusWrite(current, { ...current }, 0, 1000, 60_000), { write: 'none' });
  t.deepEqual(decideStatusWrite(current, { ...current, state: 'down' }, 1000, 2000, 60_000), { write: 'now' });
  t.deepEqual(decideStatusWrite(current, { ...current, openIncidentId: 7 }, 1000, 2000, 60_000), { write: 'now' });
  t.deepEqual(decideStatusWrite(current, { ...current, lastRunAt: '2026-11-23T10:01:00Z' }, 1000, 2000, 60_000), { write: 'later', atMs: 61_000 });
  t.deepEqual(decideStatusWrite(current, { ...current, lastRunAt: '2026-11-23T10:01:00Z' }, 1000, 61_000, 60_000), { write: 'now' });
  t.deepEqual(decideStatusWrite(current, { ...current, lastRunAt: '2026-11-23T10:01:00Z' }, undefined, 2000, 60_000), { write: 'now' });
  t.deepEqual(decideStatusWrite(undefined, { id: 1 }, undefined, 0, 60_000), { write: 'now' });
});
