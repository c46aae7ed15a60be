import type { Logger } from '../log.js';
import type { Bus, BusHandler, BusSubscription, DurableConsumerOptions } from './bus.js';
import { subjectMatches } from './subject-match.js';

interface Subscriber {
  pattern: string;
  handler: BusHandler;
  queue: string | undefined;
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
 * The bus of the single-process `serve` shape, with NATS semantics held in memory: wildcard
 * subjects, queue groups served round-robin, durable consumers that redeliver when a handler
 * throws. Handlers always run on a later tick than the publish, as they would over the network.
 */
export class InProcessBus implements Bus {
  private readonly subscribers = new Set<Subscriber>();
  private readonly queueCursor = new Map<string, number>();
  private readonly stored: StoredMessage[] = [];
  private readonly consumers = new Map<string, DurableConsumer>();
  private closed = false;
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
    const groups = new Map<string, Subscriber[]>();
    for (const subscriber of this.subscribers) {
      if (!subjectMatches(subscriber.pattern, subject)) continue;
      if (subscriber.queue === undefined) this.deliver(subscriber.handler, subject, json);
      else groups.set(subscriber.queue, [...(groups.get(subscriber.queue) ?? []), subscriber]);
    }
    for (const [queue, members] of groups) {
      const cursor = (this.queueCursor.get(queue) ?? 0) % members.length;
      this.queueCursor.set(queue, cursor + 1);
      this.deliver(members[cursor]!.handler, subject, json);
    }
  }

  subscribe(subject: string, handler: BusHandler, options: { queue?: string } = {}): BusSubscription {
    this.assertOpen();
    const subscriber: Subscriber = { pattern: subject, handler, queue: options.queue };
    this.subscribers.add(subscriber);
    return { stop: async () => void this.subscribers.delete(subscriber) };
  }

  async publishDurable(subject: string, data: unknown): Promise<void> {
    this.assertOpen();
    const message: StoredMessage = { subject, json: JSON.stringify(data), storedAt: Date.now() };
    this.stored.push(message);
    this.trimStore();
    for (const consumer of this.consumers.values()) {
      if (!subjectMatches(consumer.filter, subject)) continue;
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

  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
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
    const consumer: DurableConsumer = {
      filter: options.filter,
      waiting: this.stored.filter((message) => subjectMatches(options.filter, message.subject)).map((message) => ({ message, attempts: 0 })),
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
      setImmediate(() => {
        this.handleDurable(consumer, handler, delivery).finally(() => {
          consumer.inFlight--;
          this.pump(consumer);
        });
      });
    }
  }

  private async handleDurable(consumer: DurableConsumer, handler: BusHandler, delivery: Delivery): Promise<void> {
    try {
      await handler(delivery.message.subject, JSON.parse(delivery.message.json));
    } catch (error) {
      const delay = Math.min(30_000, this.redeliveryDelayMs * 2 ** (delivery.attempts - 1));
      this.logger.warn({ err: error, subject: delivery.message.subject, attempts: delivery.attempts, delay }, 'durable handler failed; redelivering');
      const timer = setTimeout(() => {
        consumer.redeliveryTimers.delete(timer);
        consumer.waiting.push(delivery);
        this.pump(consumer);
      }, delay);
      consumer.redeliveryTimers.add(timer);
    }
  }

  private deliver(handler: BusHandler, subject: string, json: string): void {
    setImmediate(() => {
      if (this.closed) return;
      Promise.resolve()
        .then(() => handler(subject, JSON.parse(json)))
        .catch((error: unknown) => this.logger.error({ err: error, subject }, 'bus handler failed'));
    });
  }

  private trimStore(): void {
    const oldest = Date.now() - this.maxStoredAgeMs;
    let drop = Math.max(0, this.stored.length - this.maxStoredMessages);
    while (drop < this.stored.length && this.stored[drop]!.storedAt < oldest) drop++;
    if (drop > 0) this.stored.splice(0, drop);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('bus is closed');
  }
}
