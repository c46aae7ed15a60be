import type { Bus } from '../bus/bus.js';
import type { Settings } from '../config/schema.js';
import type { Logger } from '../log.js';
import type { Store } from '../store/orm.js';

/** What the HTTP API needs from the process that hosts it. */
export interface ApiDependencies {
  settings: Settings;
  logger: Logger;
  store: Store;
  bus: Bus;
  /** The clock; tests pass their own. */
  now: () => Date;
}
