import test from 'ava';
import { decideEvent } from '../../../operator/mirror/event-decision.js';

test('an event repeated within the window raises the count of the one already written; after it, a new one starts', (t) => {
  t.deepEqual(decideEvent(undefined, 1_000, 600_000), { action: 'create' });
  const seen = { name: 'shop.1', count: 3, lastMs: 1_000 };
  t.deepEqual(decideEvent(seen, 601_000, 600_000), { action: 'count', name: 'shop.1', count: 4 });
  t.deepEqual(decideEvent(seen, 601_001, 600_000), { action: 'create' });
});
