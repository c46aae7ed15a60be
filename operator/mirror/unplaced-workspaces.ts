import type { EntityManager } from '@mikro-orm/postgresql';

/** Workspaces holding API-made rows that no namespace maps to: those rows cannot get a custom resource. */
export async function unplacedWorkspaces(em: EntityManager, hasNamespace: (workspaceId: number) => boolean): Promise<number[]> {
  const rows: { workspace_id: number }[] = await em.getConnection().execute(
    `select workspace_id from uptime_checks where managed_by = 'api'
     union select workspace_id from domains where managed_by = 'api'
     union select workspace_id from maintenance_windows where managed_by = 'api'`,
  );
  return rows.map((row) => Number(row.workspace_id)).filter((id) => !hasNamespace(id));
}
