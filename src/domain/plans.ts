import type { Plan } from '../store/entities/client.js';

export const CAPABILITIES = ['uptime_check.dns_tcp'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface PlanLimits {
  uptimeChecks: number;
  domains: number;
  notificationGroups: number;
}

interface PlanRules {
  active: boolean;
  capabilities: readonly Capability[];
  limits: PlanLimits;
}

export const TRIAL_DAYS = 14;

/** The plans of DESIGN.md: trial and pro have every capability, basic lacks DNS/TCP, expired is inactive. */
export const PLAN_RULES: Record<Plan, PlanRules> = {
  trial: { active: true, capabilities: CAPABILITIES, limits: { uptimeChecks: 50, domains: 50, notificationGroups: 20 } },
  basic: { active: true, capabilities: [], limits: { uptimeChecks: 50, domains: 25, notificationGroups: 10 } },
  pro: { active: true, capabilities: CAPABILITIES, limits: { uptimeChecks: 1000, domains: 500, notificationGroups: 100 } },
  expired: { active: false, capabilities: [], limits: { uptimeChecks: 0, domains: 0, notificationGroups: 0 } },
};

export const trialEndFrom = (start: Date): Date => new Date(start.getTime() + TRIAL_DAYS * 86_400_000);
