import type { UserPermissions } from '../store/entities/user.js';

export const PERMISSION_KEYS = [
  'manage_uptime_checks',
  'manage_domains',
  'manage_notification_groups',
  'manage_maintenance_windows',
  'manage_incidents',
  'manage_status_pages',
  'view_billing',
] as const satisfies ReadonlyArray<keyof UserPermissions>;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export const allPermissions = (): UserPermissions =>
  Object.fromEntries(PERMISSION_KEYS.map((key) => [key, true])) as unknown as UserPermissions;

/** Members start able to work on monitoring but not to see billing. */
export const memberPermissions = (): UserPermissions => ({ ...allPermissions(), view_billing: false });

export class UnknownPermissionError extends Error {}

/** Parses `a,b,c` into flags: the named ones on, the rest off. Throws on an unknown name. */
export function permissionsFromList(list: string): UserPermissions {
  const names = list.split(',').map((n) => n.trim()).filter(Boolean);
  for (const name of names) {
    if (!(PERMISSION_KEYS as readonly string[]).includes(name)) {
      throw new UnknownPermissionError(`unknown permission "${name}"; known: ${PERMISSION_KEYS.join(', ')}`);
    }
  }
  return Object.fromEntries(PERMISSION_KEYS.map((key) => [key, names.includes(key)])) as unknown as UserPermissions;
}
