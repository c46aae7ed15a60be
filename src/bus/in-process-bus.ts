import type { Logger } from '../log.js';
import type { Bus, BusHandler, BusSubscription, DurableConsumerOptions, DurablePublishOptions } from './bus.js';
import { compileSubjectPattern, hasWildcard } from './subject-match.js';

interface Subscriber {
  matches: (subject: string) => boolean;
  handler: BusHandler;
  queue: string | undefined;
}

/** A plain-subject delivery waiting for its turn. */
interface PlainDelivery {
  handler: BusHandler;
  subject: string;
  json: string;
}

interface StoredMessage {
  subject: string;
  /** JSON text: every delivery decodes its own copy, as over the wire. */
  json: string;
  storedAt: number;
}

interface Delivery {
  message: StoredMessage;
  attempts: number;
}

interface DurableConsumer {
  filter: string;
  matches: (subject: string) => boolean;
  waiting: Delivery[];
  bindings: BusHandler[];
  nextBinding: number;
  inFlight: number;
  redeliveryTimers: Set<NodeJS.Timeout>;
}

export interface InProcessBusOptions {
  /** Durable messages kept for consumers created later (JetStream's "deliver all"); oldest dropped first. */
  maxStoredMessages?: number;
  maxStoredAgeMs?: number;
  /** First redelivery delay after a handler throws; doubles per attempt up to 30 s. */
  redeliveryDelayMs?: number;
}

/** Durable handlers running at once per consumer: enough to overlap I/O, few enough to stay fair. */
const maxInFlight = 64;
/**
 * Deliveries handled in one turn of the event loop before the rest wait for the next: a burst of
 * thousands of messages then never holds back timers (the engine's schedule) for long.
 */
const turnBudgetMs = 4;
/** How long a `msgId` is remembered: JetStream's default duplicate window. */
const duplicateWindowMs = 120_000;

/**
 * The bus of the single-process `serve` shape, with NATS semantics held in memory: wildcard
 * subjects, queue groups served round-robin, durable consumers that redeliver when a handler
 * throws. Handlers always run on a later tick than the publish, as they would over the network.
 */
export class InProcessBus implements Bus {
  /** Subscriptions without wildcards by their subject, found by one lookup; the wildcard ones are tested one by one. */
  private readonly exact = new Map<string, Set<Subscriber>>();
  private readonly wildcards = new Set<Subscriber>();
  private readonly queueCursor = new Map<string, number>();
  /** Stored durable messages from `storedHead` on; the head moves instead of shifting the array per message. */
  private stored: StoredMessage[] = [];
  private storedHead = 0;
  /** Plain deliveries and durable hand-overs in publish order, drained in turns of at most `turnBudgetMs`. */
  private readonly ready: Array<PlainDelivery | (() => void)> = [];
  private readyHead = 0;
  private drainScheduled = false;
  private readonly consumers = new Map<string, DurableConsumer>();
  private closed = false;
  /** Message ids seen within the duplicate window, oldest first (Map keeps insertion order). */
  private readonly seenIds = new Map<string, number>();
  private readonly maxStoredMessages: number;
  private readonly maxStoredAgeMs: number;
  private readonly redeliveryDelayMs: number;

  constructor(
    private readonly logger: Logger,
    options: InProcessBusOptions = {},
  ) {
    this.maxStoredMessages = options.maxStoredMessages ?? 10_000;
    this.maxStoredAgeMs = options.maxStoredAgeMs ?? 24 * 3600_000;
    this.redeliveryDelayMs = options.redeliveryDelayMs ?? 1000;
  }

