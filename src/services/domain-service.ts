import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DomainChanges } from '../domain/domain-fields.js';
import { Domain } from '../store/entities/domain.js';
import { NotificationGroup } from '../store/entities/notification-group.js';
import type { ChangeUnit } from './change-log.js';
import { invalid, missing, RuleRefusal } from './refusal.js';
import { detailsFor, lockClient, markOrigin, refuseInactive, refuseManaged, refuseOverLimit, type Origin, type Owner } from './rules.js';

/** A domain of this workspace: any other id is not found alike. */
export async function findDomainRow(tx: EntityManager, workspaceId: number, id: number): Promise<Domain> {
  const domain = await tx.findOne(Domain, { id, workspace: workspaceId }, { populate: ['notificationGroups', 'currentCertificate'], refresh: true });
  if (!domain) throw missing(`domain ${id}`);
  return domain;
}

export const domainsOfClient = (tx: EntityManager, clientId: number): Promise<number> => tx.count(Domain, { workspace: { client: clientId } });

const nameTaken = (name: string, owner?: { id: number; name: string; kubernetesRef: string | null }) =>
  new RuleRefusal('CONFLICT', 'NameTaken', `the domain ${name} is already monitored in this workspace`, undefined, owner);

async function refuseNameTaken(tx: EntityManager, workspaceId: number, name: string, exceptId?: number): Promise<void> {
  const where: FilterQuery<Domain> = exceptId === undefined ? { workspace: workspaceId, name } : { workspace: workspaceId, name, id: { $ne: exceptId } };
  const owner = await tx.findOne(Domain, where, { fields: ['id', 'kubernetesRef'] });
  if (owner) throw nameTaken(name, { id: owner.id, name, kubernetesRef: owner.kubernetesRef });
}

/** Absent fields keep their value. A changed name starts the certificate over: the old one belonged to another host. */
async function assign(tx: EntityManager, owner: Owner, domain: Domain, changes: DomainChanges, active: boolean | undefined): Promise<boolean> {
  const renamed = changes.name !== undefined && changes.name !== domain.name;
  if (renamed) {
    await lockClient(tx, owner.clientId);
    await refuseNameTaken(tx, owner.workspaceId, changes.name!, domain.id);
    if (domain.name !== undefined) Object.assign(domain, { currentCertificate: null, certificateNotAfter: null, lastCheckedAt: null, lastCheckError: null });
    domain.name = changes.name!;
  }
  if (changes.description !== undefined) domain.description = changes.description;
  if (changes.groupIds !== undefined) {
    const groups = changes.groupIds.length ? await tx.find(NotificationGroup, { id: { $in: changes.groupIds }, workspace: owner.workspaceId }) : [];
    const found = new Set(groups.map((group) => group.id));
    const foreign = changes.groupIds.filter((id) => !found.has(id));
    if (foreign.length) throw invalid({ notification_group_ids: `not groups of this workspace: ${foreign.join(', ')}` });
    domain.notificationGroups.set(groups);
  }
  if (active !== undefined) domain.active = active;
  try {
    await tx.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw nameTaken(domain.name);
    throw error;
  }
  return renamed;
}

export async function createDomainRow({ tx, changes }: ChangeUnit, owner: Owner, fields: DomainChanges, origin: Origin, active?: boolean): Promise<Domain> {
  refuseInactive(owner.entitlement);
  await refuseOverLimit(tx, owner, 'domains', () => domainsOfClient(tx, owner.clientId));
  await refuseNameTaken(tx, owner.workspaceId, fields.name!);
  const domain = tx.create(Domain, { workspace: owner.workspaceId, name: fields.name! });
  markOrigin(domain, origin);
  await assign(tx, owner, domain, { ...fields, name: undefined }, active);
  changes.record({ action: 'domain.create', resourceType: 'domain', resourceId: domain.id, notice: 'created', details: detailsFor(origin, { name: domain.name }) });
  return domain;
}

export async function updateDomainRow({ tx, changes }: ChangeUnit, owner: Owner, id: number, fields: DomainChanges, origin: Origin, active?: boolean): Promise<Domain> {
  const domain = await findDomainRow(tx, owner.workspaceId, id);
  refuseManaged(origin, domain, 'domain');
  refuseInactive(owner.entitlement);
  const renamed = await assign(tx, owner, domain, fields, active);
  markOrigin(domain, origin);
  changes.record({ action: 'domain.update', resourceType: 'domain', resourceId: id, notice: 'updated', details: detailsFor(origin, renamed ? { name: domain.name } : {}) });
  return domain;
}

/** Deletions judge no plan: a manifest that is gone takes its row with it; the API guards its own deletes. */
export async function deleteDomainRow({ tx, changes }: ChangeUnit, workspaceId: number, id: number, origin: Origin): Promise<void> {
  const domain = await findDomainRow(tx, workspaceId, id);
  refuseManaged(origin, domain, 'domain');
  await tx.nativeDelete(Domain, { id });
  changes.record({ action: 'domain.delete', resourceType: 'domain', resourceId: id, notice: 'deleted', details: detailsFor(origin, { name: domain.name }) });
}

/** Inverts the active flag; the engine stops or starts watching the certificate. */
export async function toggleDomainRow({ tx, changes }: ChangeUnit, owner: Owner, id: number, origin: Origin): Promise<boolean> {
  const domain = await findDomainRow(tx, owner.workspaceId, id);
  refuseManaged(origin, domain, 'domain');
  refuseInactive(owner.entitlement);
  domain.active = !domain.active;
  changes.record({ action: domain.active ? 'domain.resume' : 'domain.pause', resourceType: 'domain', resourceId: id, notice: domain.active ? 'resumed' : 'paused' });
  return domain.active;
}
