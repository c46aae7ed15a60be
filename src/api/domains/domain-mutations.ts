import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Domain } from '../../store/entities/domain.js';
import { workspaceOf, type Principal } from '../auth/principal.js';
import { ApiError, conflict, validationError } from '../errors.js';
import { requireActiveEntitlement, requirePermission, requireWithinLimit } from '../guards.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';
import { groupsOfWorkspace } from '../uptime-checks/check-queries.js';
import { readDomainFields, type DomainChanges, type DomainFields } from './domain-fields.js';
import { domainNameTaken, domainsOfClient, findDomain } from './domain-queries.js';

function guard(principal: Principal): void {
  requirePermission(principal, 'manage_domains');
  requireActiveEntitlement(principal);
}

function refuseManaged(domain: Domain): void {
  if (domain.managedBy === 'kubernetes') {
    throw conflict(`domain ${domain.id} is managed by the Kubernetes manifest ${domain.kubernetesRef ?? '(unknown)'}; change it there`);
  }
}

const duplicate = (name: string) => conflict(`the domain ${name} is already monitored in this workspace`);

function validated(body: DomainFields, requireName: boolean): DomainChanges {
  const result = readDomainFields(body, requireName);
  if (!result.ok) throw validationError(result.fields);
  return result.changes;
}

async function apply(tx: EntityManager, principal: Principal, domain: Domain, changes: DomainChanges): Promise<void> {
  const workspace = workspaceOf(principal);
  if (changes.name !== undefined && changes.name !== domain.name) {
    if (await domainNameTaken(tx, workspace, changes.name, domain.id)) throw duplicate(changes.name);
    domain.name = changes.name;
  }
  if (changes.description !== undefined) domain.description = changes.description;
  if (changes.groupIds !== undefined) {
    const { groups, foreign } = await groupsOfWorkspace(tx, workspace, changes.groupIds);
    if (foreign.length) throw validationError({ notification_group_ids: `not groups of this workspace: ${foreign.join(', ')}` });
    domain.notificationGroups.set(groups);
  }
  try {
    await tx.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw duplicate(domain.name);
    throw error;
  }
}

export async function createDomain(context: RequestContext, principal: Principal, body: DomainFields): Promise<number> {
  guard(principal);
  const changes = validated(body, true);
  return mutate(context, principal, async (tx, recorder) => {
    requireWithinLimit(principal, 'domains', await domainsOfClient(tx, principal.client.id));
    if (await domainNameTaken(tx, workspaceOf(principal), changes.name!)) throw duplicate(changes.name!);
    const domain = tx.create(Domain, { workspace: workspaceOf(principal).id, name: changes.name! });
    await apply(tx, principal, domain, changes);
    recorder.record({ action: 'domain.create', resourceType: 'domain', resourceId: domain.id, notice: 'created', details: { name: domain.name } });
    return domain.id;
  });
}

/** Absent fields keep their value. A changed name starts the certificate over: the old one belonged to another host. */
export async function updateDomain(context: RequestContext, principal: Principal, id: number, body: DomainFields): Promise<void> {
  guard(principal);
  const changes = validated(body, false);
  await mutate(context, principal, async (tx, recorder) => {
    const domain = await findDomain(tx, workspaceOf(principal), id);
    refuseManaged(domain);
    const renamed = changes.name !== undefined && changes.name !== domain.name;
    if (renamed) Object.assign(domain, { currentCertificate: null, certificateNotAfter: null, lastCheckedAt: null, lastCheckError: null });
    await apply(tx, principal, domain, changes);
    recorder.record({ action: 'domain.update', resourceType: 'domain', resourceId: id, notice: 'updated', details: renamed ? { name: domain.name } : {} });
  });
}

export async function deleteDomain(context: RequestContext, principal: Principal, id: number): Promise<void> {
  guard(principal);
  await mutate(context, principal, async (tx, recorder) => {
    const domain = await findDomain(tx, workspaceOf(principal), id);
    refuseManaged(domain);
    await tx.nativeDelete(Domain, { id });
    recorder.record({ action: 'domain.delete', resourceType: 'domain', resourceId: id, notice: 'deleted', details: { name: domain.name } });
  });
}

/** Inverts the active flag; the engine stops or starts watching the certificate. */
export async function toggleDomain(context: RequestContext, principal: Principal, id: number): Promise<boolean> {
  guard(principal);
  return mutate(context, principal, async (tx, recorder) => {
    const domain = await findDomain(tx, workspaceOf(principal), id);
    refuseManaged(domain);
    domain.active = !domain.active;
    recorder.record({ action: domain.active ? 'domain.resume' : 'domain.pause', resourceType: 'domain', resourceId: id, notice: domain.active ? 'resumed' : 'paused' });
    return domain.active;
  });
}

/** Asks the engine to read the certificate now; it stores what it saw before this resolves. */
export async function checkDomainNow(context: RequestContext, principal: Principal, id: number): Promise<void> {
  guard(principal);
  const domain = await findDomain(context.em, workspaceOf(principal), id);
  const checker = context.deps.domainChecker;
  if (!checker) throw new ApiError('SERVICE_UNAVAILABLE', 'certificate checks on demand are not available: no engine is connected');
  try {
    await checker.checkNow(domain.id);
  } catch (error) {
    context.logger.warn({ err: error, domainId: domain.id }, 'on-demand certificate check failed');
    throw new ApiError('SERVICE_UNAVAILABLE', 'the certificate check could not run; try again shortly');
  }
  await mutate(context, principal, async (_tx, recorder) => {
    recorder.record({ action: 'domain.check_now', resourceType: 'domain', resourceId: id, notice: null });
  });
}
