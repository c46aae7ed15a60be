import type { CheckState } from '../store/entities/uptime-check.js';

export const STATUS_LABELS = ['up', 'down', 'unknown', 'paused', 'pending'] as const;
export type StatusLabel = (typeof STATUS_LABELS)[number];

/** A paused check shows `paused` whatever its last run said. */
export const statusLabel = (check: { paused: boolean; state: CheckState }): StatusLabel => (check.paused ? 'paused' : check.state);
