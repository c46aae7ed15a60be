import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotificationGroup } from '../../src/store/entities/notification-group.js';
import { UptimeCheck } from '../../src/store/entities/uptime-check.js';
import { Workspace } from '../../src/store/entities/workspace.js';
import { provisionClient } from '../../src/store/provisioning.js';

/** Polls until `condition` holds; fails with `what` after `timeoutMs`. */
export async function until<T>(what: string, condition: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** A local HTTP target the test turns up (200) and down (503). */
export class Target {
  healthy = true;
  private constructor(private readonly server: Server) {}

  static async start(): Promise<Target> {
    let target: Target;
    const server = createServer((_req, res) => {
      res.statusCode = target.healthy ? 200 : 503;
      res.end(target.healthy ? 'ok' : 'down');
    });
    target = new Target(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return target;
  }

  get hostname(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

export interface Tenant {
  workspace: Workspace;
  group: NotificationGroup;
}

let tenants = 0;

/** A client with a workspace and a notification group with one e-mail destination. */
export async function tenant(em: EntityManager): Promise<Tenant> {
  const n = ++tenants;
  const ids = await provisionClient(em, { name: `Engine ${n}`, email: `engine${n}-${Date.now()}@example.com`, password: 'correct horse battery', plan: 'pro' });
  const workspace = await em.findOneOrFail(Workspace, ids.workspace_id);
  const group = em.create(NotificationGroup, { workspace, name: 'On call', emailAddresses: ['oncall@example.com'], webhookSecret: 'secret' });
  await em.flush();
  return { workspace, group };
}

export async function httpCheck(em: EntityManager, owner: Tenant, name: string, hostname: string, overrides: Partial<UptimeCheck> = {}): Promise<UptimeCheck> {
  const check = em.create(UptimeCheck, {
    workspace: owner.workspace,
    name,
    checkType: 'http',
    hostname,
    protocol: 'http',
    path: '/',
    checkFrequency: 1,
    requestMethod: 'get',
    responseTimeout: 2000,
    triggerLocations: ['eu-west', 'us-east'],
    minFailingLocations: 1,
    responseClasses: ['2XX'],
    ...overrides,
  });
  check.notificationGroups.add(owner.group);
  await em.flush();
  return check;
}
