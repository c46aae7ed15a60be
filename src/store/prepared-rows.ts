import { createHash } from 'node:crypto';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { PGliteConnection } from 'mikro-orm-pglite';
import type { ClientBase } from 'pg';

interface Prepared {
  name: string;
  text: string;
}

/** Statements by their SQL: a fixed set per process (the read routes' queries and their filter combinations). */
const statements = new Map<string, Prepared>();

function prepared(sql: string): Prepared {
  let statement = statements.get(sql);
  if (!statement) {
    let position = 0;
    statement = { name: `vantage_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`, text: sql.replace(/\?/g, () => `$${++position}`) };
    statements.set(sql, statement);
  }
  return statement;
}

/**
 * Rows of a read statement (placeholders `?`; the SQL must hold no other `?`). On PostgreSQL it
 * runs as a named prepared statement on the pooled connection, so that PostgreSQL plans it once
 * per connection instead of on every request: planning cost more than executing the read routes'
 * statements. In a transaction it runs on the transaction's connection; on the embedded database it
 * runs as any other statement. Logged to the ORM's query logger like every other statement.
 */
export async function preparedRows<T>(em: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  const connection = em.getConnection();
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (connection instanceof PGliteConnection) return connection.execute<T[]>(sql, [...params], 'all', transaction);
  const statement = prepared(sql);
  const knex = transaction ?? connection.getKnex();
  const began = Date.now();
  const client = (await knex.client.acquireConnection()) as ClientBase;
  try {
    const result = await client.query({ name: statement.name, text: statement.text, values: [...params] });
    return result.rows as T[];
  } finally {
    knex.client.releaseConnection(client);
    em.config.getLogger().logQuery({ query: sql, took: Date.now() - began, level: 'info' });
  }
}
