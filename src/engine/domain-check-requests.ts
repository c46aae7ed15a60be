import { randomBytes } from 'node:crypto';
import { Value } from '@sinclair/typebox/value';
import type { Bus, BusSubscription } from '../bus/bus.js';
import type { ProbeRequestBatch } from '../bus/messages.js';
import { probeSubject } from '../bus/subjects.js';
import type { Logger } from '../log.js';
import { DomainCheckedMessage, type DomainCheckOutcome } from './domain-check-outcome.js';
import { DOMAIN_ANSWER_TIMEOUT_MS, domainProbeRequest, type DomainTarget } from './domain-probe.js';
import type { DomainScheduleStore } from './domain-schedule-store.js';
import { domainCheckedFilter } from './domain-subjects.js';

interface Pending {
  domainId: number;
  issuedAt: Date;
  timer: NodeJS.Timeout;
  resolve: (outcome: DomainCheckOutcome | null) => void;
}

export interface DomainCheckRequestsConfig {
  bus: Bus;
  rows: DomainScheduleStore;
  clusterName: string;
  /** Where TLS probes run: one location is enough to read a certificate. */
  location: string;
  logger: Logger;
  answerTimeoutMs?: number;
}

const noAnswerOutcome = (domainId: number, error: string): DomainCheckOutcome => ({
  domainId,
  status: 'no_answer',
  checkedAt: null,
  error,
  certificate: null,
  certificateChanged: false,
  expiryNoticesSent: [],
});

/**
 * Probe requests in flight and who waits for them. A request settles with the outcome its
 * result was recorded with, here or, through the `domain-checked` broadcast, on another
 * replica; without an answer in time it settles as `no_answer` and leaves that error on the
 * domain. The timeout is wall-clock time: it bounds network and agents, not the schedule.
 */
export class DomainCheckRequests {
  private readonly pending = new Map<string, Pending>();
  private subscription: BusSubscription | null = null;
  private readonly answerTimeoutMs: number;

  constructor(private readonly config: DomainCheckRequestsConfig) {
    this.answerTimeoutMs = config.answerTimeoutMs ?? DOMAIN_ANSWER_TIMEOUT_MS;
  }

  start(): void {
    this.subscription = this.config.bus.subscribe(domainCheckedFilter, (_subject, data) => this.onChecked(data));
  }

  /** Settles whatever still waits as `no_answer` without recording anything: the process is going away, not the agents. */
  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    for (const [requestId, pending] of this.pending) {
      clearTimeout(pending.timer);
      this.pending.delete(requestId);
      pending.resolve(noAnswerOutcome(pending.domainId, 'the domain monitor stopped before the check finished'));
    }
  }

  /** Publishes a TLS probe of the domain; resolves once its outcome is known, with null when the domain was deleted meanwhile. */
  async request(domain: DomainTarget, issuedAt: Date): Promise<DomainCheckOutcome | null> {
    const requestId = randomBytes(12).toString('hex');
    const built = domainProbeRequest(domain, this.config.clusterName, this.config.location, requestId);
    if ('unprobeable' in built) {
      await this.config.rows.recordError(domain.id, built.unprobeable, issuedAt);
      return { ...noAnswerOutcome(domain.id, built.unprobeable), status: 'failed' };
    }
    const outcome = new Promise<DomainCheckOutcome | null>((resolve) => {
      const timer = setTimeout(() => void this.noAnswer(requestId), this.answerTimeoutMs);
      timer.unref();
      this.pending.set(requestId, { domainId: domain.id, issuedAt, timer, resolve });
    });
    try {
      const batch: ProbeRequestBatch = { requests: [built.request] };
      await this.config.bus.publish(probeSubject(this.config.location), batch);
    } catch (error) {
      this.settle(requestId, noAnswerOutcome(domain.id, `could not send the probe request: ${(error as Error).message}`));
    }
    return outcome;
  }

  /** The result of `requestId` was recorded with this outcome (null: its domain is gone). */
  settle(requestId: string, outcome: DomainCheckOutcome | null): void {
    const pending = this.pending.get(requestId);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(requestId);
    pending.resolve(outcome);
  }

  private onChecked(data: unknown): void {
    if (!Value.Check(DomainCheckedMessage, data)) {
      this.config.logger.warn({ data }, 'ignoring a domain-checked message that does not match its schema');
      return;
    }
    this.settle(data.requestId, data.outcome);
  }

  private async noAnswer(requestId: string): Promise<void> {
    const pending = this.pending.get(requestId);
    if (!pending) return;
    this.pending.delete(requestId);
    const seconds = Math.round(this.answerTimeoutMs / 1000);
    const error = `no probe agent at ${this.config.location} answered within ${seconds} s`;
    this.config.logger.warn({ domainId: pending.domainId, requestId }, error);
    try {
      await this.config.rows.recordError(pending.domainId, error, pending.issuedAt);
    } catch (failure) {
      this.config.logger.error({ err: failure, domainId: pending.domainId }, 'could not record a domain check without an answer');
    }
    pending.resolve(noAnswerOutcome(pending.domainId, error));
  }
}
