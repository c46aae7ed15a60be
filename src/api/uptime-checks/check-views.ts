import type { StatusLabel } from '../../domain/check-status.js';
import type { LocationResult, Run, RunState } from '../../store/entities/run.js';
import type { CheckType } from '../../store/entities/uptime-check.js';
import type { RunSummary } from '../on-demand-probe.js';

export interface CheckStatus {
  label: StatusLabel;
}

// PostgreSQL writes this view for the list and detail routes (see check-view-sql.ts).
/** An uptime check as lists show it; field names are the spec's. */
export interface UptimeCheckView {
  id: number;
  workspace_id: number;
  name: string;
  check_type: CheckType;
  hostname: string;
  protocol: string | null;
  path: string | null;
  /** Minutes. */
  check_frequency: number;
  request_method: string | null;
  /** Milliseconds. */
  response_timeout: number;
  trigger_locations: string[];
  min_failing_locations: number;
  response_classes: string[];
  flag_follow_redirect: boolean;
  notification_group_ids: number[];
  dns_record_type: string | null;
  dns_expected_values: string[] | null;
  port: number | null;
  banner_match_operator: string | null;
  banner_match_value: string | null;
  status: CheckStatus;
  paused: boolean;
  /** Favorite of the calling user. */
  favorite: boolean;
  /** The plan no longer covers this check: it is kept and readable, but not probed. */
  entitlement_blocked: boolean;
  managed_by: 'api' | 'kubernetes';
  last_run_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LocationResultView {
  location: string;
  state: LocationResult['state'];
  reason: string | null;
  /** @isDouble */
  latency_ms: number | null;
  late: boolean;
}

export interface RunView {
  id: number | null;
  state: RunState;
  started_at: string;
  finished_at: string;
  failing_locations: number;
  /** @isDouble */
  latency_ms: number | null;
  in_maintenance: boolean;
  on_demand: boolean;
  results: LocationResultView[];
}

export interface GroupRef {
  id: number;
  name: string;
}

export interface UptimeCheckDetail extends UptimeCheckView {
  /** False when a Kubernetes manifest owns the check: change it there. */
  can_mutate: boolean;
  /** `namespace/name` of the managing manifest, when there is one. */
  kubernetes_ref: string | null;
  groups: GroupRef[];
  latest_run: RunView | null;
  /** Availability over the last 24 hours, 7, 30 and 90 days, counted as SLA reports count it. */
  availability: RecentAvailability;
}

/**
 * Percent, three decimals, by the SLA reports' policy (maintenance and UNKNOWN runs excluded, a
 * DOWN run downtime only when it met the quorum), from the hourly rollup: whole UTC hours, the
 * current one included. Null without a counted run.
 */
export interface RecentAvailability {
  /** @isDouble */
  last_24h: number | null;
  /** @isDouble */
  last_7d: number | null;
  /** @isDouble */
  last_30d: number | null;
  /** @isDouble */
  last_90d: number | null;
}

export const locationResultView = (result: LocationResult): LocationResultView => ({
  location: result.location,
  state: result.state,
  reason: result.reason,
  latency_ms: result.latencyMs,
  late: result.late,
});

export const runView = (run: Run): RunView => ({
  id: Number(run.id),
  state: run.state,
  started_at: run.startedAt.toISOString(),
  finished_at: run.finishedAt.toISOString(),
  failing_locations: run.failingLocations,
  latency_ms: run.latencyMs,
  in_maintenance: run.inMaintenance,
  on_demand: run.onDemand,
  results: run.results.map(locationResultView),
});

export const runSummaryView = (summary: RunSummary): RunView => ({
  id: summary.runId,
  state: summary.state,
  started_at: summary.startedAt.toISOString(),
  finished_at: summary.finishedAt.toISOString(),
  failing_locations: summary.failingLocations,
  latency_ms: summary.latencyMs,
  in_maintenance: false,
  on_demand: true,
  results: summary.results.map(locationResultView),
});
