import type { CheckActorState, IncidentStatusChange, OpenIncident } from '../domain/check-actor-reducer.js';
import { probeSpecOf, type CheckConfig } from '../domain/check-config.js';
import { quorumFails } from '../domain/quorum.js';
import { decodeLocationResults } from '../store/location-results-codec.js';
import type { Store } from '../store/orm.js';

interface CheckRow {
  id: number;
  workspace_id: number;
  version: number;
  paused: boolean;
  check_type: 'http' | 'ping' | 'dns' | 'tcp';
  hostname: string;
  protocol: 'http' | 'https' | null;
  path: string | null;
  request_method: string | null;
  response_timeout: number;
  check_frequency: number;
  trigger_locations: string[] | string;
  min_failing_locations: number;
  response_classes: string[] | string;
  flag_follow_redirect: boolean;
  dns_record_type: string | null;
  dns_expected_values: string[] | string | null;
  port: number | null;
  banner_match_operator: 'none' | 'contains' | 'not_contains' | null;
  banner_match_value: string | null;
  last_run_at: Date | string | null;
}

/** The stored facts an actor starts from, before the engine adds its cluster-specific parts. */
export interface StoredCheck {
  config: CheckConfig;
  lastRunAt: number | null;
  openIncident: OpenIncident | null;
  awaitingRecovery: CheckActorState['awaitingRecovery'];
  lastFailing: boolean;
}

const chunkSize = 1000;

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const millis = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());
const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/**
 * Values that 100,000 checks share (their locations, protocol, method, response classes) kept
 * once instead of once per check: the database driver hands every row fresh strings and arrays.
 * Shared arrays are never mutated (the reducer copies what it changes). Bounded, as a safety net
 * for workloads with many distinct values: past the bound values are simply not shared.
 */
const shared = new Map<string, unknown>();
const maxShared = 10_000;

function sharedValue<T>(key: string, value: T): T {
  const known = shared.get(key);
  if (known !== undefined) return known as T;
  if (shared.size < maxShared) shared.set(key, value);
  return value;
}

const sharedString = <T extends string | null>(value: T): T => (value === null ? value : sharedValue(`s:${value}`, value));
const sharedList = (value: string[]): string[] => sharedValue(`l:${JSON.stringify(value)}`, value);

export function configOf(row: CheckRow): CheckConfig {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    version: row.version,
    paused: row.paused,
    frequencyMinutes: row.check_frequency,
    responseTimeoutMs: row.response_timeout,
    triggerLocations: sharedList(json<string[]>(row.trigger_locations).map(sharedString)),
    minFailingLocations: row.min_failing_locations,
    spec: probeSpecOf({
      checkType: row.check_type,
      hostname: row.hostname,
      protocol: sharedString(row.protocol),
      path: sharedString(row.path),
      requestMethod: sharedString(row.request_method),
      responseTimeout: row.response_timeout,
      responseClasses: sharedList(json<string[]>(row.response_classes)),
      flagFollowRedirect: row.flag_follow_redirect,
      dnsRecordType: row.dns_record_type,
      dnsExpectedValues: row.dns_expected_values === null ? null : json(row.dns_expected_values),
      port: row.port,
      bannerMatchOperator: row.banner_match_operator,
      bannerMatchValue: row.banner_match_value,
    }),
  };
}

/**
 * Rebuilds what an actor knows from the database, many checks per query: configuration, last
 * run, the open incident, and whether the last incident was resolved by hand while the check
 * still failed (then no new incident opens until it recovers).
 */
export class CheckLoader {
  constructor(private readonly store: Store) {}

  private query<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.store.em.getConnection().execute<T[]>(sql, params, 'all');
  }

  /** Every check id with its version and paused flag: cheap enough to scan for partitions and resyncs. */
  async listChecks(): Promise<Array<{ id: number; version: number; paused: boolean }>> {
    return this.query('select id, version, paused from uptime_checks', []);
  }

  /** The next page of checks by id, for scans that must not read every check at once. */
  async listChecksAfter(afterId: number, limit: number): Promise<Array<{ id: number; version: number; paused: boolean }>> {
    return this.query('select id, version, paused from uptime_checks where id > ? order by id limit ?', [afterId, limit]);
  }

  /** The stored status of the given incidents, with their checks: how acknowledgements and resolutions through the API reach the actors. */
  async incidentStatuses(ids: readonly number[]): Promise<Array<{ id: number; checkId: number; status: IncidentStatusChange }>> {
    if (ids.length === 0) return [];
    const rows = await this.query<{ id: number; check_id: number; status: IncidentStatusChange }>(`select id, check_id, status from incidents where id in (${placeholders(ids.length)})`, [...ids]);
    return rows.map((row) => ({ id: row.id, checkId: row.check_id, status: row.status }));
  }

  async load(ids: readonly number[]): Promise<Map<number, StoredCheck>> {
    const loaded = new Map<number, StoredCheck>();
    for (let i = 0; i < ids.length; i += chunkSize) {
      for (const [id, check] of await this.loadChunk(ids.slice(i, i + chunkSize))) loaded.set(id, check);
    }
    return loaded;
  }

  private async loadChunk(ids: readonly number[]): Promise<Map<number, StoredCheck>> {
    const loaded = new Map<number, StoredCheck>();
    if (ids.length === 0) return loaded;
    const inList = placeholders(ids.length);
    const rows = await this.query<CheckRow>(`select c.*, lr.last_run_at from uptime_checks c left join uptime_check_last_runs lr on lr.check_id = c.id where c.id in (${inList})`, [...ids]);
    for (const row of rows) {
      loaded.set(row.id, { config: configOf(row), lastRunAt: millis(row.last_run_at), openIncident: null, awaitingRecovery: null, lastFailing: false });
    }
    const lastIncidents = await this.query<{ id: number; check_id: number; status: string; opened_by_cycle: string; resolved_by_id: number | null }>(
      `select distinct on (check_id) id, check_id, status, opened_by_cycle, resolved_by_id
       from incidents where check_id in (${inList}) order by check_id, opened_at desc, id desc`,
      [...ids],
    );
    const needLastRun = new Map<number, (typeof lastIncidents)[number]>();
    for (const incident of lastIncidents) {
      const check = loaded.get(incident.check_id);
      if (!check) continue;
      if (incident.status !== 'resolved') {
        check.openIncident = { id: incident.id, openedByCycle: incident.opened_by_cycle, status: incident.status as OpenIncident['status'] };
        needLastRun.set(incident.check_id, incident);
      } else if (incident.resolved_by_id !== null) {
        needLastRun.set(incident.check_id, incident);
      }
    }
    if (needLastRun.size === 0) return loaded;
    const runIds = [...needLastRun.keys()];
    const lastRuns = await this.query<{ check_id: number; failing_locations: number; results: string }>(
      `select distinct on (check_id) check_id, failing_locations, results
       from runs where check_id in (${placeholders(runIds.length)}) and on_demand = false
       order by check_id, started_at desc`,
      runIds,
    );
    for (const run of lastRuns) {
      const check = loaded.get(run.check_id)!;
      const compatible = decodeLocationResults(run.results).filter((r) => r.state !== 'unsupported').length;
      check.lastFailing = quorumFails(run.failing_locations, check.config.minFailingLocations, compatible);
      const incident = needLastRun.get(run.check_id)!;
      if (incident.status === 'resolved' && check.lastFailing) check.awaitingRecovery = { incidentId: incident.id };
    }
    return loaded;
  }
}
