import { ProbeAgent, resultBatchItems, supportedProbeTypes } from '../../agents/probe-agent.js';
import { closePingSockets } from '../../agents/probes/ping.js';
import type { Bus } from '../bus/bus.js';
import { locationsOf } from '../config/load-settings.js';
import type { Settings } from '../config/schema.js';
import type { ProbeSupport } from '../domain/check-options.js';
import type { Logger } from '../log.js';
import { readExtraCa } from '../ops/extra-ca.js';
import type { ProbeOptions } from '../../agents/probes/probe.js';

export interface InProcessAgents {
  /** What the agents of this process can run, for the options endpoint. */
  probeSupport: ProbeSupport;
  stop(): Promise<void>;
}

/** What the settings say about probing: private targets, name resolution and extra trusted CAs (logged with `logger`). */
export const probeOptionsFrom = (settings: Settings, logger: Logger): ProbeOptions => ({
  allowPrivateTargets: settings.VANTAGE_ALLOW_PRIVATE_TARGETS === '1',
  hostsFile: settings.VANTAGE_HOSTS_FILE,
  ...(settings.VANTAGE_DNS_RESOLVER ? { resolver: settings.VANTAGE_DNS_RESOLVER } : {}),
  ...(settings.VANTAGE_EXTRA_CA_FILE ? { extraCa: [readExtraCa(settings.VANTAGE_EXTRA_CA_FILE, logger)] } : {}),
});

/** One probe agent per configured location, inside this process, on the given bus (the `serve` shape). */
export function startInProcessAgents(settings: Settings, bus: Bus, logger: Logger): InProcessAgents {
  const probeOptions = probeOptionsFrom(settings, logger.child({ component: 'probe-agent' }));
  const agents = locationsOf(settings).map(
    (location) =>
      new ProbeAgent({
        bus,
        location,
        agentId: `serve-${location}`,
        concurrency: settings.VANTAGE_AGENT_CONCURRENCY,
        maxWaiting: settings.VANTAGE_AGENT_MAX_WAITING,
        resultBatch: { maxItems: resultBatchItems, windowMs: settings.VANTAGE_RESULT_BATCH_WINDOW_MS },
        probeOptions,
        logger: logger.child({ component: 'probe-agent' }),
      }),
  );
  for (const agent of agents) agent.start();
  const supported = new Set<string>(supportedProbeTypes());
  return {
    probeSupport: (_location, checkType) => supported.has(checkType),
    stop: async () => {
      await Promise.all(agents.map((agent) => agent.stop(5_000)));
      closePingSockets();
    },
  };
}
