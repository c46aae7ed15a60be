import { capabilityDenial, limitDenial, mutationDenial, type EntitlementDenial } from '../domain/entitlement.js';
import type { Capability, PlanLimits } from '../domain/plans.js';
import type { PermissionKey } from '../domain/permissions.js';
import type { Principal } from './auth/principal.js';
import { ApiError, forbidden } from './errors.js';

/**
 * Checks a handler makes before acting; each throws the spec's error when it refuses. They read
 * the caller's plain values, so that a guard does not hydrate the user entity.
 */

export function requirePermission(principal: Principal, permission: PermissionKey): void {
  if (principal.caller.permissions?.[permission] !== true) throw forbidden(`the permission ${permission} is required`);
}

export function requireAdmin(principal: Principal): void {
  if (!principal.caller.isAdmin) throw forbidden('this route is for administrators');
}

const raise = (denial: EntitlementDenial | null): void => {
  if (denial) throw new ApiError(denial.code, denial.message);
};

/** Any mutation of a monitoring resource: 402 ENTITLEMENT_REQUIRED when the account is inactive. */
export const requireActiveEntitlement = (principal: Principal): void => raise(mutationDenial(principal.entitlement));

/** 403 PLAN_CAPABILITY_REQUIRED when the plan lacks the capability (null: nothing needed). */
export const requireCapability = (principal: Principal, capability: Capability | null): void =>
  raise(capabilityDenial(principal.entitlement, capability));

/** 403 FORBIDDEN naming the limit when one more resource would exceed the plan. */
export const requireWithinLimit = (principal: Principal, limit: keyof PlanLimits, current: number): void =>
  raise(limitDenial(principal.entitlement, limit, current));
