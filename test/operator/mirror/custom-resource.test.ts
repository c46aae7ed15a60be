import test from 'ava';
import { workspaceIdOf } from '../../../operator/mirror/custom-resource.js';

test('a namespace label names a workspace only as a plain positive 32-bit id', (t) => {
  const label = (value: string) => ({ 'vantage.dev/workspace-id': value });
  t.is(workspaceIdOf(label('12')), 12);
  for (const bad of ['', '0', '012', '-1', '1e3', '9223372036854775808', '2147483648', ' 1', '1\u0000']) t.is(workspaceIdOf(label(bad)), null, bad);
  t.is(workspaceIdOf(undefined), null);
});
