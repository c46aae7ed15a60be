import type { EmbeddedRequest } from './embedded-thread-messages.js';

/** The requests of the embedded database's queue that matter to its order: whose they are, and what they run. */
export type QueuedRequest = Pick<EmbeddedRequest, 'session'> & { op: EmbeddedRequest['op']; sql?: string };

const transactionStart = /^\s*(begin|start\s+transaction)\b/i;

/** Whether the request opens a transaction: from then on the database is its session's alone until it ends. */
export function beginsTransaction(request: QueuedRequest): boolean {
  return (request.op === 'query' || request.op === 'exec' || request.op === 'statement') && transactionStart.test(request.sql ?? '');
}

/**
 * Which waiting request the embedded database answers next (its index in `waiting`, oldest
 * first), or -1 for none yet.
 *
 * - While a transaction is open, only its session's requests run: PGlite is one connection.
 * - The first `waitedThrough` requests waited while the last transaction ran. Those that do not
 *   begin a transaction go before one that does. Otherwise a burst of transactions (the engine
 *   resolving the incidents of a recovery, a client's bulk creates) held the database back to
 *   back, and every read that came meanwhile waited for all of them.
 * - A session's requests keep their order, and beyond the `waitedThrough` first the oldest goes
 *   first, so a transaction waits for no more than what queued before it.
 */
export function nextRequestAt(waiting: readonly QueuedRequest[], owner: number | null, waitedThrough: number): number {
  if (owner !== null) return waiting.findIndex((request) => request.session === owner);
  if (waiting.length === 0) return -1;
  const seen = new Set<number>();
  for (let at = 0; at < Math.min(waitedThrough, waiting.length); at++) {
    const request = waiting[at]!;
    if (!seen.has(request.session) && !beginsTransaction(request)) return at;
    seen.add(request.session);
  }
  return 0;
}
