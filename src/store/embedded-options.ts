import type { PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** What the schema needs besides PostgreSQL itself: pg_trgm for the substring search's indexes. */
export const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm } };
