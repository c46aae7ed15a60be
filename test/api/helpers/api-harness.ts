import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiApp } from '../../../src/api/app.js';
import type { ApiDependencies } from '../../../src/api/dependencies.js';
import { closeServer, listen, servesApp } from '../../../src/api/http-server.js';
import type { Bus, BusHandler, BusSubscription, DurableConsumerOptions } from '../../../src/bus/bus.js';
import { InProcessBus } from '../../../src/bus/in-process-bus.js';
import { loadSettings } from '../../../src/config/load-settings.js';
import { allPermissions } from '../../../src/domain/permissions.js';
import { createLogger } from '../../../src/log.js';
import { Workspace, WorkspaceShare } from '../../../src/store/entities/workspace.js';
import type { UserPermissions } from '../../../src/store/entities/user.js';
import type { Store } from '../../../src/store/orm.js';
import { provisionClient, provisionUser, setPlan } from '../../../src/store/provisioning.js';
import { freshStore } from '../../support/database.js';

/** Delegates to the in-process bus and keeps every durable publication, so tests can see the change notices. */
export class RecordingBus implements Bus {
  readonly durable: Array<{ subject: string; data: unknown }> = [];
  constructor(private readonly inner: Bus) {}
  publish(subject: string, data: unknown): Promise<void> {
    return this.inner.publish(subject, data);
  }
  subscribe(subject: string, handler: BusHandler, options?: { queue?: string }): BusSubscription {
    return this.inner.subscribe(subject, handler, options);
  }
  async publishDurable(subject: string, data: unknown): Promise<void> {
    this.durable.push({ subject, data });
    await this.inner.publishDurable(subject, data);
  }
  consumeDurable(options: DurableConsumerOptions, handler: BusHandler): BusSubscription {
    return this.inner.consumeDurable(options, handler);
  }
  ping(): Promise<void> {
    return this.inner.ping();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

export interface Account {
  clientId: number;
  workspaceId: number;
  userId: number;
  email: string;
  password: string;
}

export interface CallOptions {
  as?: { email: string; password: string } | null;
  workspace?: number | string | null;
  body?: unknown;
  /** Sent as is, with Content-Type application/json unless headers say otherwise. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // Tests read arbitrary fields of the answer.
  body: any;
}

export const basic = (email: string, password: string): string => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

let accounts = 0;
const PASSWORD = 'correct horse battery staple';

/**
 * The API on an ephemeral port over a fresh migrated store and a recording in-process bus,
 * with helpers to provision clients and users and to call routes as one of them.
 */
export class ApiHarness {
  private constructor(
    readonly origin: string,
    /** The database's URL, so that a second instance can share it; undefined on the embedded engine or a given store. */
    readonly databaseUrl: string | undefined,
    readonly store: Store,
    readonly bus: RecordingBus,
    readonly deps: ApiDependencies,
    private readonly server: Server,
    private readonly closeStore: () => Promise<void>,
  ) {}

  /** A given `overrides.store` is shared with its owner, who closes it; otherwise a fresh database is made and dropped. */
  static async start(overrides: Partial<ApiDependencies> = {}, env: Record<string, string> = {}): Promise<ApiHarness> {
    const database = overrides.store ? { store: overrides.store, databaseUrl: undefined, close: async () => {} } : await freshStore();
    const logger = createLogger((process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'silent');
    const settings = loadSettings({ VANTAGE_LOCATIONS: 'eu-west,us-east,ap-south', ...env });
    const bus = new RecordingBus(new InProcessBus(logger));
    const deps: ApiDependencies = { settings, logger, store: database.store, bus, now: () => new Date(), ...overrides };
    const app = createApiApp(deps);
    const server = await listen(app, 0, '127.0.0.1');
    servesApp(server, app);
    const { port } = server.address() as AddressInfo;
    return new ApiHarness(`http://127.0.0.1:${port}`, database.databaseUrl, database.store, bus, deps, server, database.close);
  }

  get em() {
    return this.store.em.fork();
  }

  async account(plan: 'trial' | 'basic' | 'pro' | 'expired' = 'trial'): Promise<Account> {
    const email = `owner${++accounts}-${process.pid}@example.com`;
    const created = await provisionClient(this.em, { name: `Client ${accounts}`, email, password: PASSWORD, plan });
    return { clientId: created.client_id, workspaceId: created.workspace_id, userId: created.user_id, email, password: PASSWORD };
  }

  /** A further user of a client; non-administrators see only the workspaces shared with them. */
  async member(
    account: Account,
    options: { isAdmin?: boolean; permissions?: Partial<UserPermissions>; shareWorkspaces?: number[] } = {},
  ): Promise<Account> {
    const email = `member${++accounts}-${process.pid}@example.com`;
    const permissions = { ...allPermissions(), ...options.permissions };
    const { user_id } = await provisionUser(this.em, { clientId: account.clientId, email, password: PASSWORD, isAdmin: options.isAdmin ?? false, permissions });
    const em = this.em;
    for (const workspaceId of options.shareWorkspaces ?? []) em.create(WorkspaceShare, { workspace: workspaceId, user: user_id });
    await em.flush();
    return { ...account, userId: user_id, email, password: PASSWORD };
  }

  async workspace(account: Account, name: string): Promise<number> {
    const em = this.em;
    const workspace = em.create(Workspace, { client: account.clientId, name, description: null });
    await em.flush();
    return workspace.id;
  }

  setPlan(account: Account, plan: string): Promise<void> {
    return setPlan(this.em, account.clientId, plan);
  }

  /** Calls `path` under /app/api/v1 (or the origin when it starts with `//`). */
  async call(method: string, path: string, options: CallOptions & { account?: Account } = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    const who = options.as === undefined ? options.account : options.as;
    if (who) headers.authorization = basic(who.email, who.password);
    const workspace = options.workspace === undefined ? options.account?.workspaceId : options.workspace;
    if (workspace !== null && workspace !== undefined) headers['x-workspace-id'] = String(workspace);
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    const url = path.startsWith('//') ? `${this.origin}${path.slice(1)}` : `${this.origin}/app/api/v1${path}`;
    const response = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  async close(): Promise<void> {
    await closeServer(this.server);
    await this.bus.close();
    await this.closeStore();
  }
}
