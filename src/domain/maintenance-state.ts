export const MAINTENANCE_STATES = ['scheduled', 'active', 'completed', 'disabled'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];

export interface MaintenanceTiming {
  enabled: boolean;
  startsAt: Date;
  endsAt: Date;
}

/** A window's state at `now`: `disabled` whenever it is switched off, otherwise by where `now` falls in [startsAt, endsAt). */
export function maintenanceState(window: MaintenanceTiming, now: Date): MaintenanceState {
  if (!window.enabled) return 'disabled';
  if (now.getTime() < window.startsAt.getTime()) return 'scheduled';
  if (now.getTime() < window.endsAt.getTime()) return 'active';
  return 'completed';
}
