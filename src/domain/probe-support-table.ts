import type { ProbeType } from '../bus/messages.js';
import type { CheckType } from '../store/entities/uptime-check.js';
import type { ProbeSupport } from './check-options.js';

interface Announcement {
  probeTypes: ReadonlySet<string>;
  at: number;
}

/**
 * What the live agents of each location say they can run. An agent counts while its last
 * announcement is younger than `liveForMs`. A location with no live agent is not known to lack
 * anything, so it is offered every type: refusing checks while agents restart would be worse.
 */
export class ProbeSupportTable {
  private readonly byLocation = new Map<string, Map<string, Announcement>>();

  constructor(private readonly liveForMs: number) {}

  record(location: string, agentId: string, probeTypes: readonly ProbeType[], at: number): void {
    let agents = this.byLocation.get(location);
    if (!agents) this.byLocation.set(location, (agents = new Map()));
    agents.set(agentId, { probeTypes: new Set(probeTypes), at });
  }

  supports(location: string, checkType: CheckType, now: number): boolean {
    const agents = this.byLocation.get(location);
    let anyLive = false;
    for (const [agentId, announcement] of agents ?? []) {
      if (now - announcement.at > this.liveForMs) {
        agents!.delete(agentId);
        continue;
      }
      anyLive = true;
      if (announcement.probeTypes.has(checkType)) return true;
    }
    return !anyLive;
  }

  asProbeSupport(now: () => number): ProbeSupport {
    return (location, checkType) => this.supports(location, checkType, now());
  }
}
