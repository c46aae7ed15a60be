import { Value } from '@sinclair/typebox/value';
import type { Bus, BusSubscription } from '../bus/bus.js';
import { ChangeNotice, ProbeResultBatch, ProbeResultMessage } from '../bus/messages.js';
import { locationsOf } from '../config/load-settings.js';
import type { Settings } from '../config/schema.js';
import type { Logger } from '../log.js';
import type { Store } from '../store/orm.js';
import { systemClock, type Clock, type TimerHandle } from './clock.js';
import type { DomainChecker } from '../api/domains/domain-checker.js';
import { DomainNotFound, type DomainCheckedMessage, type DomainCheckOutcome } from './domain-check-outcome.js';
import { DomainCheckRequests } from './domain-check-requests.js';
import { domainCyclePrefix } from './domain-probe.js';
import { DomainResultWriter } from './domain-result-writer.js';
import { DOMAIN_CHECK_INTERVAL_MS } from './domain-schedule.js';
import { DomainScheduleStore } from './domain-schedule-store.js';
import { domainChangeFilter, domainCheckedSubject, domainResultFilter } from './domain-subjects.js';

export type { DomainCheckOutcome };
export { DomainNotFound };

export interface DomainMonitorOptions {
  settings: Settings;
  logger: Logger;
  store: Store;
  bus: Bus;
  clock?: Clock;
  /** How often each active domain is checked; 6 h unless a test shortens it. */
  intervalMs?: number;
  /** Wall-clock wait for a probe's answer before the check counts as unanswered. */
  answerTimeoutMs?: number;
}

export interface DomainMonitor extends DomainChecker {
  /** Reads the domain's certificate now; rejects with DomainNotFound for an unknown domain. */
  checkNow(domainId: number): Promise<DomainCheckOutcome>;
  stop(): Promise<void>;
}

/** Domains claimed per sweep: a first start with many unchecked domains probes them in waves, not all at once. */
const sweepBatch = 50;
/** A full batch leaves more due domains: the next wave follows after this pause. */
const waveGapMs = 1_000;
/** Re-reads the schedule at least this often, which heals change notices that never arrived. */
const resyncMs = 60_000;
/** A `check_now` notice older than this was left in the stream by a stopped engine: too late to act on. */
const checkNowFreshMs = 5 * 60_000;

/**
 * The domain certificate monitor (DESIGN.md data flow step 6). Due checks are claimed from the
 * database (see DomainScheduleStore), probed at the first configured location, and their results,
 * consumed from a durable subject, recorded by the DomainResultWriter. A change notice for a domain
 * wakes the schedule (a new or re-activated domain is due at once); `check_now` checks at once.
 */
class DomainCertificateMonitor implements DomainMonitor {
  private readonly clock: Clock;
  private readonly rows: DomainScheduleStore;
  private readonly writer: DomainResultWriter;
  private readonly requests: DomainCheckRequests;
  private readonly logger: Logger;
  private readonly subscriptions: BusSubscription[] = [];
  private timer: TimerHandle | null = null;
  private sweeping: Promise<void> | null = null;
  private sweepAgain = false;
  private stopped = false;
  private readonly cyclePrefix: string;

  constructor(private readonly options: DomainMonitorOptions) {
    this.cyclePrefix = domainCyclePrefix(options.settings.VANTAGE_CLUSTER_NAME);
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger.child({ component: 'domain-monitor' });
    this.rows = new DomainScheduleStore(options.store, options.intervalMs ?? DOMAIN_CHECK_INTERVAL_MS);
    this.writer = new DomainResultWriter(options.store, { amqp: Boolean(options.settings.AMQP_URL) });
    const location = locationsOf(options.settings)[0]!;
    this.requests = new DomainCheckRequests({ bus: options.bus, rows: this.rows, clusterName: options.settings.VANTAGE_CLUSTER_NAME, location, logger: this.logger, answerTimeoutMs: options.answerTimeoutMs });
  }

  start(): void {
    const { bus, settings } = this.options;
    const cluster = settings.VANTAGE_CLUSTER_NAME;
    this.requests.start();
    // Shared durable consumers: with several engine replicas each result and notice is handled once.
    this.subscriptions.push(
      bus.consumeDurable({ durable: `${cluster}-domain-monitor`, filter: domainResultFilter }, (_subject, data) => this.onResult(data)),
      bus.consumeDurable({ durable: `${cluster}-domain-changes`, filter: domainChangeFilter }, (_subject, data) => this.onChange(data)),
    );
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await Promise.all(this.subscriptions.splice(0).map((subscription) => subscription.stop()));
    await this.sweeping;
    await this.requests.stop();
  }

