import { inspect } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import { messages, PGlite } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from './embedded-options.js';
import { embeddedPreparedRows, embeddedStatement } from './embedded-prepared.js';
import { nextRequestAt } from './embedded-request-order.js';
import type { EmbeddedAnswers, EmbeddedReply, EmbeddedRequest, EmbeddedThreadData, ThreadError } from './embedded-thread-messages.js';

/**
 * The embedded database's own thread (see embedded-database-thread.ts): PGlite runs here and
 * answers the requests of the process's pooled sessions one at a time. PGlite is one connection,
 * so a transaction is the whole database's while it is open: its session's requests then go
 * first, and the others' wait until it commits or rolls back, as they would wait for PostgreSQL's
 * locks; otherwise they are answered in the order they came, except that what waited through one
 * transaction goes before the next (embedded-request-order.ts). The process's pool hands out several
 * sessions so that a request's statement is queued here while the one before it runs: with one
 * session, the database waited idle while each answer went back and the next request took it.
 */
const { folder, replies, sent } = workerData as EmbeddedThreadData;
const repliesSent = new Int32Array(sent);
const pglite = folder === null ? new PGlite(PGLITE_OPTIONS) : new PGlite(folder, PGLITE_OPTIONS);
const unlisteners = new Map<string, () => Promise<void>>();
const waiting: EmbeddedRequest[] = [];
/** The session whose transaction is open, whose requests alone may run. */
let owner: number | null = null;
/** How many of the first waiting requests queued while the last transaction ran (see nextRequestAt). */
let waitedThrough = 0;
let answering = false;

function send(reply: EmbeddedReply): void {
  replies.postMessage(reply);
  Atomics.add(repliesSent, 0, 1);
  Atomics.notify(repliesSent, 0);
}

function asThreadError(error: unknown): ThreadError {
  // PGlite's file system throws Emscripten's errors, which are not Errors.
  if (!(error instanceof Error)) return { message: `the embedded database failed: ${inspect(error, { depth: 1 })}`, fields: {}, database: false };
  const fields: ThreadError['fields'] = {};
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return { message: error.message, fields, database: error instanceof messages.DatabaseError };
}

async function answer(request: EmbeddedRequest): Promise<EmbeddedAnswers[EmbeddedRequest['op']]> {
  switch (request.op) {
    case 'query':
      return pglite.query<Record<string, unknown>>(request.sql, request.params);
    case 'exec':
      return pglite.exec(request.sql);
    case 'statement':
      return embeddedStatement(pglite, request.sql);
    case 'prepared':
      return embeddedPreparedRows(pglite, request.statement, request.params);
    case 'listen':
      if (!unlisteners.has(request.channel)) unlisteners.set(request.channel, await pglite.listen(request.channel, (payload) => send({ kind: 'notification', channel: request.channel, payload })));
      return null;
    case 'unlisten':
      await unlisteners.get(request.channel)?.();
      unlisteners.delete(request.channel);
      return null;
    case 'end':
      // A session the pool let go of with its transaction open must not hold the database.
      if (owner === request.session && pglite.isInTransaction()) await pglite.exec('rollback');
      return null;
    case 'close':
      await pglite.close();
      return null;
  }
}

function nextRequest(): EmbeddedRequest | undefined {
  const at = nextRequestAt(waiting, owner, waitedThrough);
  if (at < 0) return undefined;
  if (at < waitedThrough) waitedThrough -= 1;
  return waiting.splice(at, 1)[0];
}

async function answerWaiting(): Promise<void> {
  if (answering) return;
  answering = true;
  for (let request = nextRequest(); request; request = nextRequest()) {
    let outcome: { kind: 'answer'; value: unknown } | { kind: 'error'; error: ThreadError };
    try {
      outcome = { kind: 'answer', value: await answer(request) };
    } catch (error) {
      outcome = { kind: 'error', error: asThreadError(error) };
    }
    const open = pglite.isInTransaction();
    if (owner !== null && !open) waitedThrough = waiting.length;
    owner = open ? request.session : null;
    send({ ...outcome, id: request.id, transaction: open });
  }
  answering = false;
}

parentPort!.on('message', (request: EmbeddedRequest) => {
  waiting.push(request);
  void answerWaiting();
});

// What failed is PGlite's own word for it (a WebAssembly trap says only "unreachable"): say which database.
pglite.waitReady.then(
  () => send({ kind: 'ready' }),
  (error: unknown) => {
    const failed = asThreadError(error);
    send({ kind: 'failed', error: { ...failed, message: `the embedded database${folder === null ? '' : ` in ${folder}`} could not open: ${failed.message}` } });
  },
);
