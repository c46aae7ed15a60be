import { setMaxListeners } from 'node:events';
import { Value } from '@sinclair/typebox/value';
import type { Bus, BusSubscription } from '../src/bus/bus.js';
import { agentCapabilitiesEveryMs, ProbeRequest, type AgentCapabilities, type ProbeResult, type ProbeResultMessage } from '../src/bus/messages.js';
import { agentCapabilitiesSubject, agentQueue, probeSubject } from '../src/bus/subjects.js';
import { jitteredBackoffMs } from '../src/domain/backoff.js';
import type { Logger } from '../src/log.js';
import { probePhaseSeconds, probesTotal } from '../src/metrics/vantage-metrics.js';
import type { ProbeOptions } from './probes/probe.js';
import { probe, supportedProbeTypes } from './probes/registry.js';
import { Semaphore } from './semaphore.js';

export { supportedProbeTypes } from './probes/registry.js';

export interface ProbeAgentConfig {
  bus: Bus;
  location: string;
  agentId: string;
  /** Probes in flight at most. */
  concurrency: number;
  /** Requests waiting for a free slot at most; beyond it they are dropped. Default: 4 × concurrency. */
  maxWaiting?: number;
  probeOptions: ProbeOptions;
  logger: Logger;
}

/** How long `stop()` lets running probes finish before abandoning them. */
const defaultDrainMs = 30_000;

/**
 * Stateless prober of one location: takes probe requests from the location's queue group, runs
 * them with bounded concurrency, and answers each on its durable result subject.
 */
export class ProbeAgent {
  private subscription: BusSubscription | null = null;
  private readonly semaphore: Semaphore;
  private readonly inFlight = new Set<Promise<void>>();
  /** Aborted only when draining takes too long; its results are then not sent (a `cancelled` would read as down). */
  private readonly abandon = new AbortController();
  private readonly logger: Logger;
  private announcer: NodeJS.Timeout | null = null;

  constructor(private readonly config: ProbeAgentConfig) {
    this.semaphore = new Semaphore(config.concurrency, config.maxWaiting ?? config.concurrency * 4);
    this.logger = config.logger.child({ location: config.location, agentId: config.agentId });
    // Every probe in flight listens on this one signal.
    setMaxListeners(0, this.abandon.signal);
  }

  start(): void {
    if (this.subscription) return;
    const { bus, location } = this.config;
    this.subscription = bus.subscribe(probeSubject(location), (_subject, data) => this.accept(data), { queue: agentQueue(location) });
    void this.announce();
    this.announcer = setInterval(() => void this.announce(), agentCapabilitiesEveryMs);
    this.announcer.unref();
    this.logger.info({ concurrency: this.config.concurrency }, 'probe agent started');
  }

  /** Stops taking requests, lets running and waiting probes finish (up to `drainMs`), then abandons the rest. */
  async stop(drainMs = defaultDrainMs): Promise<void> {
    if (this.announcer) clearInterval(this.announcer);
    this.announcer = null;
    await this.subscription?.stop();
    this.subscription = null;
    const pending = Promise.all(this.inFlight);
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([pending.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), drainMs)))]);
    clearTimeout(timer);
    if (!drained) {
      this.logger.warn({ abandoned: this.inFlight.size }, 'probes still running at shutdown were abandoned');
      this.abandon.abort();
      await pending;
    }
    this.logger.info('probe agent stopped');
  }

  private async announce(): Promise<void> {
    const { bus, location, agentId } = this.config;
    const capabilities: AgentCapabilities = { location, agentId, probeTypes: supportedProbeTypes(), at: new Date().toISOString() };
    try {
      await bus.publish(agentCapabilitiesSubject(location), capabilities);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce the probe types of this agent');
    }
  }

  private accept(data: unknown): void {
    if (!Value.Check(ProbeRequest, data)) {
      const error = Value.Errors(ProbeRequest, data).First();
      this.logger.warn({ path: error?.path, problem: error?.message }, 'dropped a malformed probe request');
      return;
    }
    const task = this.run(data).finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  private async run(request: ProbeRequest): Promise<void> {
    if (this.expired(request)) return this.count(request, 'dropped');
    const release = await this.semaphore.acquire();
    if (!release) {
      this.logger.warn({ requestId: request.requestId }, 'dropped a probe request: agent saturated');
      return this.count(request, 'dropped');
    }
    try {
      // It may have waited for a slot past its deadline.
      if (this.expired(request) || this.abandon.signal.aborted) return this.count(request, 'dropped');
      const startedAt = new Date().toISOString();
      const result = await probe(request.spec, this.abandon.signal, this.config.probeOptions);
      if (this.abandon.signal.aborted) return this.count(request, 'dropped');
      this.count(request, result.state);
      this.time(request, result);
      const message: ProbeResultMessage = {
        requestId: request.requestId,
        subjectId: request.subjectId,
        subjectKind: request.subjectKind,
        cycleId: request.cycleId,
        location: this.config.location,
        agentId: this.config.agentId,
        startedAt,
        finishedAt: new Date().toISOString(),
        result,
      };
      await this.publishResult(request, message);
    } catch (error) {
      this.logger.error({ err: error, requestId: request.requestId }, 'could not publish a probe result');
    } finally {
      release();
    }
  }

  /**
   * A result that cannot be published (NATS away) is tried again with backoff until its cycle's
   * deadline: delivered if NATS returns in time, otherwise the location is missing and the cycle
   * UNKNOWN, never a false failure.
   */
  private async publishResult(request: ProbeRequest, message: ProbeResultMessage): Promise<void> {
    const deadline = Date.parse(request.deadlineAt);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.config.bus.publishDurable(request.resultSubject, message);
        return;
      } catch (error) {
        const delayMs = jitteredBackoffMs(attempt, 250, 2_000);
        if (Date.now() + delayMs >= deadline || this.abandon.signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  private count(request: ProbeRequest, outcome: ProbeResult['state'] | 'dropped'): void {
    probesTotal().inc({ location: this.config.location, type: request.spec.type, outcome });
  }

  private time(request: ProbeRequest, result: ProbeResult): void {
    const labels = { location: this.config.location, type: request.spec.type };
    const histogram = probePhaseSeconds();
    const { dnsMs, connectMs, tlsMs, firstByteMs } = result.phases;
    for (const [phase, ms] of [['dns', dnsMs], ['connect', connectMs], ['tls', tlsMs], ['first_byte', firstByteMs], ['total', result.latencyMs]] as const) {
      if (ms !== undefined) histogram.observe({ ...labels, phase }, ms / 1000);
    }
  }

  private expired(request: ProbeRequest): boolean {
    if (Date.parse(request.deadlineAt) > Date.now()) return false;
    this.logger.debug({ requestId: request.requestId, deadlineAt: request.deadlineAt }, 'dropped a probe request past its deadline');
    return true;
  }
}
