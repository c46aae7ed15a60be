import { PGliteConnection } from 'mikro-orm-pglite';
import type { Store } from './orm.js';

/**
 * The store is the embedded database (PGlite): PostgreSQL compiled to WebAssembly, on a thread of
 * the process (embedded-database-thread.ts). It is one connection: a statement there holds it, and
 * every request's statement waits, for as long as it runs.
 */
export const isEmbedded = (store: Store): boolean => store.em.getConnection() instanceof PGliteConnection;