  async publish(subject: string, data: unknown): Promise<void> {
    this.assertOpen();
    const json = JSON.stringify(data);
    let groups: Map<string, Subscriber[]> | null = null;
    const consider = (subscriber: Subscriber): void => {
      if (subscriber.queue === undefined) this.deliver(subscriber.handler, subject, json);
      else {
        groups ??= new Map();
        const members = groups.get(subscriber.queue);
        if (members) members.push(subscriber);
        else groups.set(subscriber.queue, [subscriber]);
      }
    };
    const exact = this.exact.get(subject);
    if (exact) for (const subscriber of exact) consider(subscriber);
    for (const subscriber of this.wildcards) if (subscriber.matches(subject)) consider(subscriber);
    if (groups === null) return;
    for (const [queue, members] of groups as Map<string, Subscriber[]>) {
      const cursor = (this.queueCursor.get(queue) ?? 0) % members.length;
      this.queueCursor.set(queue, cursor + 1);
      this.deliver(members[cursor]!.handler, subject, json);
    }
  }

  subscribe(subject: string, handler: BusHandler, options: { queue?: string } = {}): BusSubscription {
    this.assertOpen();
    const subscriber: Subscriber = { matches: compileSubjectPattern(subject), handler, queue: options.queue };
    if (hasWildcard(subject)) this.wildcards.add(subscriber);
    else {
      const same = this.exact.get(subject) ?? new Set<Subscriber>();
      same.add(subscriber);
      this.exact.set(subject, same);
    }
    return {
      stop: async () => {
        this.wildcards.delete(subscriber);
        const same = this.exact.get(subject);
        same?.delete(subscriber);
        if (same?.size === 0) this.exact.delete(subject);
      },
    };
  }

  async publishDurable(subject: string, data: unknown, options: DurablePublishOptions = {}): Promise<void> {
    this.assertOpen();
    if (options.msgId !== undefined && this.isDuplicate(options.msgId)) return;
    const message: StoredMessage = { subject, json: JSON.stringify(data), storedAt: Date.now() };
    this.stored.push(message);
    this.trimStore();
    for (const consumer of this.consumers.values()) {
      if (!consumer.matches(subject)) continue;
      consumer.waiting.push({ message, attempts: 0 });
      this.pump(consumer);
    }
  }

  consumeDurable(options: DurableConsumerOptions, handler: BusHandler): BusSubscription {
    this.assertOpen();
    const consumer = this.consumerOf(options);
    consumer.bindings.push(handler);
    this.pump(consumer);
    return {
      stop: async () => {
        consumer.bindings = consumer.bindings.filter((bound) => bound !== handler);
      },
    };
  }

