import type { PGliteInterface } from '@electric-sql/pglite';
import { AbstractSqlDriver, PostgreSqlPlatform, type Configuration } from '@mikro-orm/postgresql';
import { PGliteConnection, PGliteKnexDialect } from 'mikro-orm-pglite';
import { statementCount } from './sql-statement-count.js';
import type { EmbeddedDatabaseThread, EmbeddedSession } from './embedded-database-thread.js';

/** What knex hands a dialect's `_query`: the SQL (MikroORM inlines the values), and where the answer goes. */
type QueryObject = Parameters<PGliteKnexDialect['_query']>[1];

/**
 * mikro-orm-pglite's dialect, except for how a raw statement is told from several. Its own runs
 * any raw SQL with a `;` in it as several statements (PGlite's `exec`, whose answer is a list of
 * results), also when the `;` sits in a value MikroORM inlined: an insert of a name or a text
 * holding one came back without its id, and the request failed. Here `exec` is kept for SQL that
 * really holds several statements (migrations), told by its separators outside literals, quoted
 * names, dollar-quoted bodies and comments. A statement without bindings (MikroORM inlines its
 * values) runs in one exchange (embeddedStatement). Overridden on the class, not an instance: knex
 * makes a transaction's client from the class's prototype.
 */
class EmbeddedKnexDialect extends PGliteKnexDialect {
  // knex hands over one of the pool's sessions (see below); its types say PGlite.
  override async _query(pooled: unknown, obj: QueryObject): Promise<QueryObject> {
    const connection = pooled as EmbeddedSession;
    if (!obj.sql) throw new Error('The query is empty');
    const bindings = obj.bindings ?? [];
    if (obj.method === 'raw' && statementCount(obj.sql) > 1) obj.response = await connection.exec(obj.sql);
    else obj.response = bindings.length === 0 ? await connection.statement(obj.sql) : await connection.query(obj.sql, bindings);
    return obj;
  }

  /** Each of the pool's connections is a session of the one database thread (orm.ts's factory gives the thread). */
  override async _acquireOnlyConnection(): Promise<PGliteInterface> {
    const thread = (await super._acquireOnlyConnection()) as unknown as EmbeddedDatabaseThread;
    return thread.session() as unknown as PGliteInterface;
  }

  /** The pool lets a session go (the store closes, or it idled): the thread stays, the store closes it. */
  override async destroyRawConnection(session: unknown): Promise<void> {
    await (session as EmbeddedSession).end().catch(() => undefined);
  }
}

/** mikro-orm-pglite's connection over EmbeddedKnexDialect; the rest of its set-up as it does it. */
export class EmbeddedConnection extends PGliteConnection {
  override createKnex(): void {
    this.client = this.createKnexClient(EmbeddedKnexDialect as unknown as string);
    const dialect = this.getKnex().client as EmbeddedKnexDialect & { ormConfig: unknown };
    dialect.ormConfig = this.config;
    // The data source mikro-orm-pglite's connection made for this connection (private in its types).
    dialect.driver = (this as unknown as { dialectDataSource: unknown }).dialectDataSource;
    this.connected = true;
  }
}

/** mikro-orm-pglite's driver over EmbeddedConnection. */
export class EmbeddedDriver extends AbstractSqlDriver<EmbeddedConnection> {
  constructor(config: Configuration) {
    super(config, new PostgreSqlPlatform(), EmbeddedConnection, ['knex', '@electric-sql/pglite', '@harryplusplus/knex-pglite']);
  }
}
