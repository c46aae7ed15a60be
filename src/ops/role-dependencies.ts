import type { Bus } from '../bus/bus.js';
import type { Settings } from '../config/schema.js';
import type { Logger } from '../log.js';
import { databaseAnswers, type Store } from '../store/orm.js';
import { DependencyWatch, type DependencyProbe } from './dependency-watch.js';

/** Watches what a role depends on: the database when it has a store, NATS when NATS_URL is set. Started. */
export function watchRoleDependencies(settings: Settings, logger: Logger, dependencies: { store?: Store; bus: Bus }): DependencyWatch {
  const probes: Record<string, DependencyProbe> = {};
  const { store, bus } = dependencies;
  if (store) probes.database = () => databaseAnswers(store);
  if (settings.NATS_URL) probes.nats = () => bus.ping();
  const watch = new DependencyWatch({ logger: logger.child({ component: 'dependencies' }), probes });
  watch.start();
  return watch;
}
