import type { Plan } from '../store/entities/client.js';
import { PLAN_RULES, planLimits, type Capability, type PlanLimits } from './plans.js';

export interface Entitlement {
  plan: Plan;
  /** `trial`, `paid` or `expired`: the resolved access of the client. */
  status: 'trial' | 'paid' | 'expired';
  active: boolean;
  trialEndsAt: Date | null;
  capabilities: Capability[];
  limits: PlanLimits;
}

/** Resolves a client's access at `now`: a trial past its end is expired. */
export function resolveEntitlement(client: { plan: Plan; trialEndsAt: Date | null }, now: Date): Entitlement {
  const trialOver = client.plan === 'trial' && client.trialEndsAt !== null && client.trialEndsAt.getTime() <= now.getTime();
  const effective: Plan = trialOver ? 'expired' : client.plan;
  const rules = PLAN_RULES[effective];
  const status = effective === 'expired' ? 'expired' : effective === 'trial' ? 'trial' : 'paid';
  return {
    plan: client.plan,
    status,
    active: rules.active,
    trialEndsAt: client.plan === 'trial' ? client.trialEndsAt : null,
    capabilities: [...rules.capabilities],
    limits: planLimits(effective),
  };
}

export const hasCapability = (entitlement: Entitlement, capability: Capability): boolean =>
  entitlement.capabilities.includes(capability);

/** The capability a check type needs, if any. */
export const capabilityForCheckType = (checkType: string): Capability | null =>
  checkType === 'dns' || checkType === 'tcp' ? 'uptime_check.dns_tcp' : null;

/** Why the plan refuses an action, in the API's error codes; null when it allows it. */
export type EntitlementDenial =
  | { code: 'ENTITLEMENT_REQUIRED'; message: string }
  | { code: 'PLAN_CAPABILITY_REQUIRED'; message: string; capability: Capability }
  | { code: 'FORBIDDEN'; message: string; limit: keyof PlanLimits };

/** Every mutation of a monitoring resource needs an active trial or paid plan. */
export const mutationDenial = (entitlement: Entitlement): EntitlementDenial | null =>
  entitlement.active
    ? null
    : { code: 'ENTITLEMENT_REQUIRED', message: 'the account has no active trial or paid plan; monitoring resources cannot be changed' };

export function capabilityDenial(entitlement: Entitlement, capability: Capability | null): EntitlementDenial | null {
  if (capability === null || hasCapability(entitlement, capability)) return null;
  return { code: 'PLAN_CAPABILITY_REQUIRED', message: `the ${entitlement.plan} plan does not include ${capability}`, capability };
}

const LIMIT_NAMES: Record<keyof PlanLimits, string> = {
  uptimeChecks: 'uptime checks',
  domains: 'domains',
  notificationGroups: 'notification groups',
  statusPages: 'status pages',
};

/** Creating one more resource when `current` exist already. */
export function limitDenial(entitlement: Entitlement, limit: keyof PlanLimits, current: number): EntitlementDenial | null {
  const max = entitlement.limits[limit];
  if (current < max) return null;
  return { code: 'FORBIDDEN', message: `plan limit reached: the ${entitlement.plan} plan allows ${max} ${LIMIT_NAMES[limit]}`, limit };
}

/** The checks the plan no longer covers: all of them when inactive, DNS/TCP without the capability. Still readable, not probed. */
export function isEntitlementBlocked(checkType: string, entitlement: Entitlement): boolean {
  return !entitlement.active || capabilityDenial(entitlement, capabilityForCheckType(checkType)) !== null;
}

/** The entitlement as the bootstrap call shows it. */
export interface EntitlementSummary {
  status: 'trial' | 'paid' | 'expired';
  plan: Plan;
  active: boolean;
  /** ISO 8601; null unless on a trial. */
  trial_ends_at: string | null;
  capabilities: Capability[];
  limits: { uptime_checks: number; domains: number; notification_groups: number };
}

export const entitlementSummary = (entitlement: Entitlement): EntitlementSummary => ({
  status: entitlement.status,
  plan: entitlement.plan,
  active: entitlement.active,
  trial_ends_at: entitlement.trialEndsAt?.toISOString() ?? null,
  capabilities: [...entitlement.capabilities],
  limits: {
    uptime_checks: entitlement.limits.uptimeChecks,
    domains: entitlement.limits.domains,
    notification_groups: entitlement.limits.notificationGroups,
  },
});
