import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { messages, type Results } from '@electric-sql/pglite';
import { asText, type NamedStatement } from './embedded-prepared.js';
import type { EmbeddedResult } from './embedded-results.js';
import type { EmbeddedAnswers, EmbeddedReply, EmbeddedRequest, EmbeddedThreadData, ThreadError } from './embedded-thread-messages.js';

/** A request as a session writes it: the id and the session are the thread's to add. */
type Request = EmbeddedRequest extends infer R ? (R extends EmbeddedRequest ? Omit<R, 'id' | 'session'> : never) : never;

interface Waiting {
  session: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * How long the process waits for the answer to a statement of a transaction without its event
 * loop. Longer statements are answered through it as any other, so that a bulk change does not
 * stop the process for its duration.
 */
const TRANSACTION_STATEMENT_WAIT_MS = 5;

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
  private readonly replies: MessagePort;
  private readonly repliesSent: Int32Array;
  private readonly waiting = new Map<number, Waiting>();
  /** Sessions whose transaction is open, as their last answer said: the database waits for them alone. */
  private readonly transactions = new Set<number>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private nextSession = 1;
  private stopped: Error | null = null;
  private ready = false;
  private opening = true;
  private resolveReady!: () => void;
  private rejectReady!: (error: Error) => void;

  constructor(folder: string | null) {
    const { port1, port2 } = new MessageChannel();
    const sent = new SharedArrayBuffer(4);
    this.replies = port1;
    this.repliesSent = new Int32Array(sent);
    this.worker = new Worker(new URL('./embedded-database-worker.js', import.meta.url), {
      workerData: { folder, replies: port2, sent } satisfies EmbeddedThreadData,
      transferList: [port2],
    });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.replies.on('message', (reply: EmbeddedReply) => this.receive(reply));
    // The worker's ref alone decides whether the process waits for the thread (idleUnlessWaited).
    this.replies.unref();
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`the embedded database's thread stopped (exit code ${code})`)));
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
    const answered = new Promise<EmbeddedAnswers[K]>((resolve, reject) => this.waiting.set(id, { session, resolve: resolve as Waiting['resolve'], reject }));
    this.worker.ref();
    this.worker.postMessage({ ...request, id, session });
    if (this.transactions.has(session)) this.awaitBriefly(id);
    return answered;
  }

  /**
   * Waits up to TRANSACTION_STATEMENT_WAIT_MS for request `id`'s answer without the event loop,
   * receiving the replies as they come. While a transaction is open every other session waits
   * for it, and a statement's answer that queued behind the requests the loop had yet to serve
   * held the database idle: a transaction of nine short statements held it for 12–35 ms under
   * load, against 5–6 ms of work. Answered here, its promise settles and the next statement is sent
   * in the same turn of the loop.
   */
  private awaitBriefly(id: number): void {
    const deadline = performance.now() + TRANSACTION_STATEMENT_WAIT_MS;
    while (this.waiting.has(id)) {
      const seen = Atomics.load(this.repliesSent, 0);
      const received = receiveMessageOnPort(this.replies);
      if (received) {
        const reply = received.message as EmbeddedReply;
        // A listener runs as it would from the loop, not inside the statement that is waiting.
        if (reply.kind === 'notification') queueMicrotask(() => this.receive(reply));
        else this.receive(reply);
        continue;
      }
      const left = deadline - performance.now();
      if (left <= 0 || this.stopped) return;
      Atomics.wait(this.repliesSent, 0, seen, left);
    }
  }

  private receive(reply: EmbeddedReply): void {
    if (reply.kind === 'ready') {
      this.ready = true;
      this.opened();
      this.resolveReady();
      return;
    }
    if (reply.kind === 'failed') {
      this.opened();
      this.rejectReady(asError(reply.error));
      return;
    }
    if (reply.kind === 'notification') {
      for (const callback of this.listeners.get(reply.channel) ?? []) callback(reply.payload);
      return;
    }
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if (reply.transaction) this.transactions.add(waiting.session);
    else this.transactions.delete(waiting.session);
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
  private stop(error: Error): void {
    this.stopped ??= error;
    this.rejectReady(this.stopped);
    for (const waiting of this.waiting.values()) waiting.reject(this.stopped);
    this.waiting.clear();
  }
}
