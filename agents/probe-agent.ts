import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Batcher, type BatchLimits } from '../src/bus/batcher.js';
import type { Bus, BusSubscription } from '../src/bus/bus.js';
import {
  agentCapabilitiesEveryMs,
  ProbeRequest,
  ProbeRequestBatch,
  type AgentCapabilities,
  type ProbeResult,
  type ProbeResultBatch,
  type ProbeResultMessage,
} from '../src/bus/messages.js';
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
  /**
   * Requests waiting for a free slot at most; beyond it they are dropped (counted, and answered as
   * dropped so the cycle's UNKNOWN run says why). Waiting requests are bounded by their deadlines
   * too: a burst is worked off over the period's slack. Default: 50,000.
   */
  maxWaiting?: number;
  /** How results are gathered per result subject before they are published (default 250 or 200 ms). */
  resultBatch?: BatchLimits;
  probeOptions: ProbeOptions;
  logger: Logger;
}

/** How long `stop()` lets running probes finish before abandoning them. */
const defaultDrainMs = 30_000;
const defaultMaxWaiting = 50_000;
/** Results per durable message at most. */
export const resultBatchItems = 250;
/**
 * Results are gathered per partition: with 16 partitions an agent's results split 16 ways, and
 * each durable message costs a JetStream store, an acknowledgement and a delivery whatever it
 * holds, so the window is long enough for batches of dozens. A result whose cycle closes soon
 * does not wait for it (see `answer`).
 */
const defaultResultBatch: BatchLimits = { maxItems: resultBatchItems, windowMs: 2000 };
const requestBatchCheck = TypeCompiler.Compile(ProbeRequestBatch);
const requestCheck = TypeCompiler.Compile(ProbeRequest);

/** A result waiting for its batch, with the deadline after which publishing it is pointless. */
interface Outgoing {
  message: ProbeResultMessage;
  deadline: number;
}

