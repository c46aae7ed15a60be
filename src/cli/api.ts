import { watchAgentCapabilities } from '../api/agent-capabilities.js';
import { listen } from '../api/http-server.js';
import { startingResponder } from '../api/starting-responder.js';
import { createBus } from '../bus/create-bus.js';
import { ALL_INTERFACES } from '../config/core-settings.js';
import { agentCapabilitiesEveryMs } from '../bus/messages.js';
import { ProbeSupportTable } from '../domain/probe-support-table.js';
import { BusDomainChecker } from '../engine/bus-domain-checker.js';
import { BusOnDemandProbe } from '../engine/bus-on-demand.js';
import { watchRoleDependencies } from '../ops/role-dependencies.js';
import { closeStore } from '../store/orm.js';
import { waitForMigratedStore } from './open-migrated-store.js';
import { untilSignal, type RoleContext } from './role.js';
import { shutDown } from './shut-down.js';
import { startApi } from './start-api.js';

/**
 * The stateless REST API; run as many replicas as needed. It runs no checks itself: on NATS,
 * test-now and check-now ask the engine replicas; without NATS there is no engine to ask and
 * both answer 503. The options endpoint offers each check type where the live agents announced it.
 */
export default async function apiRole(_args: string[], { settings, logger }: RoleContext): Promise<number> {
  // The port answers from the start: alive, not ready, 503 elsewhere, while the database or NATS is waited for.
  let waitingFor = 'the database';
  const waiting = await listen(startingResponder(() => waitingFor), settings.PORT, settings.HOST ?? ALL_INTERFACES);
  const store = await waitForMigratedStore(settings, logger, settings.VANTAGE_API_DATABASE_CONNECTIONS);
  waitingFor = 'NATS';
  const bus = await createBus(settings, logger.child({ component: 'bus' }), 'vantage-api');
  const engineAccess = settings.NATS_URL
    ? { onDemandProbe: new BusOnDemandProbe(bus, settings.VANTAGE_PARTITIONS), domainChecker: new BusDomainChecker(bus) }
    : {};
  const probeSupport = new ProbeSupportTable(3 * agentCapabilitiesEveryMs);
  const capabilities = watchAgentCapabilities(bus, probeSupport, logger.child({ component: 'agent-capabilities' }));
  const dependencies = watchRoleDependencies(settings, logger, { store, bus });
  const stopping = untilSignal();
  const stopApi = await startApi({ settings, logger, store, bus, ...engineAccess, probeSupport: probeSupport.asProbeSupport(Date.now) }, waiting);
  const signal = await stopping;
  logger.info({ signal }, 'stopping');
  return shutDown(logger, [
    // The server stops accepting and lets requests in flight finish.
    ['api', () => stopApi()],
    ['dependency watch', () => dependencies.stop()],
    ['agent capabilities', () => capabilities.stop()],
    ['bus', () => bus.close()],
    ['database', () => closeStore(store)],
  ]);
}
