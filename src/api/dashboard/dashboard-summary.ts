import type { EntityManager } from '@mikro-orm/postgresql';
import { Domain } from '../../store/entities/domain.js';
import { Incident } from '../../store/entities/incident.js';
import { UptimeCheck, type CheckState } from '../../store/entities/uptime-check.js';
import type { Workspace } from '../../store/entities/workspace.js';

/** Certificates expiring within this many days count as expiring soon (the first warning milestone). */
export const EXPIRING_SOON_DAYS = 30;

export interface DashboardSummary {
  /** Paused checks count as paused whatever their last state; pending: not run yet. */
  checks: { up: number; down: number; unknown: number; pending: number; paused: number; total: number };
  /** Open plus acknowledged incidents. */
  open_incidents: number;
  incidents: { open: number; acknowledged: number };
  /** expiring_soon: active domains whose certificate expires within 30 days (or has expired). */
  domains: { total: number; active: number; expiring_soon: number };
}

export async function dashboardSummary(em: EntityManager, workspace: Workspace, now: Date): Promise<DashboardSummary> {
  const checks = { up: 0, down: 0, unknown: 0, pending: 0, paused: 0, total: 0 };
  const rows = await em.find(UptimeCheck, { workspace }, { fields: ['state', 'paused'] });
  for (const row of rows) {
    checks.total++;
    if (row.paused) checks.paused++;
    else checks[row.state as CheckState]++;
  }
  const [open, acknowledged] = await Promise.all([
    em.count(Incident, { workspace, status: 'open' }),
    em.count(Incident, { workspace, status: 'acknowledged' }),
  ]);
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * 86_400_000);
  const [total, active, expiringSoon] = await Promise.all([
    em.count(Domain, { workspace }),
    em.count(Domain, { workspace, active: true }),
    em.count(Domain, { workspace, active: true, certificateNotAfter: { $ne: null, $lte: soon } }),
  ]);
  return { checks, open_incidents: open + acknowledged, incidents: { open, acknowledged }, domains: { total, active, expiring_soon: expiringSoon } };
}
