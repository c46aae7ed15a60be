import test from 'ava';
import { Incident } from '../../src/store/entities/incident.js';
import { IncidentPublicUpdate } from '../../src/store/entities/incident-public-update.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { User } from '../../src/store/entities/user.js';
import { closeStore, migrate, openStore } from '../../src/store/orm.js';
import { provisionClient } from '../../src/store/provisioning.js';

/**
 * The embedded database, whatever DATABASE_URL says: values holding a `;` are written and read
 * back like any other (the PGlite dialect once ran such inserts as several statements, and the
 * new row came back without its id).
 */
test('a row whose text holds a semicolon gets its id, and an update of it counts as one (embedded)', async (t) => {
  const store = await openStore({});
  t.teardown(() => closeStore(store));
  await migrate(store);
  const owner = await provisionClient(store.em.fork(), { name: 'Semi; colon', email: 'semi@example.com', password: 'password-123456', plan: 'pro' });
  const [check] = await store.em.fork().getConnection().execute<Array<{ id: number }>>(
    `insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, check_frequency, response_timeout, trigger_locations, min_failing_locations, response_classes, flag_follow_redirect, paused, state, managed_by, version, created_at, updated_at)
     values (?, 'a; b', 'http', 'a.example', 'https', 1, 5000, '["loc-a"]', 1, '[]', false, false, 'down', 'api', 1, now(), now()) returning id`,
    [owner.workspace_id],
  );
  const [incident] = await store.em.fork().getConnection().execute<Array<{ id: number }>>(
    `insert into incidents (workspace_id, check_id, status, severity, failed_locations, opened_by_cycle, opened_at) values (?, ?, 'open', 'major', '[]', 'c; 1', now()) returning id`,
    [owner.workspace_id, check!.id],
  );
  const id = await store.em.fork().transactional(async (tx) => {
    const update = tx.create(IncidentPublicUpdate, {
      incident: tx.getReference(Incident, incident!.id),
      state: 'identified',
      body: 'A bad deploy; rolling back. DROP TABLE users; --',
      author: tx.getReference(User, owner.user_id),
      createdAt: new Date(),
    });
    await tx.flush();
    return update.id;
  });
  t.true(Number.isInteger(id) && id > 0);
  const stored = await store.em.fork().findOneOrFail(IncidentPublicUpdate, id);
  t.is(stored.body, 'A bad deploy; rolling back. DROP TABLE users; --');

  const em = store.em.fork();
  const row = await em.findOneOrFail(UptimeCheck, check!.id);
  row.name = 'c; d';
  await em.flush();
  t.is((await store.em.fork().findOneOrFail(UptimeCheck, check!.id)).name, 'c; d');
  t.is(await store.em.fork().count(User, {}), 1, 'nothing in a value ran as a statement');
});
