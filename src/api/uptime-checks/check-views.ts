import { statusLabel, type StatusLabel } from '../../domain/check-status.js';
import { isEntitlementBlocked, type Entitlement } from '../../domain/entitlement.js';
import type { LocationResult, Run, RunState } from '../../store/entities/run.js';
import type { CheckType, UptimeCheck } from '../../store/entities/uptime-check.js';
import type { RunSummary } from '../on-demand-probe.js';
import type { CheckRow } from './check-list-rows.js';

export interface CheckStatus {
  label: StatusLabel;
}

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

export interface ViewContext {
  entitlement: Entitlement;
  favoriteIds: ReadonlySet<number>;
}

/** The check's groups must be loaded. */
export const checkView = (check: UptimeCheck, context: ViewContext): UptimeCheckView => checkRowView(checkRowOf(check, context.favoriteIds), context.entitlement);

function checkRowOf(check: UptimeCheck, favoriteIds: ReadonlySet<number>): CheckRow {
  return {
    id: check.id,
    workspace_id: check.workspace.id,
    name: check.name,
    check_type: check.checkType,
    hostname: check.hostname,
    protocol: check.protocol,
    path: check.path,
    check_frequency: check.checkFrequency,
    request_method: check.requestMethod,
    response_timeout: check.responseTimeout,
    trigger_locations: check.triggerLocations,
    min_failing_locations: check.minFailingLocations,
    response_classes: check.responseClasses,
    flag_follow_redirect: check.flagFollowRedirect,
    notification_group_ids: check.notificationGroups.getItems().map((group) => group.id),
    dns_record_type: check.dnsRecordType,
    dns_expected_values: check.dnsExpectedValues,
    port: check.port,
    banner_match_operator: check.bannerMatchOperator,
    banner_match_value: check.bannerMatchValue,
    paused: check.paused,
    state: check.state,
    favorite: favoriteIds.has(check.id),
    managed_by: check.managedBy,
    last_run_at: check.lastRunAt?.toISOString() ?? null,
    created_at: check.createdAt.toISOString(),
    updated_at: check.updatedAt.toISOString(),
  };
}

/** A check as lists show it, from its row (see check-list-rows.ts) or its entity. */
export function checkRowView(row: CheckRow, entitlement: Entitlement): UptimeCheckView {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    check_type: row.check_type,
    hostname: row.hostname,
    protocol: row.protocol,
    path: row.path,
    check_frequency: row.check_frequency,
    request_method: row.request_method,
    response_timeout: row.response_timeout,
    trigger_locations: row.trigger_locations,
    min_failing_locations: row.min_failing_locations,
    response_classes: row.response_classes,
    flag_follow_redirect: row.flag_follow_redirect,
    notification_group_ids: [...row.notification_group_ids].sort((a, b) => a - b),
    dns_record_type: row.dns_record_type,
    dns_expected_values: row.dns_expected_values,
    port: row.port,
    banner_match_operator: row.banner_match_operator,
    banner_match_value: row.banner_match_value,
    status: { label: statusLabel(row) },
    paused: row.paused,
    favorite: row.favorite,
    entitlement_blocked: isEntitlementBlocked(row.check_type, entitlement),
    managed_by: row.managed_by,
    last_run_at: row.last_run_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function checkDetail(check: UptimeCheck, context: ViewContext, latestRun: Run | null, availability: RecentAvailability): UptimeCheckDetail {

  return {
    ...checkView(check, context),
    can_mutate: check.managedBy !== 'kubernetes',
    kubernetes_ref: check.kubernetesRef,
    groups: check.notificationGroups
      .getItems()
      .map((group) => ({ id: group.id, name: group.name }))
      .sort((a, b) => a.id - b.id),
    latest_run: latestRun ? runView(latestRun) : null,
    availability,
  };
}

const locationResultView = (result: LocationResult): LocationResultView => ({
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