  /** Always answers: the bus lives in this process. */
  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.closed = true;
    this.exact.clear();
    this.wildcards.clear();
    this.ready.length = 0;
    this.readyHead = 0;
    for (const consumer of this.consumers.values()) {
      for (const timer of consumer.redeliveryTimers) clearTimeout(timer);
      consumer.bindings = [];
    }
  }

  private consumerOf(options: DurableConsumerOptions): DurableConsumer {
    const existing = this.consumers.get(options.durable);
    if (existing) return existing;
    this.trimStore();
    // A new durable starts with every stored message it matches, as JetStream's deliver-all does.
    const matches = compileSubjectPattern(options.filter);
    const consumer: DurableConsumer = {
      filter: options.filter,
      matches,
      waiting: this.stored
        .slice(this.storedHead)
        .filter((message) => matches(message.subject))
        .map((message) => ({ message, attempts: 0 })),
      bindings: [],
      nextBinding: 0,
      inFlight: 0,
      redeliveryTimers: new Set(),
    };
    this.consumers.set(options.durable, consumer);
    return consumer;
  }

  /** Hands waiting messages to bound handlers, round-robin, at most `maxInFlight` at once. */
  private pump(consumer: DurableConsumer): void {
    while (!this.closed && consumer.bindings.length > 0 && consumer.inFlight < maxInFlight && consumer.waiting.length > 0) {
      const delivery = consumer.waiting.shift()!;
      const handler = consumer.bindings[consumer.nextBinding++ % consumer.bindings.length]!;
      consumer.inFlight++;
      delivery.attempts++;
      this.enqueue(() => {
        const settled = (): void => {
          consumer.inFlight--;
          this.pump(consumer);
        };
        const pending = this.handleDurable(consumer, handler, delivery);
        if (pending) void pending.then(settled);
        else settled();
      });
    }
  }

  /** Null when a synchronous handler finished; a promise when the handler's own promise is still out. */
  private handleDurable(consumer: DurableConsumer, handler: BusHandler, delivery: Delivery): Promise<void> | null {
    try {
      const pending = handler(delivery.message.subject, JSON.parse(delivery.message.json));
      if (!pending) return null;
      return Promise.resolve(pending).then(
        () => undefined,
        (error: unknown) => this.redeliver(consumer, delivery, error),
      );
    } catch (error) {
      this.redeliver(consumer, delivery, error);
      return null;
    }
  }

  private redeliver(consumer: DurableConsumer, delivery: Delivery, error: unknown): void {
    const delay = Math.min(30_000, this.redeliveryDelayMs * 2 ** (delivery.attempts - 1));
    this.logger.warn({ err: error, subject: delivery.message.subject, attempts: delivery.attempts, delay }, 'durable handler failed; redelivering');
    const timer = setTimeout(() => {
      consumer.redeliveryTimers.delete(timer);
      consumer.waiting.push(delivery);
      this.pump(consumer);
    }, delay);
    consumer.redeliveryTimers.add(timer);
  }

  private deliver(handler: BusHandler, subject: string, json: string): void {
    this.enqueue({ handler, subject, json });
  }

  /** Queues work for a later turn: handlers never run inside the publish, as over the network. */
  private enqueue(work: PlainDelivery | (() => void)): void {
    this.ready.push(work);
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    setImmediate(this.drain);
  }

  private readonly drain = (): void => {
    this.drainScheduled = false;
    const until = performance.now() + turnBudgetMs;
    let handled = 0;
    while (!this.closed && this.readyHead < this.ready.length) {
      const work = this.ready[this.readyHead]!;
      this.ready[this.readyHead++] = undefined as never;
      if (typeof work === 'function') work();
      else this.runPlain(work);
      // The clock is read every few deliveries only: reading it costs more than a delivery.
      if (++handled % 16 === 0 && performance.now() >= until) break;
    }
    if (this.readyHead >= this.ready.length) {
      this.ready.length = 0;
      this.readyHead = 0;
    } else {
      if (this.readyHead > 4096) {
        this.ready.splice(0, this.readyHead);
        this.readyHead = 0;
      }
      this.drainScheduled = true;
      setImmediate(this.drain);
    }
  };

  private runPlain({ handler, subject, json }: PlainDelivery): void {
    const fail = (error: unknown): void => this.logger.error({ err: error, subject }, 'bus handler failed');
    try {
      const pending = handler(subject, JSON.parse(json));
      if (pending) Promise.resolve(pending).catch(fail);
    } catch (error) {
      fail(error);
    }
  }

  /** True when `msgId` was published within the duplicate window; remembers it otherwise. */
  private isDuplicate(msgId: string): boolean {
    const now = Date.now();
    for (const [id, at] of this.seenIds) {
      if (at > now - duplicateWindowMs) break;
      this.seenIds.delete(id);
    }
    if (this.seenIds.has(msgId)) return true;
    this.seenIds.set(msgId, now);
    return false;
  }

  private trimStore(): void {
    const oldest = Date.now() - this.maxStoredAgeMs;
    let head = Math.max(this.storedHead, this.stored.length - this.maxStoredMessages);
    while (head < this.stored.length && this.stored[head]!.storedAt < oldest) head++;
    this.storedHead = head;
    // Compacts once the dropped prefix outgrows what is kept, so trimming costs O(1) per message on average.
    if (head > 1024 && head * 2 > this.stored.length) {
      this.stored = this.stored.slice(head);
      this.storedHead = 0;
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('bus is closed');
  }
}
