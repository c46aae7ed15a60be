import { domainKind } from './domain/kind.js';
import { maintenanceWindowKind } from './maintenance-window/kind.js';
import type { MirroredKind, MirroredRow } from './mirrored-kind.js';
import { statusPageKind } from './status-page/kind.js';
import { uptimeCheckKind } from './uptime-check/kind.js';

/**
 * Every mirrored kind, in reconcile order: a kind comes after the kinds its resources refer to
 * (a maintenance window names an uptime check, a status page checks and domains). A new kind is one folder beside these (its kind.ts) and one
 * entry here.
 */
export const MIRRORED_KINDS: readonly MirroredKind<MirroredRow>[] = [uptimeCheckKind, domainKind, maintenanceWindowKind, statusPageKind];
