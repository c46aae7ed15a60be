import { PGliteConnection } from 'mikro-orm-pglite';
import type { Store } from './orm.js';

/**
 * The store is the embedded database (PGlite): PostgreSQL compiled to WebAssembly, run on the
 * process's own thread. A statement there holds the event loop, and every request in flight with
 * it, for as long as it runs.
 */
export const isEmbedded = (store: Store): boolean => store.em.getConnection() instanceof PGliteConnection;
