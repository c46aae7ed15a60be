import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from '../../../src/store/entities/client.js';
import { NotificationGroup } from '../../../src/store/entities/notification-group.js';
import { Workspace } from '../../../src/store/entities/workspace.js';
import { provisionClient } from '../../../src/store/provisioning.js';
import type { Store } from '../../../src/store/orm.js';

let counter = 0;

/** A client with its administrator and first workspace. */
export async function seedClient(store: Store): Promise<{ clientId: number; userId: number; workspaceId: number }> {
  counter += 1;
  const made = await provisionClient(store.em.fork(), {
    name: `Notify test ${counter}`,
    email: `notify-admin-${counter}-${process.pid}@example.com`,
    password: 'correct horse battery',
    plan: 'pro',
  });
  return { clientId: made.client_id, userId: made.user_id, workspaceId: made.workspace_id };
}

export async function createGroup(em: EntityManager, workspaceId: number, fields: Partial<NotificationGroup> & { name: string }): Promise<NotificationGroup> {
  const group = em.create(NotificationGroup, { workspace: em.getReference(Workspace, workspaceId), webhookSecret: 'whsec_test_secret', ...fields });
  await em.flush();
  return group;
}

export async function loadClientAndWorkspace(em: EntityManager, clientId: number, workspaceId: number): Promise<{ client: Client; workspace: Workspace }> {
  return { client: await em.findOneOrFail(Client, clientId), workspace: await em.findOneOrFail(Workspace, workspaceId) };
}
