import type { CheckState } from '../../store/entities/uptime-check.js';
import { preparedRows, type StatementRunner } from '../../store/prepared-rows.js';
import type { SqlColumn } from '../auth/sign-in-check.js';

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

/**
 * One statement whatever the workspace's size: the checks from workspace_check_counts (kept by a
 * trigger), incidents through (workspace_id, status, opened_at) (open and acknowledged ones are
 * few), domains bounded by the plan; and the sign-in column (see sign-in-check.ts).
 */
export async function dashboardSummary(statements: StatementRunner, workspaceId: number, now: Date, signIn: SqlColumn): Promise<{ summary: DashboardSummary; signIn: string | null }> {
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * 86_400_000);
  const [counts] = await preparedRows<SummaryCounts>(statements,
    `select
      (select coalesce(json_agg(json_build_object('paused', paused, 'state', state, 'checks', checks)), '[]') from workspace_check_counts where workspace_id = ?) as checks,
      (select count(*)::int from incidents where workspace_id = ? and status = 'open') as open,
      (select count(*)::int from incidents where workspace_id = ? and status = 'acknowledged') as acknowledged,
      (select count(*)::int from domains where workspace_id = ?) as domains,
      (select count(*)::int from domains where workspace_id = ? and active) as active,
      (select count(*)::int from domains where workspace_id = ? and active and certificate_not_after <= ?) as expiring_soon,
      ${signIn.sql} as sign_in`,
    [workspaceId, workspaceId, workspaceId, workspaceId, workspaceId, workspaceId, soon, ...signIn.params],
  );
  const checks = { up: 0, down: 0, unknown: 0, pending: 0, paused: 0, total: 0 };
  for (const row of counts!.checks) {
    checks.total += row.checks;
    if (row.paused) checks.paused += row.checks;
    else checks[row.state] += row.checks;
  }
  const { open, acknowledged } = counts!;
  const { domains, active, expiring_soon } = counts!;
  return { summary: { checks, open_incidents: open + acknowledged, incidents: { open, acknowledged }, domains: { total: domains, active, expiring_soon } }, signIn: counts!.sign_in };
}

interface SummaryCounts {
  checks: Array<{ paused: boolean; state: CheckState; checks: number }>;
  open: number;
  acknowledged: number;
  domains: number;
  active: number;
  expiring_soon: number;
  sign_in: string | null;
}
