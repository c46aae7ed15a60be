import { Type } from '@sinclair/typebox';

const limit = (plan: string, what: string, fallback: number) =>
  Type.Integer({
    minimum: 0,
    maximum: 2_000_000_000,
    default: fallback,
    description: `${what} one client on the ${plan} plan may hold (0 to 2000000000); creating one more answers 403 FORBIDDEN naming the limit. The unlimited plan has none`,
  });

/** The limits of each plan with limits: the installation's to set (the `unlimited` plan has none). */
export const PlanSettings = Type.Object({
  VANTAGE_PLAN_TRIAL_UPTIME_CHECKS: limit('trial', 'uptime checks', 50),
  VANTAGE_PLAN_TRIAL_DOMAINS: limit('trial', 'domains', 50),
  VANTAGE_PLAN_TRIAL_STATUS_PAGES: limit('trial', 'status pages', 3),
  VANTAGE_PLAN_TRIAL_NOTIFICATION_GROUPS: limit('trial', 'notification groups', 20),
  VANTAGE_PLAN_BASIC_UPTIME_CHECKS: limit('basic', 'uptime checks', 50),
  VANTAGE_PLAN_BASIC_DOMAINS: limit('basic', 'domains', 25),
  VANTAGE_PLAN_BASIC_STATUS_PAGES: limit('basic', 'status pages', 1),
  VANTAGE_PLAN_BASIC_NOTIFICATION_GROUPS: limit('basic', 'notification groups', 10),
  VANTAGE_PLAN_PRO_UPTIME_CHECKS: limit('pro', 'uptime checks', 1000),
  VANTAGE_PLAN_PRO_DOMAINS: limit('pro', 'domains', 500),
  VANTAGE_PLAN_PRO_STATUS_PAGES: limit('pro', 'status pages', 50),
  VANTAGE_PLAN_PRO_NOTIFICATION_GROUPS: limit('pro', 'notification groups', 100),
});
