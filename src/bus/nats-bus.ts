import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { Logger } from '../log.js';
import type { Bus, BusHandler, BusSubscription, DurableConsumerOptions, DurablePublishOptions } from './bus.js';
import { subjectMatches } from './subject-match.js';
import { durableStreams } from './subjects.js';

export interface NatsBusOptions {
  servers: string[];
  /** Connection name shown by the NATS server's monitoring. */
  name?: string;
  /**
   * The installation (`VANTAGE_CLUSTER_NAME`): prefixes every subject (`<namespace>.vantage.…`),
   * queue group and stream name, so several installations, or test runs, share one NATS without
   * seeing each other's messages. Durable consumers live in the installation's own streams.
   */
  namespace: string;
  /** How long streams keep messages that no consumer has acknowledged. */
  streamMaxAgeMs?: number;
  /** First redelivery delay after a durable handler throws; doubles per attempt up to 30 s. */
  redeliveryDelayMs?: number;
}

/** Durable handlers running at once per binding: overlaps I/O while keeping pulls bounded. */
const maxInFlight = 64;
const maxRedeliveryDelayMs = 30_000;
/** A handler slower than this is presumed dead and its message goes to another binding. */
const ackWaitMs = 60_000;

const isApiError = (error: unknown, code: number): boolean => error instanceof JetStreamApiError && error.code === code;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The bus over NATS: core subjects (with queue groups) for at-most-once messages, JetStream
 * streams with durable pull consumers for at-least-once ones. Messages travel as JSON.
 * Written for NATS server 2.9: no subject transforms or priority groups are used.
 */
