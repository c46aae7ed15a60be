import { API, type Owner } from '../../services/rules.js';
import { createDomainRow, deleteDomainRow, toggleDomainRow, updateDomainRow } from '../../services/domain-service.js';
import { workspaceOf, type Principal } from '../auth/principal.js';
import { ApiError, validationError } from '../errors.js';
import { requireActiveEntitlement, requirePermission } from '../guards.js';
import { mutate } from '../mutation.js';
import type { RequestContext } from '../request-context.js';
import { readDomainFields, type DomainChanges, type DomainFields } from '../../domain/domain-fields.js';
import { findDomain } from './domain-queries.js';

function guard(principal: Principal): void {
  requirePermission(principal, 'manage_domains');
  requireActiveEntitlement(principal);
}

function validated(body: DomainFields, requireName: boolean): DomainChanges {
  const result = readDomainFields(body, requireName);
  if (!result.ok) throw validationError(result.fields);
  return result.changes;
}

const ownerOf = (principal: Principal): Owner => ({ workspaceId: workspaceOf(principal).id, clientId: principal.client.id, entitlement: principal.entitlement });

export async function createDomain(context: RequestContext, principal: Principal, body: DomainFields): Promise<number> {
  guard(principal);
  const changes = validated(body, true);
  return mutate(context, principal, async (tx, recorder) => (await createDomainRow({ tx, changes: recorder }, ownerOf(principal), changes, API)).id);
}

export async function updateDomain(context: RequestContext, principal: Principal, id: number, body: DomainFields): Promise<void> {
  guard(principal);
  const changes = validated(body, false);
  await mutate(context, principal, (tx, recorder) => updateDomainRow({ tx, changes: recorder }, ownerOf(principal), id, changes, API));
}

export async function deleteDomain(context: RequestContext, principal: Principal, id: number): Promise<void> {
  guard(principal);
  await mutate(context, principal, (tx, recorder) => deleteDomainRow({ tx, changes: recorder }, workspaceOf(principal).id, id, API));
}

export async function toggleDomain(context: RequestContext, principal: Principal, id: number): Promise<boolean> {
  guard(principal);
  return mutate(context, principal, (tx, recorder) => toggleDomainRow({ tx, changes: recorder }, ownerOf(principal), id, API));
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
