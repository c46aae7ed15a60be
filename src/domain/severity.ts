import type { Severity } from '../store/entities/incident.js';

/** `critical` when every compatible location failed, `major` when only a quorum did. */
export const severityOf = (failing: number, compatibleLocations: number): Severity =>
  failing >= compatibleLocations ? 'critical' : 'major';
