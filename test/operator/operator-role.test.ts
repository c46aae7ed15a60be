import test from 'ava';
import { runCli } from '../support/cli.js';

test('vantage operator without a kubeconfig or a service account says what it needs and exits 2', async (t) => {
  const result = await runCli(['operator'], {});
  t.is(result.code, 2);
  t.regex(result.stderr, /set KUBECONFIG, or run in a pod/);
});

test('vantage operator refuses unknown options', async (t) => {
  const result = await runCli(['operator', '--bogus'], { KUBECONFIG: '/nonexistent' });
  t.is(result.code, 2);
  t.regex(result.stderr, /unknown option --bogus/);
});
