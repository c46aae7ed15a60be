import test from 'ava';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChangeNotice } from '../../src/bus/messages.js';
import { InProcessBus } from '../../src/bus/in-process-bus.js';
import { changeSubject } from '../../src/bus/subjects.js';
import { loadSettings } from '../../src/config/load-settings.js';
import { startEngine } from '../../src/engine/index.js';
import { createLogger } from '../../src/log.js';
import { freshStore } from '../support/database.js';
import { statementsDuring } from '../api/helpers/statement-counter.js';
import { FakeClock } from './fake-clock.js';
import { tenant, until } from './helpers.js';

/**
 * The change notices of a bulk change (here 300 new checks at once) share their reloads: checks
 * noticed while a reload runs are read together by the next one, instead of one turn of queries
 * per notice with every other notice waiting behind them.
 */

const CHECKS = 300;

test('notices that arrive together are reloaded together, and every check they name is taken up', async (t) => {
  const { store, close } = await freshStore();
  const logger = createLogger('silent');
  const bus = new InProcessBus(logger);
  const running = await startEngine({ settings: loadSettings({ VANTAGE_PARTITIONS: '4' }), logger, store, bus, clock: new FakeClock(Date.now()) });
  try {
    const owner = await tenant(store.em.fork() as EntityManager);
    const rows = await store.em.fork().getConnection().execute<Array<{ id: number }>>(`
      insert into uptime_checks (workspace_id, name, check_type, hostname, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, paused, created_at, updated_at)
      select ${owner.workspace.id}, 'bulk ' || i, 'ping', 'example.com', 5, 10000, '["eu-west"]', 1, '[]', true, now(), now() from generate_series(1, ${CHECKS}) i
      returning id`);
    t.is(running.engine.runningChecks, 0, 'the engine learns of the checks from their notices alone');
    const at = new Date().toISOString();
    const statements = await statementsDuring(store, async () => {
      await Promise.all(rows.map(({ id }) => bus.publishDurable(changeSubject('uptime_check', id), { kind: 'uptime_check', id, action: 'created', at } satisfies ChangeNotice)));
      await until('every noticed check running', async () => running.engine.runningChecks === CHECKS);
    });
    const reloads = statements.filter((statement) => /from uptime_checks c left join uptime_check_last_runs lr on lr.check_id = c.id where c.id in/.test(statement)).length;
    t.true(reloads >= 1 && reloads <= CHECKS / 20, `${reloads} reloads for ${CHECKS} notices`);
  } finally {
    await running.stop();
    await bus.close();
    await close();
  }
});