type Outcome = ProbeResult['state'];

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
  private readonly results: Batcher<Outgoing>;
  private readonly resultBatch: BatchLimits;
  /** Result batches being published. */
  private readonly publishing = new Set<Promise<void>>();
  /** Tells this process's batches from those of an earlier run with the same agent id, for de-duplication. */
  private readonly runId = randomBytes(6).toString('hex');
  private batchSeq = 0;
  /** Outcomes counted since the last result batch left, by `type outcome`: the counter moves once per batch. */
  private readonly tally = new Map<string, number>();
  private readonly phaseTimers = new Map<string, { observe(seconds: number): void }>();
  /** Mean time a probe holds its slot, smoothed; with the waiting line's length it tells when a request joining it would run. */
  private meanProbeMs = 0;

  constructor(private readonly config: ProbeAgentConfig) {
    this.semaphore = new Semaphore(config.concurrency, config.maxWaiting ?? defaultMaxWaiting);
    this.resultBatch = config.resultBatch ?? defaultResultBatch;
    this.results = new Batcher<Outgoing>(this.resultBatch, (subject, items) => this.publishBatch(subject, items));
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
    this.results.flush();
    await Promise.all(this.publishing);
    this.countTally();
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

  /** One batch of requests (or, from an engine of an older release, a single one), validated at once. */
  private accept(data: unknown): void {
    let requests: ProbeRequest[];
    if (requestBatchCheck.Check(data)) requests = data.requests;
    else if (requestCheck.Check(data)) requests = [data];
    else {
      // Keeps the well-formed requests of a batch with a bad one: their cycles need not lose a location for it.
      const listed = (data as { requests?: unknown } | null)?.requests;
      requests = Array.isArray(listed) ? listed.filter((request): request is ProbeRequest => requestCheck.Check(request)) : [];
      const error = requestBatchCheck.Errors(data).First();
      this.logger.warn({ path: error?.path, problem: error?.message, kept: requests.length }, 'dropped a malformed probe request');
    }
    for (const request of requests) {
      const task = this.run(request).finally(() => this.inFlight.delete(task));
      this.inFlight.add(task);
    }
  }

  private async run(request: ProbeRequest): Promise<void> {
    if (this.expired(request)) return this.drop(request, 'its deadline passed before the agent received it');
    // A request that would wait past its deadline is refused at once: in a line served in order, it would
    // otherwise hold its place and make every request behind it late too.
    const waitMs = this.expectedWaitMs();
    if (Date.now() + waitMs + this.meanProbeMs >= Date.parse(request.deadlineAt) && waitMs > 0) {
      return this.drop(request, `agent ${this.config.agentId} saturated: ${this.semaphore.queued} probes waiting, about ${(waitMs / 1000).toFixed(1)} s, would not finish before its deadline`);
    }
    const release = await this.semaphore.acquire();
    if (!release) {
      this.logger.warn({ requestId: request.requestId, waiting: this.semaphore.queued }, 'dropped a probe request: agent saturated');
      return this.drop(request, `agent ${this.config.agentId} saturated (${this.semaphore.queued} probes waiting)`);
    }
    try {
      if (this.abandon.signal.aborted) return this.tallyOutcome(request, 'dropped');
      // It may have waited for a slot past its deadline.
      if (this.expired(request)) return this.drop(request, `its deadline passed while it waited for agent ${this.config.agentId} (saturated)`);
      const startedAt = new Date().toISOString();
      const began = performance.now();
      const result = await probe(request.spec, this.abandon.signal, this.config.probeOptions);
      const tookMs = performance.now() - began;
      this.meanProbeMs = this.meanProbeMs === 0 ? tookMs : this.meanProbeMs * 0.99 + tookMs * 0.01;
      if (this.abandon.signal.aborted) return this.tallyOutcome(request, 'dropped');
      this.tallyOutcome(request, result.state);
      this.time(request, result);
      this.answer(request, startedAt, result);
    } finally {
      release();
    }
  }

  /** How long a request joining the waiting line now would wait for a slot; 0 when none waits. */
  private expectedWaitMs(): number {
    const queued = this.semaphore.queued;
    if (queued === 0) return 0;
    return ((queued + 1) / this.config.concurrency) * this.meanProbeMs;
  }

  /** Counted apart, and answered, so that the cycle's UNKNOWN run says why this location is missing. */
  private drop(request: ProbeRequest, reason: string): void {
    this.tallyOutcome(request, 'dropped');
    const now = new Date().toISOString();
    this.answer(request, now, { state: 'dropped', reason, latencyMs: 0, phases: {} });
  }

  private answer(request: ProbeRequest, startedAt: string, result: ProbeResult): void {
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
    const deadline = Date.parse(request.deadlineAt);
    // Someone waits for a test-now answer; a cycle about to close would count a result still in its batch as missing.
    const urgent = request.urgent === true || deadline - Date.now() <= 2 * this.resultBatch.windowMs;
    this.results.add(request.resultSubject, { message, deadline }, urgent);
  }

  private publishBatch(subject: string, items: Outgoing[]): void {
    const batch: ProbeResultBatch = { results: items.map((item) => item.message) };
    const deadline = Math.max(...items.map((item) => item.deadline));
    const msgId = `${this.config.agentId}.${this.runId}.${++this.batchSeq}`;
    const publishing = this.publishResults(subject, batch, msgId, deadline)
      .catch((error: unknown) => this.logger.error({ err: error, subject, results: items.length }, 'could not publish a batch of probe results'))
      .finally(() => this.publishing.delete(publishing));
    this.publishing.add(publishing);
    this.countTally();
  }

  /**
   * A batch that cannot be published (NATS away) is tried again with backoff, under the same
   * message id (stored once however often it is sent), until the last deadline of its results:
   * delivered if NATS returns in time, otherwise those locations are missing and the cycles
   * UNKNOWN, never a false failure.
   */
  private async publishResults(subject: string, batch: ProbeResultBatch, msgId: string, deadline: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.config.bus.publishDurable(subject, batch, { msgId });
        return;
      } catch (error) {
        const delayMs = jitteredBackoffMs(attempt, 250, 2_000);
        if (Date.now() + delayMs >= deadline || this.abandon.signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  private tallyOutcome(request: ProbeRequest, outcome: Outcome): void {
    const key = `${request.spec.type} ${outcome}`;
    this.tally.set(key, (this.tally.get(key) ?? 0) + 1);
  }

  private countTally(): void {
    const counter = probesTotal();
    for (const [key, count] of this.tally) {
      const [type, outcome] = key.split(' ') as [string, string];
      counter.inc({ location: this.config.location, type, outcome }, count);
    }
    this.tally.clear();
  }

  /** Label sets are resolved once per (type, phase); an observation is then a bucket increment. */
  private time(request: ProbeRequest, result: ProbeResult): void {
    const { dnsMs, connectMs, tlsMs, firstByteMs } = result.phases;
    if (dnsMs !== undefined) this.phaseTimer(request.spec.type, 'dns').observe(dnsMs / 1000);
    if (connectMs !== undefined) this.phaseTimer(request.spec.type, 'connect').observe(connectMs / 1000);
    if (tlsMs !== undefined) this.phaseTimer(request.spec.type, 'tls').observe(tlsMs / 1000);
    if (firstByteMs !== undefined) this.phaseTimer(request.spec.type, 'first_byte').observe(firstByteMs / 1000);
    this.phaseTimer(request.spec.type, 'total').observe(result.latencyMs / 1000);
  }

  private phaseTimer(type: string, phase: string): { observe(seconds: number): void } {
    const key = `${type} ${phase}`;
    let timer = this.phaseTimers.get(key);
    if (!timer) {
      timer = probePhaseSeconds().labels({ location: this.config.location, type, phase });
      this.phaseTimers.set(key, timer);
    }
    return timer;
  }

  private expired(request: ProbeRequest): boolean {
    if (Date.parse(request.deadlineAt) > Date.now()) return false;
    this.logger.debug({ requestId: request.requestId, deadlineAt: request.deadlineAt }, 'dropped a probe request past its deadline');
    return true;
  }
}
