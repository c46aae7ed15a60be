import type { LogContext } from '@mikro-orm/core';
import type { Store } from '../../../src/store/orm.js';

/**
 * Records every SQL statement the store's connections run while `during` runs, through the ORM's
 * query logger (every statement, raw ones included, passes there). Not for concurrent use.
 */
export async function statementsDuring(store: Store, during: () => Promise<unknown>): Promise<string[]> {
  const logger = store.config.getLogger();
  const statements: string[] = [];
  const original = logger.logQuery;
  logger.logQuery = (context: LogContext) => {
    statements.push(context.query ?? '');
  };
  try {
    await during();
  } finally {
    logger.logQuery = original;
  }
  return statements;
}
