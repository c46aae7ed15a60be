import type { MessagePort } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { NamedStatement } from './embedded-prepared.js';
import type { EmbeddedResult } from './embedded-results.js';

/**
 * What the process asks of the embedded database's thread; each request answered once, by its id.
 * `session` is the pooled connection that sent it (0: the thread itself, for notifications and
 * closing): while one session's transaction is open, the others' requests wait (see the worker).
 */
export type EmbeddedRequest = { id: number; session: number } & (
  | { op: 'query'; sql: string; params: unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'statement'; sql: string }
  | { op: 'prepared'; statement: NamedStatement; params: Array<string | null> }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'end' }
  | { op: 'close' }
);

/** What each request answers when it succeeds. */
export interface EmbeddedAnswers {
  query: Results;
  exec: Results[];
  statement: EmbeddedResult<unknown>;
  prepared: unknown[];
  listen: null;
  unlisten: null;
  end: null;
  close: null;
}

/** A database error as plain fields (the structured clone of an Error keeps only its message and stack). */
export interface ThreadError {
  message: string;
  /** SQLSTATE, severity, detail, constraint… as PGlite's DatabaseError carries them. */
  fields: Record<string, string | number | undefined>;
  database: boolean;
}

/**
 * What the thread sends: that it opened (or could not), an answer, or a notification it received.
 * An answer says whether its session's transaction is open after it (the session then owns the database).
 */
export type EmbeddedReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: ThreadError }
  | { kind: 'answer'; id: number; value: unknown; transaction: boolean }
  | { kind: 'error'; id: number; error: ThreadError; transaction: boolean }
  | { kind: 'notification'; channel: string; payload: string };

/**
 * The thread's start-up data: the database's folder (none for one in memory), the port its
 * replies go to, and a counter of them that it raises after each, so that the process can wait
 * for one without its event loop (see EmbeddedDatabaseThread.awaitBriefly).
 */
export interface EmbeddedThreadData {
  folder: string | null;
  replies: MessagePort;
  sent: SharedArrayBuffer;
}
