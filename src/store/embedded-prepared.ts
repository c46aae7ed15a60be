import { protocol, type PGliteInterface } from '@electric-sql/pglite';
import { embeddedResult, type EmbeddedResult } from './embedded-results.js';

/** A statement as prepared-rows.ts names it: the same name always stands for the same text. */
export interface NamedStatement {
  name: string;
  text: string;
}

/** The statements prepared in each PGlite instance, by name. */
const preparedIn = new WeakMap<PGliteInterface, Set<string>>();

/**
 * A value as text, as pg sends it to PostgreSQL (the statements cast their parameters where the
 * type is not plain from the SQL): the same statement then reads the same on both databases.
 */
export function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol') throw new TypeError(`a statement parameter must be a scalar, not ${typeof value}`);
  return String(value);
}

/**
 * Rows of a named statement on the embedded database, planned once per instance: PGlite's own
 * `query` parses and plans every statement anew in six calls into the WebAssembly module, and
 * planning a list page cost about 1.5 ms there, three times what running it cost. The values are
 * written as text as on PostgreSQL (asText), and the rows read with PGlite's parsers (see
 * embedded-results.ts). Runs on `pglite` alone (the connection the caller holds), under its lock:
 * nothing else sends protocol messages in between.
 */
export function embeddedPreparedRows<T>(pglite: PGliteInterface, statement: NamedStatement, params: readonly unknown[]): Promise<T[]> {
  return pglite.runExclusive(async () => {
    let prepared = preparedIn.get(pglite);
    if (!prepared) preparedIn.set(pglite, (prepared = new Set()));
    // Prepared in an exchange of its own: a statement prepared along with a bind that failed would be kept, and not known here.
    if (!prepared.has(statement.name)) {
      await pglite.execProtocolStream(Buffer.concat([protocol.serialize.parse({ name: statement.name, text: statement.text }), protocol.serialize.sync()]));
      prepared.add(statement.name);
    }
    return (await exchange<T>(pglite, protocol.serialize.bind({ statement: statement.name, values: params.map(asText) }))).rows;
  });
}

/**
 * One statement without parameters (MikroORM writes the values into its SQL) in one exchange:
 * PGlite's `query` takes six calls into the WebAssembly module for it, each answer copied twice
 * on its way out, and a create's statements spent more time there than in PostgreSQL.
 */
export function embeddedStatement<T>(pglite: PGliteInterface, sql: string): Promise<EmbeddedResult<T>> {
  return pglite.runExclusive(() => exchange<T>(pglite, Buffer.concat([protocol.serialize.parse({ text: sql }), protocol.serialize.bind({})])));
}

/**
 * Binds, describes and runs the portal that `start` makes, in one buffer that PGlite answers in
 * one call; an error ends the exchange at its sync and is thrown, as PGlite's `query` throws it.
 * The answer is read as messages only: `execProtocol` also copies it whole as bytes.
 */
async function exchange<T>(pglite: PGliteInterface, start: Uint8Array): Promise<EmbeddedResult<T>> {
  const answer = await pglite.execProtocolStream(
    Buffer.concat([start, protocol.serialize.describe({ type: 'P' }), protocol.serialize.execute({}), protocol.serialize.sync()]),
  );
  return embeddedResult<T>(answer, pglite.parsers);
}
