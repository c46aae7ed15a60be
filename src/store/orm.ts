import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import type { PGlite } from '@electric-sql/pglite';
import type { PGliteConnectionConfig } from 'mikro-orm-pglite';
import { EmbeddedDriver } from './embedded-driver.js';
import { EmbeddedDatabaseThread } from './embedded-database-thread.js';
import type { Logger } from '../log.js';
import { lockDataDir } from './data-dir-lock.js';
import { allEntities } from './entities/index.js';
import { migrationsList } from './migrations/index.js';
import { postgresConnection } from './postgres-connection.js';

export type Store = MikroORM;

export interface StoreOptions {
  /** PostgreSQL URL; when absent, the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; absent with no URL: an in-memory database. */
  dataDir?: string | undefined;
  logger?: Logger;
  /** Connections in the pool (PostgreSQL only). */
  poolSize?: number;
}

function baseOptions(options: StoreOptions): Options {
  const log = options.logger;
  return {
    entities: allEntities,
    extensions: [Migrator],
    migrations: { migrationsList, path: 'src/store/migrations', emit: 'ts', snapshot: false, transactional: true, allOrNothing: true },
    forceUtcTimezone: true,
    ignoreUndefinedInQuery: true,
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: true },
    logger: (message) => log?.debug({ orm: true }, message),
    debug: false,
  };
}

/** The release of each embedded database's data dir lock, run when its store closes. */
const locks = new WeakMap<object, () => void>();

/** The embedded database lives in the data dir, so restarts keep every row; one process at a time holds it. */
function embeddedDatabase(dataDir: string | undefined): EmbeddedDatabaseThread {
  if (!dataDir) return new EmbeddedDatabaseThread(null);
  const release = lockDataDir(dataDir);
  const folder = resolve(dataDir, 'pglite');
  mkdirSync(folder, { recursive: true });
  const database = new EmbeddedDatabaseThread(folder);
  locks.set(database, release);
  return database;
}

function embeddedOptions(options: StoreOptions): Options {
  const database = embeddedDatabase(options.dataDir);
  return {
    ...baseOptions(options),
    // mikro-orm-pglite types its connection options a little wider than @mikro-orm/postgresql does.
    driver: EmbeddedDriver as unknown as NonNullable<Options['driver']>,
    dbName: 'postgres',
    // Typed as PGlite for mikro-orm-pglite; knex and MikroORM use only what the thread answers.
    driverOptions: { connection: { pglite: () => database as unknown as PGlite } satisfies PGliteConnectionConfig },
    // Sessions of the database's one connection (embedded-database-worker.ts): as many as may
    // have a statement queued there at once; a transaction still has the database to itself.
    pool: { min: 1, max: 10 },
  };
}

/**
 * Every new connection (and the embedded database) plans its prepared statements once (see
 * prepared-rows.ts). Under the default `auto` mode PostgreSQL kept planning the read routes'
 * statements anew on each execution: their generic plan is costed for a page of a tenth of the
 * workspace (a LIMIT it cannot see), so it never looked cheaper than the custom plans, and
 * planning took about 0.4 ms of a list's 0.9. Only statements sent with parameters are affected,
 * and those are prepared-rows.ts's alone: the ORM sends its own with their values written in,
 * which PostgreSQL plans once each whatever this setting says. A new parameterised statement must
 * have a generic plan that fits every value it is given. Set again on each reconnection.
 */
const PLAN_ONCE = 'set plan_cache_mode = force_generic_plan';

interface PgConnection {
  query(sql: string, callback: (error: Error | null) => void): void;
}

const planOnce = (connection: PgConnection, done: (error: Error | null, connection: PgConnection) => void): void =>
  connection.query(PLAN_ONCE, (error) => done(error, connection));

function postgresOptions(options: StoreOptions & { databaseUrl: string }): Options {
  return {
    ...baseOptions(options),
    clientUrl: options.databaseUrl,
    driverOptions: { connection: postgresConnection(options.databaseUrl) },
    pool: { min: 0, max: options.poolSize ?? 10, afterCreate: planOnce },
  };
}

/** Opens the store: PostgreSQL when a URL is given, PGlite otherwise. Does not migrate. */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl) {
    const store = await MikroORM.init({ ...postgresOptions({ ...options, databaseUrl: options.databaseUrl }), connect: false });
    try {
      await store.connect();
    } catch (error) {
      // A role that waits for its database opens the store again and again while it is away: each
      // failed attempt must not leave its pool (a timer, a socket) behind.
      await store.close(true).catch(() => undefined);
      throw error;
    }
    return store;
  }
  const store = await MikroORM.init(embeddedOptions(options));
  // For every session: PGlite is one connection, and lives as long as the store.
  await (await embeddedInstance(store))!.session().exec(PLAN_ONCE);
  return store;
}

/** The database thread of an embedded store; null on PostgreSQL. */
async function embeddedInstance(store: Store): Promise<EmbeddedDatabaseThread | null> {
  const pgliteFactory = (store.config.get('driverOptions') as { connection?: PGliteConnectionConfig }).connection?.pglite;
  return pgliteFactory ? ((await pgliteFactory()) as unknown as EmbeddedDatabaseThread) : null;
}

/**
 * Resolves when the store's database is there: on PostgreSQL a `select 1` answers; embedded, its
 * thread runs. A statement to the embedded database waits behind the one running (a bulk pause of
 * 10,000 checks holds it for 3 s), which is the database busy, not gone: a probe's time-out must
 * not report it lost, nor `serve` not ready.
 */
export async function databaseAnswers(store: Store): Promise<void> {
  const embedded = await embeddedInstance(store);
  if (embedded) return embedded.running();
  await store.em.fork().getConnection().execute('select 1');
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(store: Store): Promise<string[]> {
  const applied = await store.getMigrator().up();
  return applied.map((m) => m.name);
}

/** Closes the store and, for the embedded database, its thread. */
export async function closeStore(store: Store): Promise<void> {
  const embedded = await embeddedInstance(store);
  await store.close(true);
  if (!embedded) return;
  await embedded.close();
  locks.get(embedded)?.();
  locks.delete(embedded);
}

export const uploadsDir = (dataDir: string): string => join(resolve(dataDir), 'uploads');
