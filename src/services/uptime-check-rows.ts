import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckConfig } from '../domain/check-validation.js';
import type { ManagedBy } from '../store/entities/managed-by.js';
import type { CheckType } from '../store/entities/uptime-check.js';
import { intArrayText } from '../store/int-array-text.js';
import { preparedRows } from '../store/prepared-rows.js';
import type { EntryColumns } from './change-log.js';
import { CLIENT_LOCK_SPACE, markOrigin, type Origin, type Owner } from './rules.js';

/*
 * A check's create and update, each in one statement: the client's lock and what the rules judge
 * (the function locked_uptime_check_facts, migration 20261126123000), the row only when the rules
 * allow it (the plan's room, the groups all the workspace's, the name not another check's), its
 * links to the groups and its activity-log entry. A refused change writes nothing, so the
 * statement needs no transaction around it to be undone: it is one by itself, and the lock is
 * held to its end only. The caller reads the facts to say which rule refused. Every parameter is
 * cast: the statements select them rather than insert them as values.
 */

/** A condition (SQL, its parameters) a write must hold when it runs, besides the rules: e.g. that the caller's sign-in is still what it was. */
export interface WriteCondition {
  sql: string;
  params: unknown[];
}

const ALWAYS: WriteCondition = { sql: 'true', params: [] };

/** The write's condition did not hold: nothing was written, and no rule was judged. */
export class ConditionNotHeld extends Error {
  constructor() {
    super('the condition of the write no longer held: nothing written');
  }
}

const CONDITION = (condition: WriteCondition): string => `condition as (select (${condition.sql}) as held)`;

const FACTS = 'facts as (select * from locked_uptime_check_facts(?::int, ?::int, ?::int, ?::text))';

const GROUPS = 'groups as (select id from notification_groups where workspace_id = ?::int and id = any(?::int[]))';

/** True when every requested group (the array again) is one of the workspace's. */
const GROUPS_ALL_FOUND = 'not exists (select from unnest(?::int[]) requested(id) where requested.id not in (select id from groups))';

const ENTRY = (row: string): string => `entry as (
  insert into activity_log (client_id, workspace_id, actor_id, action, resource_type, resource_id, details, at)
  select ?::int, ?::int, ?::int, ?::text, ?::text, ${row}.id, ?::jsonb, ?::timestamptz from ${row}
)`;

/** What the statement answers; `held` is the write condition's value (the update has none: true). */
const RESULT = (row: string, held: string): string => `select ${held} as "conditionHeld", (select id from ${row}) as id, facts.client_checks as "clientChecks", facts.name_owner_id as "nameOwnerId",
  facts.name_owner_ref as "nameOwnerRef", array(select id from groups) as "groupIds"
from facts`;

/** The configuration's columns, in the order of `configParams`. */
const CONFIG_COLUMNS = [
  ['name', 'text'],
  ['hostname', 'text'],
  ['protocol', 'text'],
  ['path', 'text'],
  ['check_frequency', 'int'],
  ['request_method', 'text'],
  ['response_timeout', 'int'],
  ['trigger_locations', 'jsonb'],
  ['min_failing_locations', 'int'],
  ['response_classes', 'jsonb'],
  ['flag_follow_redirect', 'boolean'],
  ['dns_record_type', 'text'],
  ['dns_expected_values', 'jsonb'],
  ['port', 'int'],
  ['banner_match_operator', 'text'],
  ['banner_match_value', 'text'],
] as const;

/** Who manages the row, in the order of `originParams`. */
const ORIGIN_COLUMNS = ['managed_by', 'kubernetes_ref', 'kubernetes_uid'] as const;

const json = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));


/** The origin's marks: the API's (the columns' defaults) or the manifest's. */
function originParams(origin: Origin): unknown[] {
  const marks = { managedBy: 'api' as ManagedBy, kubernetesRef: null as string | null, kubernetesUid: null as string | null };
  markOrigin(marks, origin);
  return [marks.managedBy, marks.kubernetesRef, marks.kubernetesUid];
}

function configParams(config: CheckConfig): unknown[] {
  return [
    config.name,
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
  ];
}

const factsParams = (owner: Owner, name: string): unknown[] => [CLIENT_LOCK_SPACE, owner.clientId, owner.workspaceId, name];
const groupParams = (owner: Owner, config: CheckConfig): unknown[] => [owner.workspaceId, intArrayText(config.notificationGroupIds)];
const entryParams = (entry: EntryColumns): unknown[] => [entry.clientId, entry.workspaceId, entry.actorId, entry.action, entry.resourceType, entry.details, entry.at];

