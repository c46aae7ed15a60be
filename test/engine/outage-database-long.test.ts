import test from 'ava';
import { runOutageScenario } from './outage-harness.js';

test('PostgreSQL away for 3 minutes: failing checks decided once after the return, every check runs through, healthy checks open nothing', async (t) => {
  t.timeout(420_000);
  await runOutageScenario(t, { dependency: 'database', outageMs: 180_000 });
});