  async checkNow(domainId: number): Promise<DomainCheckOutcome> {
    if (this.stopped) throw new Error('the domain monitor is stopped');
    const target = await this.rows.target(domainId);
    if (!target) throw new DomainNotFound(`domain ${domainId} does not exist`);
    const outcome = await this.requests.request(target, new Date(this.clock.now()));
    if (!outcome) throw new DomainNotFound(`domain ${domainId} was deleted during its check`);
    return outcome;
  }

  /** Agents publish results in batches (a domain's result subject is its own, so a batch holds its results only); older agents one by one. */
  private async onResult(data: unknown): Promise<void> {
    const results = Value.Check(ProbeResultBatch, data) ? data.results : Value.Check(ProbeResultMessage, data) ? [data] : null;
    if (!results) {
      this.logger.warn({ data }, 'dropping a domain probe result that does not match the message schema');
      return;
    }
    for (const message of results) await this.onDomainResult(message);
  }

  private async onDomainResult(data: ProbeResultMessage): Promise<void> {
    if (data.subjectKind !== 'domain' || !data.cycleId.startsWith(this.cyclePrefix)) return;
    // A failure here throws: the durable consumer delivers the result again.
    const outcome = await this.writer.record(data);
    this.requests.settle(data.requestId, outcome);
    const checked: DomainCheckedMessage = { requestId: data.requestId, outcome };
    try {
      await this.options.bus.publish(domainCheckedSubject(data.subjectId), checked);
    } catch (error) {
      this.logger.warn({ err: error, domainId: data.subjectId }, 'could not broadcast a recorded domain check');
    }
  }

  private async onChange(data: unknown): Promise<void> {
    if (!Value.Check(ChangeNotice, data) || data.kind !== 'domain') {
      this.logger.warn({ data }, 'ignoring a domain change notice that does not match the message schema');
      return;
    }
    if (this.stopped) return;
    if (data.action === 'check_now') {
      if (Date.now() - Date.parse(data.at) > checkNowFreshMs) return;
      void this.checkNow(data.id).catch((error: unknown) => {
        if (!(error instanceof DomainNotFound)) this.logger.error({ err: error, domainId: data.id }, 'check-now of a domain failed');
      });
      return;
    }
    this.wake();
  }

  /** Runs a sweep now; one sweep at a time, and a wake during a sweep runs another right after it. */
  private wake(): void {
    if (this.stopped) return;
    if (this.sweeping) {
      this.sweepAgain = true;
      return;
    }
    this.sweeping = this.sweepWhileAsked().finally(() => (this.sweeping = null));
  }

  private async sweepWhileAsked(): Promise<void> {
    do {
      this.sweepAgain = false;
      try {
        await this.sweep();
      } catch (error) {
        this.logger.error({ err: error }, 'domain schedule sweep failed; retrying later');
        this.arm(this.clock.now() + waveGapMs * 5);
      }
    } while (this.sweepAgain && !this.stopped);
  }

  private async sweep(): Promise<void> {
    const now = this.clock.now();
    const claimed = await this.rows.claimDue(now, sweepBatch);
    for (const domain of claimed) {
      if (this.stopped) return;
      // Scheduled checks wait for nobody; their outcome is on the domain's row.
      void this.requests.request(domain, new Date(now)).catch((error: unknown) => this.logger.error({ err: error, domainId: domain.id }, 'scheduled domain check failed'));
    }
    if (claimed.length === sweepBatch) {
      this.arm(now + waveGapMs);
      return;
    }
    const next = await this.rows.nextDueAt();
    this.arm(Math.min(next === undefined ? Number.POSITIVE_INFINITY : (next ?? now), now + resyncMs));
  }

  private arm(at: number): void {
    if (this.stopped) return;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.wake();
    }, Math.max(0, at - this.clock.now()));
  }
}

/** Starts the domain certificate monitor; `serve` and the `engine` role both come through here. */
export async function startDomainMonitor(options: DomainMonitorOptions): Promise<DomainMonitor> {
  const monitor = new DomainCertificateMonitor(options);
  monitor.start();
  return monitor;
}
