import test from 'ava';
import { engineName, freshStore } from '../helpers/database.js';

test(`migrations build the schema of the entities from empty on ${engineName()}`, async (t) => {
  const context = await freshStore();
  try {
    const drift = await context.store.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    t.is(drift.trim(), '', 'entities changed without a migration: run npm run migration:create');
    const executed = await context.store.getMigrator().getExecutedMigrations();
    t.true(executed.length >= 1);
    t.deepEqual(await context.store.getMigrator().getPendingMigrations(), []);
  } finally {
    await context.close();
  }
});
