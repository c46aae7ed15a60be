import { closeStore, migrate, openStore } from './orm.js';

/**
 * Writes a migration for the difference between the entities and the schema the checked-in
 * migrations produce. Runs on a throw-away in-memory database, so no server is needed.
 */
const store = await openStore({});
try {
  await migrate(store);
  const result = await store.getMigrator().createMigration('src/store/migrations', false, false, process.argv[2]);
  if (result.diff.up.length === 0) console.log('entities and migrations agree: nothing to write');
  else console.log(`wrote src/store/migrations/${result.fileName}: add it to src/store/migrations/index.ts`);
} finally {
  await closeStore(store);
}
