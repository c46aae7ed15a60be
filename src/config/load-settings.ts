import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isEmailAddress } from '../domain/email-address.js';
import { configurePlanLimits } from '../domain/plans.js';
import { SettingsSchema, type Settings } from './schema.js';

FormatRegistry.Set('email', isEmailAddress);

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/**
 * Reads the settings from the environment, applies defaults and checks them. A bad value
 * throws a ConfigError whose message is one line naming the variable and what is allowed.
 */
export function loadSettings(env: Env = process.env): Settings {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(SettingsSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const properties = SettingsSchema.properties as Record<string, { type?: string; description?: string }>;
  const refuse = (name: string, fallback: string): never => {
    throw new ConfigError(`${name}=${JSON.stringify(env[name] ?? '')} is not allowed: ${properties[name]?.description ?? fallback}`);
  };
  // Value.Convert would truncate "2.5" to 2 for an integer: whole numbers are checked as text first.
  for (const [name, value] of Object.entries(raw)) {
    if (properties[name]?.type === 'integer' && !/^-?[0-9]+$/.test(String(value))) refuse(name, 'an integer');
  }
  const converted = Value.Convert(SettingsSchema, Value.Default(SettingsSchema, raw));
  const error = Value.Errors(SettingsSchema, converted).First();
  if (error) refuse(error.path.replace(/^\//, ''), error.message);
  const settings = converted as Settings;
  // Plan limits are the installation's: every role that loads its settings asks plans.ts with them in force.
  configurePlanLimits({
    trial: { uptimeChecks: settings.VANTAGE_PLAN_TRIAL_UPTIME_CHECKS, domains: settings.VANTAGE_PLAN_TRIAL_DOMAINS, notificationGroups: settings.VANTAGE_PLAN_TRIAL_NOTIFICATION_GROUPS, statusPages: settings.VANTAGE_PLAN_TRIAL_STATUS_PAGES },
    basic: { uptimeChecks: settings.VANTAGE_PLAN_BASIC_UPTIME_CHECKS, domains: settings.VANTAGE_PLAN_BASIC_DOMAINS, notificationGroups: settings.VANTAGE_PLAN_BASIC_NOTIFICATION_GROUPS, statusPages: settings.VANTAGE_PLAN_BASIC_STATUS_PAGES },
    pro: { uptimeChecks: settings.VANTAGE_PLAN_PRO_UPTIME_CHECKS, domains: settings.VANTAGE_PLAN_PRO_DOMAINS, notificationGroups: settings.VANTAGE_PLAN_PRO_NOTIFICATION_GROUPS, statusPages: settings.VANTAGE_PLAN_PRO_STATUS_PAGES },
  });
  return settings;
}

export const locationsOf = (settings: Settings): string[] => settings.VANTAGE_LOCATIONS.split(',');
