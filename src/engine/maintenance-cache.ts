import type { MaintenanceSpan } from '../domain/maintenance-coverage.js';
import type { Store } from '../store/orm.js';

const none: readonly MaintenanceSpan[] = Object.freeze([]);

/**
 * The maintenance windows that have not ended, grouped by workspace. Actors of one workspace share
 * one array (coverage filters by check), so 100k checks do not hold 100k copies.
 */
export class MaintenanceCache {
  private byWorkspace = new Map<number, readonly MaintenanceSpan[]>();

  constructor(private readonly store: Store) {}

  windowsOf(workspaceId: number): readonly MaintenanceSpan[] {
    return this.byWorkspace.get(workspaceId) ?? none;
  }

  /** Reloads the windows; returns the workspaces whose windows changed. */
  async reload(now: number): Promise<number[]> {
    const rows = await this.store.em.getConnection().execute<
      Array<{ id: number; workspace_id: number; check_id: number | null; starts_at: Date | string; ends_at: Date | string; enabled: boolean }>
    >('select id, workspace_id, check_id, starts_at, ends_at, enabled from maintenance_windows where ends_at > ? order by id', [new Date(now).toISOString()], 'all');
    const next = new Map<number, MaintenanceSpan[]>();
    for (const row of rows) {
      const span: MaintenanceSpan = {
        id: row.id,
        workspaceId: row.workspace_id,
        checkId: row.check_id,
        startsAt: new Date(row.starts_at).getTime(),
        endsAt: new Date(row.ends_at).getTime(),
        enabled: row.enabled,
      };
      const list = next.get(row.workspace_id) ?? [];
      list.push(span);
      next.set(row.workspace_id, list);
    }
    const changed = new Set<number>();
    for (const [workspaceId, spans] of next) if (!sameSpans(this.byWorkspace.get(workspaceId) ?? none, spans)) changed.add(workspaceId);
    for (const workspaceId of this.byWorkspace.keys()) if (!next.has(workspaceId)) changed.add(workspaceId);
    this.byWorkspace = next;
    return [...changed];
  }
}

function sameSpans(a: readonly MaintenanceSpan[], b: readonly MaintenanceSpan[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i]!;
      return x.id === y.id && x.checkId === y.checkId && x.startsAt === y.startsAt && x.endsAt === y.endsAt && x.enabled === y.enabled;
    })
  );
}
