import type { Plan } from '../store/entities/client.js';

export const CAPABILITIES = ['uptime_check.dns_tcp'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface PlanLimits {
  uptimeChecks: number;
  domains: number;
  notificationGroups: number;
  statusPages: number;
}

interface PlanRules {
  active: boolean;
  capabilities: readonly Capability[];
  limits: PlanLimits;
}

export const TRIAL_DAYS = 14;

/**
 * What "no limit" reads as where a limit is a number (the `unlimited` plan, the entitlement
 * summary's integers): the largest 32-bit integer, beyond any count a client can reach.
 */
export const NO_LIMIT = 2_147_483_647;

/** The plans whose limits an installation sets (VANTAGE_PLAN_<PLAN>_<LIMIT>). */
export type LimitedPlan = 'trial' | 'basic' | 'pro';

/** The limits of each plan when the installation sets none: what the settings default to. */
export const DEFAULT_PLAN_LIMITS: Readonly<Record<LimitedPlan, Readonly<PlanLimits>>> = {
  trial: { uptimeChecks: 50, domains: 50, notificationGroups: 20, statusPages: 3 },
  basic: { uptimeChecks: 50, domains: 25, notificationGroups: 10, statusPages: 1 },
  pro: { uptimeChecks: 1000, domains: 500, notificationGroups: 100, statusPages: 50 },
};

/**
 * The plans of DESIGN.md: trial and pro have every capability, basic lacks DNS/TCP, expired is
 * inactive; `unlimited` (self-hosting) has every capability and no limit. The limits of trial,
 * basic and pro are the installation's settings, put in force by `configurePlanLimits`.
 */
export const PLAN_RULES: Record<Plan, PlanRules> = {
  trial: { active: true, capabilities: CAPABILITIES, limits: { ...DEFAULT_PLAN_LIMITS.trial } },
  basic: { active: true, capabilities: [], limits: { ...DEFAULT_PLAN_LIMITS.basic } },
  pro: { active: true, capabilities: CAPABILITIES, limits: { ...DEFAULT_PLAN_LIMITS.pro } },
  expired: { active: false, capabilities: [], limits: { uptimeChecks: 0, domains: 0, notificationGroups: 0, statusPages: 0 } },
  unlimited: { active: true, capabilities: CAPABILITIES, limits: { uptimeChecks: NO_LIMIT, domains: NO_LIMIT, notificationGroups: NO_LIMIT, statusPages: NO_LIMIT } },
};

/** Puts the installation's limits in force (settings are loaded once per process, before any request). */
export function configurePlanLimits(limits: Record<LimitedPlan, PlanLimits>): void {
  for (const plan of Object.keys(limits) as LimitedPlan[]) PLAN_RULES[plan].limits = { ...limits[plan] };
}

/** The limits of a plan as this installation sets them: the one place other code asks. */
export const planLimits = (plan: Plan): PlanLimits => ({ ...PLAN_RULES[plan].limits });

export const trialEndFrom = (start: Date): Date => new Date(start.getTime() + TRIAL_DAYS * 86_400_000);
