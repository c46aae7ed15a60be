import { OptimisticLockError, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckConfig } from '../domain/check-validation.js';
import { capabilityForCheckType } from '../domain/entitlement.js';
import { UptimeCheck } from '../store/entities/uptime-check.js';
import type { ChangeUnit } from './change-log.js';
import { invalid, missing, RuleRefusal } from './refusal.js';
import { detailsFor, refuseInactive, refuseLimitReached, refuseManaged, refuseWithoutCapability, type Origin, type Owner } from './rules.js';
import { ConditionNotHeld, insertUptimeCheckRow, readSavedCheck, updateUptimeCheckRow, type SavedCheck, type WriteCondition } from './uptime-check-rows.js';

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

const nameTaken = (name: string, owner?: { id: number; name: string; kubernetesRef: string | null }) =>
  new RuleRefusal('CONFLICT', 'NameTaken', `an uptime check named "${name}" already exists in this workspace`, undefined, owner);

/** The unique index is the last word on names: a race the lock did not cover still ends in the same refusal. */
const refusingDuplicate =
  (name: string) =>
  (error: unknown): never => {
    const unique = error instanceof UniqueConstraintViolationException || (error as { code?: unknown }).code === UNIQUE_VIOLATION;
    throw unique ? nameTaken(name) : error;
  };

/** PostgreSQL's SQLSTATE for a unique index refusing a row, as `pg` reports it on the prepared path. */
const UNIQUE_VIOLATION = '23505';

/**
 * Creates a check and answers its id: plan active and capability judged first, then the limit,
 * the groups and the name on what the create's statement found under the client's lock (the
 * statement wrote nothing when one of them refuses; see uptime-check-rows). With a `condition`
 * that no longer holds when the statement runs, nothing is written or judged (ConditionNotHeld).
 */
export async function createUptimeCheck(
  { tx, changes }: ChangeUnit,
  owner: Owner,
  config: CheckConfig,
  origin: Origin,
  paused = false,
  condition?: WriteCondition,
): Promise<number> {
  refuseInactive(owner.entitlement);
  refuseWithoutCapability(owner.entitlement, capabilityForCheckType(config.checkType));
  const change = { action: 'uptime_check.create', resourceType: 'uptime_check', notice: 'created', details: detailsFor(origin, { name: config.name }) } as const;
  const created = await insertUptimeCheckRow(tx, owner, config, paused, origin, changes.entryOf(change), condition).catch(refusingDuplicate(config.name));
  if (!created.conditionHeld) throw new ConditionNotHeld();
  refuseLimitReached(owner.entitlement, 'uptimeChecks', created.clientChecks);
  refuseForeignGroups(config.notificationGroupIds, created.groupIds);
  if (created.nameOwnerId !== null) throw nameTaken(config.name, { id: created.nameOwnerId, name: config.name, kubernetesRef: created.nameOwnerRef });
  if (created.id === null) throw new Error('the create statement refused a check that the rules allow: its conditions and the rules disagree');
  changes.recordWritten({ ...change, resourceId: created.id });
  return created.id;
}

/**
 * Replaces a check's configuration and answers its id. `read` validates the new fields against
 * the stored check (its type cannot change), after the plan and the manifest rules have had their
 * say; the groups and the name are judged on what the update's statement found under the lock.
 */
export async function updateUptimeCheck(
  { tx, changes }: ChangeUnit,
  owner: Owner,
  id: number,
  read: (saved: SavedCheck) => CheckConfig,
  origin: Origin,
  paused?: boolean,
): Promise<number> {
  const saved = await readSavedCheck(tx, owner.workspaceId, id);
  if (!saved) throw missing(`uptime check ${id}`);
  refuseManaged(origin, saved, 'uptime check');
  refuseInactive(owner.entitlement);
  refuseWithoutCapability(owner.entitlement, capabilityForCheckType(saved.checkType));
  const config = read(saved);
  const change = { action: 'uptime_check.update', resourceType: 'uptime_check', notice: 'updated', details: detailsFor(origin) } as const;
  const updated = await updateUptimeCheckRow(tx, owner, saved, config, paused, origin, changes.entryOf(change)).catch(refusingDuplicate(config.name));
  refuseForeignGroups(config.notificationGroupIds, updated.groupIds);
  if (updated.nameOwnerId !== null && updated.nameOwnerId !== id) {
    throw nameTaken(config.name, { id: updated.nameOwnerId, name: config.name, kubernetesRef: updated.nameOwnerRef });
  }
  if (updated.id === null) throw OptimisticLockError.lockFailed(`uptime check ${id}`);
  changes.recordWritten({ ...change, resourceId: id });
  return id;
}

/** Deletions judge no plan: a manifest that is gone takes its row with it; the API guards its own deletes. */
export async function deleteUptimeCheck({ tx, changes }: ChangeUnit, workspaceId: number, id: number, origin: Origin): Promise<void> {
  const check = await findUptimeCheck(tx, workspaceId, id);
  refuseManaged(origin, check, 'uptime check');
  tx.remove(check);
  changes.record({ action: 'uptime_check.delete', resourceType: 'uptime_check', resourceId: id, notice: 'deleted', details: detailsFor(origin, { name: check.name }) });
}
