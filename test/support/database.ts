import { randomBytes } from 'node:crypto';
import pg from '@mikro-orm/postgresql';
import { closeStore, migrate, openStore, type Store } from '../../src/store/orm.js';
import { PrivatePostgres } from './private-postgres.js';

const { MikroORM } = pg;

export interface TestDatabase {
  /** The URL of the fresh database; undefined on the embedded engine. */
  databaseUrl: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: a new PostgreSQL database when DATABASE_URL is set,
 * otherwise nothing to create (each embedded store is in memory or in its own folder).
 */
export async function freshDatabase(): Promise<TestDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { databaseUrl: undefined, drop: async () => {} };
  const name = `vantage_test_${randomBytes(6).toString('hex')}`;
  const admin = await MikroORM.init({ clientUrl: base, entities: [], discovery: { warnWhenNoEntities: false }, allowGlobalContext: true });
  await admin.em.getConnection().execute(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      await admin.em.getConnection().execute(`drop database if exists "${name}" with (force)`);
      await admin.close(true);
    },
  };
}

/** A migrated store on a fresh database; `close` also drops the database. */
export async function freshStore(): Promise<{ store: Store; databaseUrl: string | undefined; close(): Promise<void> }> {
  return migratedStore(await freshDatabase());
}

/**
 * A migrated store on a fresh PostgreSQL database, for a test that holds transactions open side
 * by side (PGlite has one connection): on DATABASE_URL when it is set, otherwise on a private
 * server of the test's own, so that the test runs on either set-up; `close` also removes it.
 */
export async function concurrentStore(): Promise<{ store: Store; databaseUrl: string; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const database = await freshDatabase();
    return { ...(await migratedStore(database)), databaseUrl: database.databaseUrl! };
  }
  const server = await PrivatePostgres.start();
  return { ...(await migratedStore({ databaseUrl: server.url, drop: () => server.dispose() })), databaseUrl: server.url };
}

async function migratedStore(database: TestDatabase): Promise<{ store: Store; databaseUrl: string | undefined; close(): Promise<void> }> {
  const store = await openStore({ databaseUrl: database.databaseUrl });
  await migrate(store);
  return {
    store,
    databaseUrl: database.databaseUrl,
    close: async () => {
      await closeStore(store);
      await database.drop();
    },
  };
}

export const engineName = (): string => (process.env.DATABASE_URL ? 'postgresql' : 'pglite');
