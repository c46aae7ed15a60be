import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckConfig } from '../domain/check-validation.js';
import { capabilityForCheckType } from '../domain/entitlement.js';
import { NotificationGroup } from '../store/entities/notification-group.js';
import { UptimeCheck } from '../store/entities/uptime-check.js';
import type { ChangeUnit } from './change-log.js';
import { invalid, missing, RuleRefusal } from './refusal.js';
import { detailsFor, markOrigin, refuseInactive, refuseLimitReached, refuseManaged, refuseWithoutCapability, lockClient, type Origin, type Owner } from './rules.js';
import { insertUptimeCheckRow } from './uptime-check-create-row.js';

/** Writes a validated configuration onto a check row. */
export function assignCheckConfig(check: UptimeCheck, config: CheckConfig, groups: NotificationGroup[]): void {
  Object.assign(check, {
    checkType: config.checkType,
    name: config.name,
    hostname: config.hostname,
    protocol: config.protocol,
    path: config.path,
    checkFrequency: config.checkFrequency,
    requestMethod: config.requestMethod,
    responseTimeout: config.responseTimeout,
    triggerLocations: config.triggerLocations,
    minFailingLocations: config.minFailingLocations,
    responseClasses: config.responseClasses,
    flagFollowRedirect: config.flagFollowRedirect,
    dnsRecordType: config.dnsRecordType,
    dnsExpectedValues: config.dnsExpectedValues,
    port: config.port,
    bannerMatchOperator: config.bannerMatchOperator,
    bannerMatchValue: config.bannerMatchValue,
  });
  check.notificationGroups.set(groups);
}

/** A check of this workspace by id: any other id (another workspace's, another client's, none) is not found alike. */
export async function findUptimeCheck(tx: EntityManager, workspaceId: number, id: number): Promise<UptimeCheck> {
  const check = await tx.findOne(UptimeCheck, { id, workspace: workspaceId }, { populate: ['notificationGroups'] });
  if (!check) throw missing(`uptime check ${id}`);
  return check;
}

/** Refused when a requested group is not one of the workspace's (`found`). */
function refuseForeignGroups(requested: readonly number[], found: readonly number[]): void {
  const known = new Set(found);
  const foreign = requested.filter((id) => !known.has(id));
  if (foreign.length) throw invalid({ notification_group_ids: `not groups of this workspace: ${foreign.join(', ')}` });
}

async function groupsOfWorkspace(tx: EntityManager, workspaceId: number, ids: readonly number[]): Promise<NotificationGroup[]> {
  const groups = ids.length ? await tx.find(NotificationGroup, { id: { $in: [...ids] }, workspace: workspaceId }) : [];
  refuseForeignGroups(ids, groups.map((group) => group.id));
  return groups;
}

const nameTaken = (name: string, owner?: { id: number; name: string; kubernetesRef: string | null }) =>
  new RuleRefusal('CONFLICT', 'NameTaken', `an uptime check named "${name}" already exists in this workspace`, undefined, owner);

async function refuseNameTaken(tx: EntityManager, workspaceId: number, name: string, exceptId?: number): Promise<void> {
  const where: FilterQuery<UptimeCheck> = exceptId === undefined ? { workspace: workspaceId, name } : { workspace: workspaceId, name, id: { $ne: exceptId } };
  const owner = await tx.findOne(UptimeCheck, where, { fields: ['id', 'kubernetesRef'] });
  if (owner) throw nameTaken(name, { id: owner.id, name, kubernetesRef: owner.kubernetesRef });
}

/** The unique index is the last word on names: a race the lock did not cover still ends in the same refusal. */
const refusingDuplicate =
  (name: string) =>
  (error: unknown): never => {
    const unique = error instanceof UniqueConstraintViolationException || (error as { code?: unknown }).code === UNIQUE_VIOLATION;
    throw unique ? nameTaken(name) : error;
  };

/** PostgreSQL's SQLSTATE for a unique index refusing a row, as `pg` reports it on the prepared path. */
const UNIQUE_VIOLATION = '23505';

async function flushRefusingDuplicate(tx: EntityManager, name: string): Promise<void> {
  await tx.flush().catch(refusingDuplicate(name));
}

/**
 * Creates a check and answers its id: plan active and capability judged first, then the limit,
 * the groups and the name on what the create's statement found under the client's lock (a
 * refusal rolls the statement's rows back with the transaction).
 */
export async function createUptimeCheck({ tx, changes }: ChangeUnit, owner: Owner, config: CheckConfig, origin: Origin, paused = false): Promise<number> {
  refuseInactive(owner.entitlement);
  refuseWithoutCapability(owner.entitlement, capabilityForCheckType(config.checkType));
  const change = { action: 'uptime_check.create', resourceType: 'uptime_check', notice: 'created', details: detailsFor(origin, { name: config.name }) } as const;
  const created = await insertUptimeCheckRow(tx, owner, config, paused, origin, changes.entryOf(change)).catch(refusingDuplicate(config.name));
  refuseLimitReached(owner.entitlement, 'uptimeChecks', created.clientChecks);
  refuseForeignGroups(config.notificationGroupIds, created.groupIds);
  if (created.id === null) throw nameTaken(config.name, { id: created.nameOwnerId!, name: config.name, kubernetesRef: created.nameOwnerRef });
  changes.recordWritten({ ...change, resourceId: created.id });
  return created.id;
}

/**
 * Replaces a check's configuration. `read` validates the new fields against the stored check
 * (its type cannot change), after the plan and the manifest rules have had their say.
 */
export async function updateUptimeCheck(
  { tx, changes }: ChangeUnit,
  owner: Owner,
  id: number,
  read: (saved: UptimeCheck) => CheckConfig,
  origin: Origin,
  paused?: boolean,
): Promise<UptimeCheck> {
  const check = await findUptimeCheck(tx, owner.workspaceId, id);
  refuseManaged(origin, check, 'uptime check');
  refuseInactive(owner.entitlement);
  refuseWithoutCapability(owner.entitlement, capabilityForCheckType(check.checkType));
  const config = read(check);
  const groups = await groupsOfWorkspace(tx, owner.workspaceId, config.notificationGroupIds);
  if (config.name !== check.name) {
    await lockClient(tx, owner.clientId);
    await refuseNameTaken(tx, owner.workspaceId, config.name, check.id);
  }
  assignCheckConfig(check, config, groups);
  if (paused !== undefined) check.paused = paused;
  markOrigin(check, origin);
  await flushRefusingDuplicate(tx, config.name);
  changes.record({ action: 'uptime_check.update', resourceType: 'uptime_check', resourceId: check.id, notice: 'updated', details: detailsFor(origin) });
  return check;
}

/** Deletions judge no plan: a manifest that is gone takes its row with it; the API guards its own deletes. */
export async function deleteUptimeCheck({ tx, changes }: ChangeUnit, workspaceId: number, id: number, origin: Origin): Promise<void> {
  const check = await findUptimeCheck(tx, workspaceId, id);
  refuseManaged(origin, check, 'uptime check');
  tx.remove(check);
  changes.record({ action: 'uptime_check.delete', resourceType: 'uptime_check', resourceId: id, notice: 'deleted', details: detailsFor(origin, { name: check.name }) });
}
