import type { PGliteInterface } from '@electric-sql/pglite';
import { AbstractSqlDriver, PostgreSqlPlatform, type Configuration } from '@mikro-orm/postgresql';
import { PGliteConnection, PGliteKnexDialect } from 'mikro-orm-pglite';
import { statementCount } from './sql-statement-count.js';
import { embeddedStatement } from './embedded-prepared.js';
import { nextEventLoopTurn } from './event-loop-turn.js';

/** What knex hands a dialect's `_query`: the SQL (MikroORM inlines the values), and where the answer goes. */
type QueryObject = Parameters<PGliteKnexDialect['_query']>[1];

/** knex's own taking from and giving back to the pool (mikro-orm-pglite's dialect types leave them out). */
const knexClient = PGliteKnexDialect.prototype as unknown as {
  acquireConnection(this: unknown): Promise<PGliteInterface>;
  releaseConnection(this: unknown, connection: PGliteInterface): Promise<unknown>;
};

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
  override async _query(connection: PGliteInterface, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql) throw new Error('The query is empty');
    const bindings = obj.bindings ?? [];
    if (obj.method === 'raw' && statementCount(obj.sql) > 1) obj.response = await connection.exec(obj.sql);
    else obj.response = bindings.length === 0 ? await embeddedStatement(connection, obj.sql) : await connection.query(obj.sql, bindings);
    return obj;
  }

  /**
   * The one connection is taken, and given back, on the event loop's next turn (see
   * event-loop-turn.ts), as a statement to PostgreSQL waits for its socket: between two statements
   * of a chain, or two transactions queued for the connection, the process reads its sockets and
   * runs its timers. Given back a turn late, the connection passes to the next waiter through the
   * event loop, not in the microtasks of the one that held it. A transaction's own statements take
   * no turn (its client hands out its connection).
   */
  async acquireConnection(): Promise<PGliteInterface> {
    await nextEventLoopTurn();
    return knexClient.acquireConnection.call(this);
  }

  releaseConnection(connection: PGliteInterface): Promise<unknown> {
    return nextEventLoopTurn().then(() => knexClient.releaseConnection.call(this, connection));
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
