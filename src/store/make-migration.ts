import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeStore, migrate, openStore } from './orm.js';

const folder = 'src/store/migrations';
/** Until the first release the schema is one migration, rewritten whole with `--initial`. */
const initialName = 'Migration20261122003148';

/**
 * Writes a migration for the difference between the entities and the schema the checked-in
 * migrations produce, on a throw-away in-memory database, so no server is needed.
 * `--initial` instead rewrites the single initial migration from the entities.
 */
const initial = process.argv[2] === '--initial';
const store = await openStore({});
try {
  if (initial) {
    for (const file of readdirSync(folder)) if (/^Migration\d+.*\.ts$/.test(file)) rmSync(join(folder, file));
  } else {
    await migrate(store);
  }
  const result = await store.getMigrator().createMigration(folder, false, false, initial ? undefined : process.argv[2]);
  if (result.diff.up.length === 0) {
    console.log('entities and migrations agree: nothing to write');
  } else if (initial) {
    const written = join(folder, result.fileName);
    const name = result.fileName.replace(/\.ts$/, '');
    writeFileSync(join(folder, `${initialName}.ts`), readFileSync(written, 'utf8').replaceAll(name, initialName));
    if (result.fileName !== `${initialName}.ts`) rmSync(written);
    console.log(`rewrote ${folder}/${initialName}.ts`);
  } else {
    console.log(`wrote ${folder}/${result.fileName}: add it to ${folder}/index.ts`);
  }
} finally {
  await closeStore(store);
}
