import type { AgentTemplate } from './agent-template.js';

/** What sizing needs of a check: where it probes from and how often (minutes, as the API has it). */
export interface CheckLoad {
  triggerLocations: readonly string[];
  checkFrequency: number;
}

/** Replicas per location in use: the probe rate there over what one replica runs, within the template's floor and ceiling. */
export function agentReplicasByLocation(checks: readonly CheckLoad[], template: Pick<AgentTemplate, 'probesPerSecondPerReplica' | 'minReplicas' | 'maxReplicas'>): Map<string, number> {
  const rate = new Map<string, number>();
  for (const check of checks) {
    for (const location of new Set(check.triggerLocations)) rate.set(location, (rate.get(location) ?? 0) + 1 / (check.checkFrequency * 60));
  }
  const replicas = new Map<string, number>();
  for (const [location, probesPerSecond] of [...rate].sort(([a], [b]) => a.localeCompare(b))) {
    const needed = Math.ceil(probesPerSecond / template.probesPerSecondPerReplica - 1e-9);
    replicas.set(location, Math.min(template.maxReplicas, Math.max(template.minReplicas, needed)));
  }
  return replicas;
}
