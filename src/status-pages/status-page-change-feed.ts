import type { EmbeddedDatabaseThread } from '../store/embedded-database-thread.js';
import pg from 'pg';
import type { Logger } from '../log.js';
import type { Store } from '../store/orm.js';
import { parseChangePayload, STATUS_PAGE_CHANNEL, type ChangeTarget } from './change-payload.js';
import type { StatusPageChangeListener } from './status-page-source.js';

export interface StatusPageChangeFeedOptions {
  store: Store;
  /** PostgreSQL: a connection of the feed's own LISTENs there. Absent: the store's embedded database, in this process. */
  databaseUrl?: string | undefined;
  listener: StatusPageChangeListener;
  logger: Logger;
  /** Notifications arriving this close together are told in one call (default 25 ms). */
  batchMs?: number;
  /** How often the connection is proven alive (default 5 s): a silently dead one is replaced. */
  pingMs?: number;
  /** Longest wait between reconnection attempts (default 5 s; the first is 200 ms). */
  maxRetryMs?: number;
}

const delay = (ms: number, timers: Set<NodeJS.Timeout>): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      resolve();
    }, ms);
    timers.add(timer);
  });

/**
 * Tells a listener which public pages may have changed, whichever process changed them: the
 * database's triggers NOTIFY at commit (a page's own rows by slug, what pages show by
 * workspace), this feed LISTENs and resolves workspaces to the slugs of their pages. When the
 * connection is lost (PostgreSQL restarted, the network cut) notifications may have been missed:
 * the feed reconnects by itself and then tells `null`, everything may have changed.
 */
export class StatusPageChangeFeed {
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private ping: NodeJS.Timeout | null = null;
  private pending: ChangeTarget[] = [];
  private flushing: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;

  private constructor(private readonly options: StatusPageChangeFeedOptions) {}

  /** Listening once this resolves (PostgreSQL: after the first connection, however long it takes). */
  static async start(options: StatusPageChangeFeedOptions): Promise<StatusPageChangeFeed> {
    const feed = new StatusPageChangeFeed(options);
    if (options.databaseUrl) await feed.reconnect(false);
    else await feed.listenEmbedded();
    return feed;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.ping) clearInterval(this.ping);
    if (this.flushing) clearTimeout(this.flushing);
    await this.connecting?.catch(() => undefined);
    await this.unlisten?.();
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  private async listenEmbedded(): Promise<void> {
    const driverOptions = this.options.store.config.get('driverOptions') as { connection?: { pglite?: () => EmbeddedDatabaseThread } };
    const pglite = driverOptions.connection?.pglite?.();
    if (!pglite) throw new Error('the store is neither PostgreSQL (no databaseUrl given) nor embedded');
    this.unlisten = await pglite.listen(STATUS_PAGE_CHANNEL, (payload) => this.receive(payload));
  }

  /** Connects until it succeeds or the feed stops; `missed`: tell the listener everything may have changed. */
  private reconnect(missed: boolean): Promise<void> {
    this.connecting ??= this.connectUntilDone(missed).finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connectUntilDone(missed: boolean): Promise<void> {
    let wait = 200;
    while (!this.stopped) {
      const client = new pg.Client({ connectionString: this.options.databaseUrl, keepAlive: true, connectionTimeoutMillis: 10_000 });
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        client.on('notification', (message) => message.channel === STATUS_PAGE_CHANNEL && this.receive(message.payload));
        await client.query(`listen ${STATUS_PAGE_CHANNEL}`);
      } catch (error) {
        this.options.logger.warn({ err: error }, 'status page change feed: cannot listen yet; retrying');
        await client.end().catch(() => undefined);
        await delay(wait, this.timers);
        wait = Math.min(wait * 2, this.options.maxRetryMs ?? 5000);
        continue;
      }
      if (this.stopped) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.watch(client);
      if (missed) {
        this.options.logger.info('status page change feed: listening again; every page may have changed');
        this.options.listener(null);
      }
      return;
    }
  }

  /** A connection that no longer answers is ended: its 'end' starts the reconnection. */
  private watch(client: pg.Client): void {
    if (this.ping) clearInterval(this.ping);
    const every = this.options.pingMs ?? 5000;
    this.ping = setInterval(() => {
      const timeout = setTimeout(() => this.lost(client), every);
      client.query('select 1').then(
        () => clearTimeout(timeout),
        () => {
          clearTimeout(timeout);
          this.lost(client);
        },
      );
    }, every);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client || this.stopped) return;
    this.client = null;
    if (this.ping) clearInterval(this.ping);
    this.ping = null;
    this.options.logger.warn('status page change feed: connection lost; reconnecting');
    client.end().catch(() => undefined);
    void this.reconnect(true);
  }

  private receive(payload: string | undefined): void {
    const target = parseChangePayload(payload);
    if (!target || this.stopped) return;
    this.pending.push(target);
    this.flushing ??= setTimeout(() => {
      this.flushing = null;
      void this.flush();
    }, this.options.batchMs ?? 25);
  }

  private async flush(): Promise<void> {
    const targets = this.pending;
    this.pending = [];
    const slugs = new Set(targets.flatMap((target) => ('slug' in target ? [target.slug] : [])));
    const workspaceIds = [...new Set(targets.flatMap((target) => ('workspaceId' in target ? [target.workspaceId] : [])))];
    try {
      if (workspaceIds.length) {
        const rows = await this.options.store.em
          .fork()
          .getConnection()
          .execute<Array<{ slug: string }>>(`select slug from status_pages where workspace_id in (${workspaceIds.map(() => '?').join(', ')})`, workspaceIds);
        for (const row of rows) slugs.add(row.slug);
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'status page change feed: cannot resolve workspaces to pages; every page may have changed');
      if (!this.stopped) this.options.listener(null);
      return;
    }
    if (slugs.size && !this.stopped) this.options.listener([...slugs].sort());
  }
}
