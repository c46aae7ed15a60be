import { createBus } from '../bus/create-bus.js';
import { watchRoleDependencies } from '../ops/role-dependencies.js';
import { ensureFirstClient } from '../store/first-client.js';
import { closeStore } from '../store/orm.js';
import { waitForMigratedStore } from './open-migrated-store.js';
import { untilSignal, type RoleContext } from './role.js';
import { logSignInNotice } from './sign-in-notice.js';
import { startInProcessAgents } from './start-agents.js';
import { shutDown } from './shut-down.js';
import { startApi } from './start-api.js';
import { startMonitoring } from './start-monitoring.js';

/**
 * Everything in one process: API, engine, notifier and one probe agent per location; embedded
 * database unless DATABASE_URL is set, in-process bus unless NATS_URL is.
 */
export default async function serveRole(_args: string[], context: RoleContext): Promise<number> {
  const { logger } = context;
  // Probing loopback and private targets is the point of a one-machine install: on unless refused.
  // Listening on loopback only: the first administrator's password is in the log until it is changed.
  const settings = {
    ...context.settings,
    VANTAGE_ALLOW_PRIVATE_TARGETS: context.settings.VANTAGE_ALLOW_PRIVATE_TARGETS ?? '1',
    HOST: context.settings.HOST ?? '127.0.0.1',
  } as const;
  const store = await waitForMigratedStore(settings, logger);
  const first = await ensureFirstClient(store.em.fork(), { email: settings.VANTAGE_ADMIN_EMAIL, password: settings.VANTAGE_ADMIN_PASSWORD });
  if (first) logSignInNotice(logger, first, settings.PORT);
  const bus = await createBus(settings, logger.child({ component: 'bus' }), 'vantage-serve');
  // vantage_dependency_up and the lost/regained lines, as in every other role.
  const dependencies = watchRoleDependencies(settings, logger, { store, bus });
  const agents = startInProcessAgents(settings, bus, logger);
  const monitoring = await startMonitoring({ settings, logger, store, bus });
  const stopping = untilSignal();
  const stopApi = await startApi({
    settings,
    logger,
    store,
    bus,
    onDemandProbe: monitoring.onDemandProbe,
    domainChecker: monitoring.domainChecker,
    probeSupport: agents.probeSupport,
  });
  const signal = await stopping;
  logger.info({ signal }, 'stopping');
  return shutDown(logger, [
    ['api', () => stopApi()],
    ['monitoring', () => monitoring.stop()],
    ['dependency watch', () => dependencies.stop()],
    ['agents', () => agents.stop()],
    ['bus', () => bus.close()],
    ['database', () => closeStore(store)],
  ]);
}
