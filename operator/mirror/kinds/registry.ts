import { domainKind } from './domain/kind.js';
import { maintenanceWindowKind } from './maintenance-window/kind.js';
import type { MirroredKind, MirroredRow } from './mirrored-kind.js';
import { statusPageKind } from './status-page/kind.js';
import { uptimeCheckKind } from './uptime-check/kind.js';

/**
 * Every mirrored kind: each gets its CRD, its informer and its reconciler from this list, in any
 * order (a kind that names another says so in its `references`). A new kind is one folder beside
 * these (its resource.ts and kind.ts) and one entry here.
 */
export const MIRRORED_KINDS: readonly MirroredKind<MirroredRow>[] = [uptimeCheckKind, domainKind, maintenanceWindowKind, statusPageKind];
