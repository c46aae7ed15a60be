import type { EntityManager } from '@mikro-orm/postgresql';
import { resolveEntitlement } from '../../src/domain/entitlement.js';
import { NotificationGroup } from '../../src/store/entities/notification-group.js';
import { Workspace } from '../../src/store/entities/workspace.js';
import type { WorkspaceView } from './kinds/mirrored-kind.js';

/** The workspace a namespace names, with its plan and its notification groups by name; null when there is no such workspace. */
export async function loadWorkspaceView(em: EntityManager, workspaceId: number, now: Date): Promise<WorkspaceView | null> {
  const workspace = await em.findOne(Workspace, { id: workspaceId }, { populate: ['client'] });
  if (!workspace) return null;
  const groups = await em.find(NotificationGroup, { workspace: workspaceId }, { fields: ['id', 'name'] });
  return {
    id: workspace.id,
    clientId: workspace.client.id,
    entitlement: resolveEntitlement(workspace.client, now),
    groupIdByName: new Map(groups.map((group) => [group.name, group.id])),
    groupNameById: new Map(groups.map((group) => [group.id, group.name])),
  };
}
