import test from 'ava';
import { engineName, freshStore } from '../support/database.js';

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

// MikroORM's schema diff compares the parent tables only (it skips partitions): the partitioning
// itself is asserted here, from the catalog.
test(`runs and the hourly rollup are partitioned by time, each with a default partition, on ${engineName()}`, async (t) => {
  const context = await freshStore();
  try {
    const db = context.store.em.getConnection().getKnex();
    const keys = await db.raw<{ rows: Array<{ table: string; key: string }> }>(
      `select c.relname as table, pg_get_partkeydef(c.oid) as key from pg_class c where c.relkind = 'p' order by 1`,
    );
    t.deepEqual(keys.rows, [
      { table: 'hourly_availability', key: 'RANGE (hour)' },
      { table: 'runs', key: 'RANGE (started_at)' },
    ]);
    const defaults = await db.raw<{ rows: Array<{ name: string }> }>(
      `select c.relname as name from pg_class c where c.relispartition and pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT' order by 1`,
    );
    t.deepEqual(defaults.rows.map((row) => row.name), ['hourly_availability_default', 'runs_default']);
  } finally {
    await context.close();
  }
});