export class NatsBus implements Bus {
  private readonly bindings = new Set<{ stop(): Promise<void> }>();

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly logger: Logger,
    private readonly options: NatsBusOptions,
  ) {}

  /** Connects and makes sure every stream of `durableStreams` exists. */
  static async connect(options: NatsBusOptions, logger: Logger): Promise<NatsBus> {
    // A NATS that is away at start (an outage, a process restarted during one) is waited for, not a reason to exit.
    const nc = await connect({ servers: options.servers, name: options.name ?? 'vantage', maxReconnectAttempts: -1, waitOnFirstConnect: true });
    try {
      const jsm = await jetstreamManager(nc);
      const bus = new NatsBus(nc, jetstream(nc), jsm, logger, options);
      await bus.ensureStreams();
      return bus;
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  async ping(): Promise<void> {
    await this.nc.rtt();
  }

  async publish(subject: string, data: unknown): Promise<void> {
    this.nc.publish(this.outward(subject), JSON.stringify(data));
  }

  subscribe(subject: string, handler: BusHandler, options: { queue?: string } = {}): BusSubscription {
    const subscription = this.nc.subscribe(this.outward(subject), {
      // A queue group of another installation on the same subject would take half of our messages.
      ...(options.queue ? { queue: this.outward(options.queue) } : {}),
      callback: (error, message) => {
        if (error) return void this.logger.error({ err: error, subject }, 'subscription failed');
        const inward = this.inward(message.subject);
        Promise.resolve()
          .then(() => handler(inward, message.json()))
          .catch((failure: unknown) => this.logger.error({ err: failure, subject: inward }, 'bus handler failed'));
      },
    });
    return {
      stop: async () => {
        if (!subscription.isClosed()) subscription.unsubscribe();
      },
    };
  }

  async publishDurable(subject: string, data: unknown, options: DurablePublishOptions = {}): Promise<void> {
    // With a msgId the stream stores a retried publish once (Nats-Msg-Id, within its duplicate window).
    await this.js.publish(this.outward(subject), JSON.stringify(data), options.msgId === undefined ? undefined : { msgID: options.msgId });
  }

  consumeDurable(options: DurableConsumerOptions, handler: BusHandler): BusSubscription {
    const binding = new DurableBinding(
      {
        open: () => this.openConsumer(options),
        inward: (subject) => this.inward(subject),
        redeliveryDelay: (deliveries) => this.redeliveryDelay(deliveries),
        logger: this.logger.child({ durable: options.durable }),
      },
      handler,
    );
    this.bindings.add(binding);
    binding.start();
    return {
      stop: async () => {
        this.bindings.delete(binding);
        await binding.stop();
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.bindings].map((binding) => binding.stop()));
    this.bindings.clear();
    if (this.nc.isClosed()) return;
    // Draining hands the subscriptions back through the server. With NATS away it fails, and the
    // client would go on reconnecting, timers and all, in a process that is stopping.
    await this.nc.drain().catch(async () => {
      if (!this.nc.isClosed()) await this.nc.close();
    });
  }

  private async openConsumer(options: DurableConsumerOptions): Promise<ConsumerMessages> {
    const stream = this.streamFor(options.filter);
    const filter = this.outward(options.filter);
    try {
      const info = await this.jsm.consumers.info(stream, options.durable);
      if (info.config.filter_subject !== filter) await this.jsm.consumers.update(stream, options.durable, { filter_subject: filter });
    } catch (error) {
      if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
      await this.jsm.consumers.add(stream, {
        durable_name: options.durable,
        filter_subject: filter,
        ack_policy: AckPolicy.Explicit,
        // A new durable sees what the stream already holds: nothing published before it is lost.
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(ackWaitMs),
        max_ack_pending: 10_000,
      });
    }
    const consumer = await this.js.consumers.get(stream, options.durable);
    return consumer.consume({ max_messages: maxInFlight });
  }

  /** The subject as the caller knows it. */
  private inward(subject: string): string {
    return subject.slice(this.options.namespace.length + 1);
  }

  private redeliveryDelay(deliveryCount: number): number {
    return Math.min(maxRedeliveryDelayMs, (this.options.redeliveryDelayMs ?? 1000) * 2 ** Math.max(0, deliveryCount - 1));
  }

  private outward(subject: string): string {
    return `${this.options.namespace}.${subject}`;
  }

  private streamName(name: string): string {
    return `${this.options.namespace.toUpperCase().replace(/[^A-Z0-9_-]/g, '_')}_${name}`;
  }

  private streamFor(filter: string): string {
    const stream = durableStreams.find((candidate) => candidate.subjects.some((subjects) => subjectMatches(subjects, filter)));
    if (!stream) throw new Error(`no durable stream holds ${filter}`);
    return this.streamName(stream.name);
  }

  private async ensureStreams(): Promise<void> {
    for (const stream of durableStreams) {
      const name = this.streamName(stream.name);
      const subjects = stream.subjects.map((subject) => this.outward(subject));
      const maxAge = nanos(this.options.streamMaxAgeMs ?? 24 * 3600_000);
      try {
        const info = await this.jsm.streams.info(name);
        if (info.config.subjects.join() !== subjects.join() || info.config.max_age !== maxAge) {
          await this.jsm.streams.update(name, { subjects, max_age: maxAge });
        }
      } catch (error) {
        if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
        await this.jsm.streams.add({
          name,
          subjects,
          storage: StorageType.File,
          retention: RetentionPolicy.Limits,
          discard: DiscardPolicy.Old,
          max_age: maxAge,
          num_replicas: 1,
        });
      }
    }
  }
}

/**
 * One `consumeDurable` binding: pulls from the durable consumer, runs the handler with bounded
 * concurrency, acks on success and naks with a growing delay on failure. Re-binds after errors
 * (a consumer deleted, a reconnect) until stopped.
 */
interface DurableBindingDeps {
  open(): Promise<ConsumerMessages>;
  inward(subject: string): string;
  redeliveryDelay(deliveries: number): number;
  logger: Logger;
}

class DurableBinding {
  private messages: ConsumerMessages | null = null;
  private stopped = false;
  private loop: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: DurableBindingDeps,
    private readonly handler: BusHandler,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.messages?.stop();
    await this.loop;
    await Promise.all(this.inFlight);
  }

  private async run(): Promise<void> {
    let backoff = 100;
    while (!this.stopped) {
      try {
        this.messages = await this.deps.open();
        if (this.stopped) this.messages.stop();
        backoff = 100;
        for await (const message of this.messages) {
          const handling = this.handle(message).finally(() => this.inFlight.delete(handling));
          this.inFlight.add(handling);
          if (this.inFlight.size >= maxInFlight) await Promise.race(this.inFlight);
        }
      } catch (error) {
        if (this.stopped) break;
        this.deps.logger.warn({ err: error }, 'durable consumer failed; binding again');
      }
      if (!this.stopped) await sleep(backoff);
      backoff = Math.min(backoff * 2, 5000);
    }
  }

  private async handle(message: JsMsg): Promise<void> {
    const subject = this.deps.inward(message.subject);
    try {
      await this.handler(subject, message.json());
      message.ack();
    } catch (error) {
      const delay = this.deps.redeliveryDelay(message.info.deliveryCount);
      this.deps.logger.warn({ err: error, subject, deliveries: message.info.deliveryCount, delay }, 'durable handler failed; redelivering');
      message.nak(delay);
    }
  }
}