const CREATE = (condition: WriteCondition): string => `
with ${CONDITION(condition)},
${FACTS},
${GROUPS},
created as (
  insert into uptime_checks (workspace_id, check_type, paused, ${CONFIG_COLUMNS.map(([column]) => column).join(', ')}, ${ORIGIN_COLUMNS.join(', ')},
    created_at, updated_at)
  select ?::int, ?::text, ?::boolean, ${CONFIG_COLUMNS.map(([, type]) => `?::${type}`).join(', ')}, ${ORIGIN_COLUMNS.map(() => '?::text').join(', ')},
    now(), now()
  from facts where (select held from condition) and facts.name_owner_id is null and facts.client_checks < ?::int and ${GROUPS_ALL_FOUND}
  returning id
),
links as (
  insert into uptime_check_notification_groups (uptime_check_id, notification_group_id)
  select created.id, groups.id from created, groups
),
${ENTRY('created')}
${RESULT('created', '(select held from condition)')}`;

/**
 * The row is written only while it holds the version read before (else: changed meanwhile);
 * paused, and the origin's marks on an API change, stay as they are when their parameters are
 * null. Links the new groups do not name go, the workspace's groups among them are added.
 */
const UPDATE = `
with ${FACTS},
${GROUPS},
updated as (
  update uptime_checks set ${CONFIG_COLUMNS.map(([column, type]) => `${column} = ?::${type}`).join(', ')},
    ${ORIGIN_COLUMNS.map((column) => `${column} = coalesce(?::text, ${column})`).join(', ')},
    paused = coalesce(?::boolean, paused), version = version + 1, updated_at = now()
  from facts
  where uptime_checks.id = ?::int and uptime_checks.version = ?::int and coalesce(facts.name_owner_id, uptime_checks.id) = uptime_checks.id
    and ${GROUPS_ALL_FOUND}
  returning uptime_checks.id
),
unlinked as (
  delete from uptime_check_notification_groups l using updated
  where l.uptime_check_id = updated.id and l.notification_group_id <> all(?::int[])
),
linked as (
  insert into uptime_check_notification_groups (uptime_check_id, notification_group_id)
  select updated.id, groups.id from updated, groups
  on conflict do nothing
),
${ENTRY('updated')}
${RESULT('updated', 'true')}`;

/**
 * What a write found under the lock; `id` is null when nothing was written (no room left in the
 * plan, a group not the workspace's, the name another check's, or the row changed meanwhile).
 */
export interface WrittenCheckRow {
  /** False when the write's condition did not hold (then nothing was written). */
  conditionHeld: boolean;
  id: number | null;
  /** The client's checks, this one not counted when it is new. */
  clientChecks: number;
  nameOwnerId: number | null;
  nameOwnerRef: string | null;
  /** The requested groups that are the workspace's. */
  groupIds: number[];
}

export async function insertUptimeCheckRow(
  tx: EntityManager,
  owner: Owner,
  config: CheckConfig,
  paused: boolean,
  origin: Origin,
  entry: EntryColumns,
  condition: WriteCondition = ALWAYS,
): Promise<WrittenCheckRow> {
  const [row] = await preparedRows<WrittenCheckRow>(tx, CREATE(condition), [
    ...condition.params,
    ...factsParams(owner, config.name),
    ...groupParams(owner, config),
    owner.workspaceId,
    config.checkType,
    paused,
    ...configParams(config),
    ...originParams(origin),
    owner.entitlement.limits.uptimeChecks,
    intArrayText(config.notificationGroupIds),
    ...entryParams(entry),
  ]);
  return row!;
}

/** What an update reads before it writes: what the rules and the validation need of the stored check. */
export interface SavedCheck {
  id: number;
  checkType: CheckType;
  managedBy: ManagedBy;
  kubernetesRef: string | null;
  version: number;
}

const SAVED = `select id, check_type as "checkType", managed_by as "managedBy", kubernetes_ref as "kubernetesRef", version
from uptime_checks where id = ? and workspace_id = ?`;

/** A check of this workspace by id, or null (another workspace's, another client's, none alike). */
export async function readSavedCheck(tx: EntityManager, workspaceId: number, id: number): Promise<SavedCheck | null> {
  const [row] = await preparedRows<SavedCheck>(tx, SAVED, [id, workspaceId]);
  return row ?? null;
}

export async function updateUptimeCheckRow(
  tx: EntityManager,
  owner: Owner,
  saved: SavedCheck,
  config: CheckConfig,
  paused: boolean | undefined,
  origin: Origin,
  entry: EntryColumns,
): Promise<WrittenCheckRow> {
  const [row] = await preparedRows<WrittenCheckRow>(tx, UPDATE, [
    ...factsParams(owner, config.name),
    ...groupParams(owner, config),
    ...configParams(config),
    ...(origin.by === 'kubernetes' ? originParams(origin) : [null, null, null]),
    paused ?? null,
    saved.id,
    saved.version,
    intArrayText(config.notificationGroupIds),
    intArrayText(config.notificationGroupIds),
    ...entryParams(entry),
  ]);
  return row!;
}
