import { Worker } from 'node:worker_threads';
import { messages, type Results } from '@electric-sql/pglite';
import { asText, type NamedStatement } from './embedded-prepared.js';
import type { EmbeddedResult } from './embedded-results.js';
import type { EmbeddedAnswers, EmbeddedReply, EmbeddedRequest, EmbeddedThreadData, ThreadError } from './embedded-thread-messages.js';

/** A request as a session writes it: the id and the session are the thread's to add. */
type Request = EmbeddedRequest extends infer R ? (R extends EmbeddedRequest ? Omit<R, 'id' | 'session'> : never) : never;

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The error as the database raised it: PGlite's DatabaseError with its SQLSTATE and the rest, which MikroORM and the API read. */
function asError(error: ThreadError): Error {
  if (!error.database) return new Error(error.message);
  return Object.assign(new messages.DatabaseError(error.message, 0, 'error'), error.fields);
}

/**
 * One of the pool's connections to the embedded database: what knex, MikroORM and the store send
 * to a PGlite instance (`query`, `exec`), and embedded-prepared.ts's exchanges (`statement`,
 * `preparedRows`), run on the database's thread in this session's turn (see the worker).
 */
export class EmbeddedSession {
  constructor(
    private readonly thread: EmbeddedDatabaseThread,
    private readonly id: number,
  ) {}

  query<T>(sql: string, params: unknown[] = []): Promise<Results<T>> {
    return this.thread.ask({ op: 'query', sql, params }, this.id) as Promise<Results<T>>;
  }

  exec(sql: string): Promise<Results[]> {
    return this.thread.ask({ op: 'exec', sql }, this.id);
  }

  /** One statement without parameters in one exchange (embeddedStatement). */
  statement<T>(sql: string): Promise<EmbeddedResult<T>> {
    return this.thread.ask({ op: 'statement', sql }, this.id) as Promise<EmbeddedResult<T>>;
  }

  /** Rows of a named statement, planned once (embeddedPreparedRows); values sent as text. */
  async preparedRows<T>(statement: NamedStatement, params: readonly unknown[]): Promise<T[]> {
    return (await this.thread.ask({ op: 'prepared', statement, params: params.map(asText) }, this.id)) as T[];
  }

  /** The pool let go of it: a transaction it left open is rolled back. */
  async end(): Promise<void> {
    await this.thread.ask({ op: 'end' }, this.id);
  }
}

/**
 * The embedded database (PGlite) on a thread of its own. On the process's thread, every statement
 * held the event loop while it ran: PGlite was 57% of `serve`'s CPU in a profile of `bench/api`'s
 * run of one list page (start-up included), and requests, the engine's timers and the probes'
 * sockets waited for it; on a second core they go on while it runs.
 */
export class EmbeddedDatabaseThread {
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private nextSession = 1;
  private stopped: Error | null = null;
  private ready = false;
  private opening = true;

  constructor(folder: string | null) {
    this.worker = new Worker(new URL('./embedded-database-worker.js', import.meta.url), { workerData: { folder } satisfies EmbeddedThreadData });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (reply: EmbeddedReply) => {
        if (reply.kind === 'ready') {
          this.ready = true;
          this.opened();
          resolve();
        } else if (reply.kind === 'failed') {
          this.opened();
          reject(asError(reply.error));
        } else this.receive(reply);
      });
      this.worker.on('error', (error) => this.stop(error, reject));
      this.worker.on('exit', (code) => this.stop(new Error(`the embedded database's thread stopped (exit code ${code})`), reject));
    });
    // Handled by whoever waits for it; never an unhandled rejection when nobody does.
    this.waitReady.catch(() => undefined);
  }

  /** Resolves while the thread runs (once it has opened), rejects with why once it stopped: whether the database is there, not whether it is busy. */
  running(): Promise<void> {
    return this.stopped ? Promise.reject(this.stopped) : this.waitReady;
  }

  /** A new connection for the pool. */
  session(): EmbeddedSession {
    return new EmbeddedSession(this, this.nextSession++);
  }

  /** Calls `callback` with each notification on `channel`; resolves to what stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      this.listeners.set(channel, (callbacks = new Set()));
      await this.ask({ op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size > 0 || this.listeners.get(channel) !== callbacks) return;
      this.listeners.delete(channel);
      if (!this.stopped) await this.ask({ op: 'unlisten', channel });
    };
  }

  /** Closes the database (its files are then consistent) and ends the thread; one that never opened has nothing to close. */
  async close(): Promise<void> {
    try {
      if (this.ready && !this.stopped) await this.ask({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }

  /** Sends a request in `session`'s name (0: the thread's own) and resolves to its answer. */
  ask<K extends Request['op']>(request: Extract<Request, { op: K }>, session = 0): Promise<EmbeddedAnswers[K]> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    const answered = new Promise<EmbeddedAnswers[K]>((resolve, reject) => this.waiting.set(id, { resolve: resolve as Waiting['resolve'], reject }));
    this.worker.ref();
    this.worker.postMessage({ ...request, id, session });
    return answered;
  }

  private receive(reply: Extract<EmbeddedReply, { kind: 'answer' | 'error' | 'notification' }>): void {
    if (reply.kind === 'notification') {
      for (const callback of this.listeners.get(reply.channel) ?? []) callback(reply.payload);
      return;
    }
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    this.idleUnlessWaited();
    if (reply.kind === 'answer') waiting.resolve(reply.value);
    else waiting.reject(asError(reply.error));
  }

  /**
   * The thread keeps the process alive while it opens and while a request waits for it, not while
   * it is idle: a command that is done exits, as it did with the database on the process's thread.
   */
  private idleUnlessWaited(): void {
    if (!this.opening && this.waiting.size === 0) this.worker.unref();
  }

  /** Opened, or failed to: from now on only a waiting request keeps the process alive. */
  private opened(): void {
    this.opening = false;
    this.idleUnlessWaited();
  }

  /** The thread is gone: every request waiting, and every later one, fails with why. */
  private stop(error: Error, rejectReady: (error: Error) => void): void {
    this.stopped ??= error;
    rejectReady(this.stopped);
    for (const waiting of this.waiting.values()) waiting.reject(this.stopped);
    this.waiting.clear();
  }
}
