import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckConfig } from '../domain/check-validation.js';
import { preparedRows } from '../store/prepared-rows.js';
import type { EntryColumns } from './change-log.js';
import { CLIENT_LOCK_SPACE, markOrigin, type Origin, type Owner } from './rules.js';

/**
 * A check's create in one statement: the client's lock and what the rules judge (the function
 * locked_uptime_check_facts, migration 20261126123000), the row unless its name is taken, its links to
 * the workspace's groups among those asked for, and its activity-log entry. The caller judges
 * the facts and rolls the transaction back on a refusal; the lock is then held for the rest of
 * this statement and the commit only. Every parameter is cast: the inserts select them.
 */
const CREATE = `
with facts as (select * from locked_uptime_check_facts(?::int, ?::int, ?::int, ?::text)),
created as (
  insert into uptime_checks (workspace_id, name, check_type, hostname, protocol, path, check_frequency, request_method,
    response_timeout, trigger_locations, min_failing_locations, response_classes, flag_follow_redirect, dns_record_type,
    dns_expected_values, port, banner_match_operator, banner_match_value, paused, managed_by, kubernetes_ref, kubernetes_uid,
    created_at, updated_at)
  select ?::int, ?::text, ?::text, ?::text, ?::text, ?::text, ?::int, ?::text,
    ?::int, ?::jsonb, ?::int, ?::jsonb, ?::boolean, ?::text,
    ?::jsonb, ?::int, ?::text, ?::text, ?::boolean, ?::text, ?::text, ?::text,
    now(), now()
  from facts where facts.name_owner_id is null
  returning id
),
groups as (select id from notification_groups where workspace_id = ?::int and id = any(?::int[])),
links as (
  insert into uptime_check_notification_groups (uptime_check_id, notification_group_id)
  select created.id, groups.id from created, groups
),
entry as (
  insert into activity_log (client_id, workspace_id, actor_id, action, resource_type, resource_id, details, at)
  select ?::int, ?::int, ?::int, ?::text, ?::text, created.id, ?::jsonb, ?::timestamptz from created
)
select (select id from created) as id, facts.client_checks as "clientChecks", facts.name_owner_id as "nameOwnerId",
  facts.name_owner_ref as "nameOwnerRef", array(select id from groups) as "groupIds"
from facts`;

/** What the create found under the lock; `id` is null when the name was taken and nothing was written. */
export interface CreatedCheckRow {
  id: number | null;
  /** The client's checks before this one. */
  clientChecks: number;
  nameOwnerId: number | null;
  nameOwnerRef: string | null;
  /** The requested groups that are the workspace's. */
  groupIds: number[];
}

const json = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

/** An int[] as array text: one parameter on PostgreSQL and on the embedded database alike. */
const intArray = (ids: readonly number[]): string => `{${ids.join(',')}}`;

export async function insertUptimeCheckRow(
  tx: EntityManager,
  owner: Owner,
  config: CheckConfig,
  paused: boolean,
  origin: Origin,
  entry: EntryColumns,
): Promise<CreatedCheckRow> {
  const marks = { managedBy: 'api' as const, kubernetesRef: null, kubernetesUid: null };
  markOrigin(marks, origin);
  const [row] = await preparedRows<CreatedCheckRow>(tx, CREATE, [
    CLIENT_LOCK_SPACE,
    owner.clientId,
    owner.workspaceId,
    config.name,
    owner.workspaceId,
    config.name,
    config.checkType,
    config.hostname,
    config.protocol,
    config.path,
    config.checkFrequency,
    config.requestMethod,
    config.responseTimeout,
    json(config.triggerLocations),
    config.minFailingLocations,
    json(config.responseClasses),
    config.flagFollowRedirect,
    config.dnsRecordType,
    json(config.dnsExpectedValues),
    config.port,
    config.bannerMatchOperator,
    config.bannerMatchValue,
    paused,
    marks.managedBy,
    marks.kubernetesRef,
    marks.kubernetesUid,
    owner.workspaceId,
    intArray(config.notificationGroupIds),
    entry.clientId,
    entry.workspaceId,
    entry.actorId,
    entry.action,
    entry.resourceType,
    entry.details,
    entry.at,
  ]);
  return row!;
}
