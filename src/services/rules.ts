import type { EntityManager } from '@mikro-orm/postgresql';
import { capabilityDenial, limitDenial, mutationDenial, type Entitlement } from '../domain/entitlement.js';
import type { Capability, PlanLimits } from '../domain/plans.js';
import type { ManagedBy } from '../store/entities/managed-by.js';
import { RuleRefusal, refusalOfDenial } from './refusal.js';

/** The workspace a change is made in, with the plan that judges it. */
export interface Owner {
  workspaceId: number;
  clientId: number;
  entitlement: Entitlement;
}

/**
 * Where a change comes from. The API may not change what a manifest manages; the operator writes
 * the manifest's rows and marks them with the resource they mirror.
 */
export type Origin = { by: 'api' } | { by: 'kubernetes'; ref: string; uid: string };

export const API: Origin = { by: 'api' };

/** Any change of a monitoring resource: refused while the account is inactive. */
export function refuseInactive(entitlement: Entitlement): void {
  const denial = mutationDenial(entitlement);
  if (denial) throw refusalOfDenial(denial);
}

/** Refused when the plan lacks the capability (null: nothing needed). */
export function refuseWithoutCapability(entitlement: Entitlement, capability: Capability | null): void {
  const denial = capabilityDenial(entitlement, capability);
  if (denial) throw refusalOfDenial(denial);
}

/** A row a Kubernetes manifest manages changes only through its manifest. */
export function refuseManaged(origin: Origin, row: { id: number; managedBy: ManagedBy; kubernetesRef: string | null }, what: string): void {
  if (origin.by === 'api' && row.managedBy === 'kubernetes') {
    throw new RuleRefusal('CONFLICT', 'ManagedElsewhere', `${what} ${row.id} is managed by the Kubernetes manifest ${row.kubernetesRef ?? '(unknown)'}; change it there`);
  }
}

/** Arbitrary and fixed: the first key of the client's transaction-scoped advisory lock. */
export const CLIENT_LOCK_SPACE = 0x7661_6e74;

/**
 * Serialises the changes of one client that count its rows or claim a name: the lock is held to
 * the end of the transaction, so a concurrent create counts after this one committed (the limit
 * and the name stay exact under concurrency) while other clients are not held up.
 */
export async function lockClient(tx: EntityManager, clientId: number): Promise<void> {
  await tx.execute('select pg_advisory_xact_lock(?, ?)', [CLIENT_LOCK_SPACE, clientId]);
}

/** Refused when one more row than `current` (counted under the client's lock) would exceed the plan's limit. */
export function refuseLimitReached(entitlement: Entitlement, limit: keyof PlanLimits, current: number): void {
  const denial = limitDenial(entitlement, limit, current);
  if (denial) throw refusalOfDenial(denial);
}

/** Locks the client, then refuses when one more row would exceed the plan's limit. */
export async function refuseOverLimit(tx: EntityManager, owner: Owner, limit: keyof PlanLimits, count: () => Promise<number>): Promise<void> {
  await lockClient(tx, owner.clientId);
  refuseLimitReached(owner.entitlement, limit, await count());
}

/** Ties a row to the manifest that makes it, or leaves it the API's. */
export function markOrigin(row: { managedBy: ManagedBy; kubernetesRef: string | null; kubernetesUid: string | null }, origin: Origin): void {
  if (origin.by === 'kubernetes') Object.assign(row, { managedBy: 'kubernetes', kubernetesRef: origin.ref, kubernetesUid: origin.uid });
}

/** What the activity log says about a change: the manifest for the operator's, else what the API shows. */
export const detailsFor = (origin: Origin, apiDetails?: Record<string, unknown>): Record<string, unknown> | undefined =>
  origin.by === 'kubernetes' ? { kubernetes_ref: origin.ref } : apiDetails;
