import { createHash } from 'node:crypto';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { PGliteConnection } from 'mikro-orm-pglite';
import type { ClientBase } from 'pg';
import type { EmbeddedSession } from './embedded-database-thread.js';
import type { NamedStatement } from './embedded-prepared.js';

/** Statements by their SQL: a fixed set per process (the read routes' queries and their filter combinations, the run writer's batches). */
const statements = new Map<string, NamedStatement>();

function prepared(sql: string): NamedStatement {
  let statement = statements.get(sql);
  if (!statement) {
    let position = 0;
    statement = { name: `vantage_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`, text: sql.replace(/\?/g, () => `$${++position}`) };
    statements.set(sql, statement);
  }
  return statement;
}

/**
 * What running a row statement needs of an entity manager: its connection, its transaction and its
 * query logger. A function that takes this instead of an `EntityManager` cannot load or persist an
 * entity, so it may run on an entity manager shared by concurrent requests.
 */
export type StatementRunner = Pick<EntityManager, 'getConnection' | 'getTransactionContext' | 'config'>;

/**
 * Rows of a statement (placeholders `?`; the SQL must hold no other `?`) whose text is one of a
 * fixed set. It runs as a named prepared statement on the pooled connection, so that the database
 * plans it once per connection instead of on every call: planning cost more than executing the read routes' statements
 * (on PostgreSQL, see PLAN_ONCE in orm.ts; on the embedded database, embedded-prepared.ts). In a
 * transaction it runs on the transaction's connection. Logged to the ORM's query logger like every
 * other statement.
 */
export async function preparedRows<T>(em: StatementRunner, sql: string, params: readonly unknown[]): Promise<T[]> {
  const connection = em.getConnection();
  const transaction = em.getTransactionContext<Knex.Transaction>();
  const statement = prepared(sql);
  const knex = transaction ?? connection.getKnex();
  const began = Date.now();
  const client: unknown = await knex.client.acquireConnection();
  try {
    if (connection instanceof PGliteConnection) return await (client as EmbeddedSession).preparedRows<T>(statement, params);
    const result = await (client as ClientBase).query({ name: statement.name, text: statement.text, values: [...params] });
    return result.rows as T[];
  } finally {
    knex.client.releaseConnection(client);
    em.config.getLogger().logQuery({ query: sql, took: Date.now() - began, level: 'info' });
  }
}
