import test from 'ava';
import { replacingPatch } from '../../../operator/mirror/resource-writer.js';

test('a replacing merge patch removes the keys the desired object lacks', (t) => {
  t.deepEqual(replacingPatch({ a: 1, b: 2 }, { a: 3 }), { a: 3, b: null });
  t.deepEqual(replacingPatch(undefined, { a: 3 }), { a: 3 });
});
