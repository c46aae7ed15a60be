import type { Bus } from '../bus/bus.js';
import type { Settings } from '../config/schema.js';
import type { ProbeSupport } from '../domain/check-options.js';
import type { Logger } from '../log.js';
import type { StatusPageRoutes } from '../status-pages/public-routes.js';
import type { Store } from '../store/orm.js';
import type { SignInPolicies } from './auth/sign-in.js';
import type { DomainChecker } from './domains/domain-checker.js';
import type { OnDemandProbe } from './on-demand-probe.js';

/** What the HTTP API needs from the process that hosts it. */
export interface ApiDependencies {
  settings: Settings;
  logger: Logger;
  store: Store;
  bus: Bus;
  /** The clock; tests pass their own. */
  now: () => Date;
  /** Runs a check's cycle now (the engine); absent: test-now answers 503 SERVICE_UNAVAILABLE. */
  onDemandProbe?: OnDemandProbe;
  /** Reads a domain's certificate now (the engine's domain monitor); absent: check-now answers 503 SERVICE_UNAVAILABLE. */
  domainChecker?: DomainChecker;
  /** Which check types each location's agents can run; absent: every location runs every type. */
  probeSupport?: ProbeSupport;
  /** The public status pages; absent: built over the store, with no change feed (answers age out). */
  statusPages?: StatusPageRoutes;
  /** Sign-in throttling and verification cache; absent: DEFAULT_SIGN_IN_POLICIES. */
  signInPolicies?: SignInPolicies;
}
