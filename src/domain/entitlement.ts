import type { Plan } from '../store/entities/client.js';
import { PLAN_RULES, type Capability, type PlanLimits } from './plans.js';

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
    limits: { ...rules.limits },
  };
}

export const hasCapability = (entitlement: Entitlement, capability: Capability): boolean =>
  entitlement.capabilities.includes(capability);

/** The capability a check type needs, if any. */
export const capabilityForCheckType = (checkType: string): Capability | null =>
  checkType === 'dns' || checkType === 'tcp' ? 'uptime_check.dns_tcp' : null;
